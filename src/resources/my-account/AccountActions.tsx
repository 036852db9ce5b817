/**
 * The Details tab's footer (spec 2 §My account, §8): Reset Password (sends the reset link as a notification),
 * Remove from company and Delete Account (after a confirmation, then signed out), Privacy Policy (a dialog),
 * Default Settings (restores the notification defaults, after a confirmation) and Logout All Devices ('Are you
 * sure you want to logout from all devices?', then the session ends on every device, this one included).
 */
import { useInvalidate } from '@refinedev/core';
import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirmation } from '@/components/useConfirmation';
import { apiRequest } from '@/providers/http-client';
import { session } from '@/providers/session';

type Outcome = { type: 'success' | 'error'; text: string } | null;

export function AccountActions() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const confirmation = useConfirmation();
  const invalidate = useInvalidate();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [privacyOpen, setPrivacyOpen] = useState(false);

  const run = (method: 'GET' | 'POST' | 'DELETE', path: string) => apiRequest(path, { method });

  const signedOutEverywhere = async () => {
    session.signOut('logout');
    await navigate('/login', { replace: true });
  };

  const attempt = (action: () => Promise<void>) => async () => {
    setOutcome(null);
    try {
      await action();
    } catch {
      setOutcome({ type: 'error', text: t('actions.failed') });
    }
  };

  const resetPassword = attempt(async () => {
    await run('POST', '/my-account/reset-password');
    setOutcome({ type: 'success', text: t('actions.resetSent') });
  });

  const ask = (key: string, danger: boolean, action: () => Promise<void>) =>
    confirmation.ask({
      text: t(`confirm.${key}`),
      confirmLabel: t(`confirm.${key}Button`),
      danger,
      run: attempt(action),
    });

  return (
    <footer className="account-actions">
      {outcome && (
        <Alert type={outcome.type} showIcon message={outcome.text} role="status" className="account-banner" />
      )}
      <nav aria-label={t('actions.label')} className="account-actions__links">
        <Button type="link" onClick={() => void resetPassword()}>
          {t('actions.resetPassword')}
        </Button>
        <Button
          type="link"
          danger
          onClick={() =>
            ask('removeFromCompany', true, async () => {
              await run('DELETE', '/my-account/membership');
              await signedOutEverywhere();
            })
          }
        >
          {t('actions.removeFromCompany')}
        </Button>
        <Button type="link" onClick={() => setPrivacyOpen(true)}>
          {t('actions.privacyPolicy')}
        </Button>
        <Button
          type="link"
          onClick={() =>
            ask('defaultSettings', false, async () => {
              await run('POST', '/my-account/default-settings');
              await invalidate({ invalidates: ['all'] });
              setOutcome({ type: 'success', text: t('actions.defaultsRestored') });
            })
          }
        >
          {t('actions.defaultSettings')}
        </Button>
        <Button
          type="link"
          danger
          onClick={() =>
            ask('deleteAccount', true, async () => {
              await run('DELETE', '/my-account');
              await signedOutEverywhere();
            })
          }
        >
          {t('actions.deleteAccount')}
        </Button>
        <Button
          type="link"
          danger
          onClick={() =>
            ask('logoutAll', true, async () => {
              await run('GET', '/logout-all');
              await signedOutEverywhere();
            })
          }
        >
          {t('actions.logoutAll')}
        </Button>
      </nav>
      <Modal
        open={privacyOpen}
        title={t('privacy.title')}
        onCancel={() => setPrivacyOpen(false)}
        footer={<Button onClick={() => setPrivacyOpen(false)}>{t('privacy.close')}</Button>}
      >
        <p>{t('privacy.collect')}</p>
        <p>{t('privacy.use')}</p>
        <p>{t('privacy.rights')}</p>
      </Modal>
      {confirmation.dialog}
    </footer>
  );
}

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

  const attempt = (action: () => Promise<void>) => async () => {
    setOutcome(null);
    try {
      await action();
    } catch {
      setOutcome({ type: 'error', text: t('actions.failed') });
    }
  };

  const ask = (key: string, danger: boolean, action: () => Promise<void>) => () =>
    confirmation.ask({
      text: t(`confirm.${key}`),
      confirmLabel: t(`confirm.${key}Button`),
      danger,
      run: attempt(action),
    });
  /** The call, then signed out (on every device). */
  const leave = (method: 'GET' | 'DELETE', path: string) => async () => {
    await apiRequest(path, { method });
    session.signOut('logout');
    await navigate('/login', { replace: true });
  };

  // The footer's links in their order: each one's text key, whether it is dangerous, and what it does.
  const links: Array<[string, boolean, () => unknown]> = [
    [
      'resetPassword',
      false,
      attempt(async () => {
        await apiRequest('/my-account/reset-password', { method: 'POST' });
        setOutcome({ type: 'success', text: t('actions.resetSent') });
      }),
    ],
    ['removeFromCompany', true, ask('removeFromCompany', true, leave('DELETE', '/my-account/membership'))],
    ['privacyPolicy', false, () => setPrivacyOpen(true)],
    [
      'defaultSettings',
      false,
      ask('defaultSettings', false, async () => {
        await apiRequest('/my-account/default-settings', { method: 'POST' });
        await invalidate({ invalidates: ['all'] });
        setOutcome({ type: 'success', text: t('actions.defaultsRestored') });
      }),
    ],
    ['deleteAccount', true, ask('deleteAccount', true, leave('DELETE', '/my-account'))],
    ['logoutAll', true, ask('logoutAll', true, leave('GET', '/logout-all'))],
  ];

  return (
    <footer className="account-actions">
      {outcome && (
        <Alert type={outcome.type} showIcon message={outcome.text} role="status" className="account-banner" />
      )}
      <nav aria-label={t('actions.label')} className="account-actions__links">
        {links.map(([key, danger, act]) => (
          <Button key={key} type="link" danger={danger} onClick={() => void act()}>
            {t(`actions.${key}`)}
          </Button>
        ))}
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

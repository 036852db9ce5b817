/**
 * The dismissible warning shown when the user's design-software (Autodesk) account is not connected or must be
 * reconnected; it leads to the profile settings (spec 1 §2.4).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@shared/session';
import { Alert } from '@/ui/Alert';
import { LinkButton } from './LinkButton';

export function designSoftwareProblem(user: SessionUser | undefined): 'notConnected' | 'reconnect' | null {
  if (!user) return null;
  if (user.autodesk_connected === false) return 'notConnected';
  if (user.autodesk_scope_outdated === true) return 'reconnect';
  return null;
}

export function DesignSoftwareWarning({ user }: { user: SessionUser | undefined }) {
  const { t } = useTranslation('dashboard');
  const [dismissed, setDismissed] = useState(false);
  const problem = designSoftwareProblem(user);
  if (!problem || dismissed) return null;

  return (
    <Alert
      type="warning"
      role="alert"
      className="dashboard-warning"
      message={t(`designSoftware.${problem}.title`)}
      description={
        <>
          <p className="dashboard-warning-text">{t(`designSoftware.${problem}.text`)}</p>
          <LinkButton size="small" to="/user/profile?tab=settings">
            {t('designSoftware.action')}
          </LinkButton>
        </>
      }
      closable={{ label: t('designSoftware.dismiss'), onClose: () => setDismissed(true) }}
    />
  );
}

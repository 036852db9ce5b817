/**
 * The dismissible warning shown when the user's design-software (Autodesk) account is not connected or must be
 * reconnected; it leads to the profile settings (spec 1 §2.4). Issue 31: it shows only where connecting is
 * possible, the company's Autodesk integration being on (the session user's `autodesk_integration`; My account's
 * Autodesk card shows on the same condition, spec 2 §2), and a dismissal is kept on the server per user
 * (`PATCH /my-account/preferences`), so it stays dismissed after a reload and on the user's other devices. A
 * dismissal covers the problem it was shown for: a later need to reconnect warns again. Until the server has it (the
 * write under way, or failed), the browser keeps it too, so a quick reload does not bring the warning back.
 */
import { useCustomMutation } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignSoftwareProblem, SessionUser, UserPreferences } from '@shared/session';
import { session } from '@/providers/session';
import { Alert } from '@/ui/Alert';
import { LinkButton } from './LinkButton';

export const PREFERENCES_PATH = '/my-account/preferences';

export function designSoftwareProblem(user: SessionUser | undefined): DesignSoftwareProblem | null {
  if (!user?.autodesk_integration) return null;
  if (user.autodesk_connected === false) return 'notConnected';
  if (user.autodesk_scope_outdated === true) return 'reconnect';
  return null;
}

/** The dismissal this browser made for a user, kept until the server's preference holds it. */
const dismissalKey = (user: SessionUser) => `design-software-warning-dismissed:${user.id}`;

function readLocalDismissal(user: SessionUser | undefined): string | null {
  try {
    return user ? localStorage.getItem(dismissalKey(user)) : null;
  } catch {
    return null;
  }
}

function keepLocalDismissal(user: SessionUser, problem: DesignSoftwareProblem | null): void {
  try {
    if (problem) localStorage.setItem(dismissalKey(user), problem);
    else localStorage.removeItem(dismissalKey(user));
  } catch {
    // No storage (private mode): the server's preference alone keeps it.
  }
}

export function DesignSoftwareWarning({ user }: { user: SessionUser | undefined }) {
  const { t } = useTranslation('dashboard');
  const [dismissed, setDismissed] = useState<string | null>(() => readLocalDismissal(user));
  const { mutate } = useCustomMutation<{ data: UserPreferences }>();
  const problem = designSoftwareProblem(user);
  const kept = user?.preferences?.dismissed_design_software_warning ?? null;
  if (!problem || problem === dismissed || problem === kept) return null;

  const dismiss = () => {
    setDismissed(problem);
    if (user) keepLocalDismissal(user, problem);
    mutate(
      {
        url: PREFERENCES_PATH,
        method: 'patch',
        values: { dismissed_design_software_warning: problem },
        successNotification: false,
        errorNotification: false,
      },
      // The session user carries the preference from then on (another visit of the dashboard, the next load).
      {
        onSuccess: () => {
          if (user) keepLocalDismissal(user, null);
          void session.revalidate();
        },
      },
    );
  };

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
      closable={{ label: t('designSoftware.dismiss'), onClose: dismiss }}
    />
  );
}

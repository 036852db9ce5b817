/** A user's name with their profile image (initials without one), and 'Invited' while an invitation is open. */
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/ui/Avatar';
import './user-name-cell.css';

export function UserNameCell({
  user,
}: {
  user: { name: string; profile_image: string | null; invitation_pending?: boolean };
}) {
  const { t } = useTranslation('securityUsers');
  return (
    <span className="user-name-cell">
      <Avatar name={user.name} src={user.profile_image} alt="" size="small" />
      <span className="user-name-cell__text">
        <span>{user.name}</span>
        {user.invitation_pending && (
          <span className="user-name-cell__invited" title={t('invitationPendingHint')}>
            {t('invitationPending')}
          </span>
        )}
      </span>
    </span>
  );
}

/** A user's name with their profile image (initials without one). */
import { Avatar } from '@/ui/Avatar';
import './users.css';

export function UserNameCell({ user }: { user: { name: string; profile_image: string | null } }) {
  return (
    <span className="user-name-cell">
      <Avatar name={user.name} src={user.profile_image} alt="" size="small" />
      <span>{user.name}</span>
    </span>
  );
}

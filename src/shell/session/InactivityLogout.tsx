/** Without remember-me, 30 minutes without activity log the user out (spec 1 §4). */
import { useLogout } from '@refinedev/core';
import { useEffect } from 'react';
import { startInactivityTimer } from '@/lib/inactivity';
import { useSession } from './useSession';

export function InactivityLogout() {
  const { auth, remembered } = useSession();
  const { mutate: logout } = useLogout();
  const watching = !!auth && !remembered;
  useEffect(
    () => (watching ? startInactivityTimer({ onTimeout: () => logout() }) : undefined),
    [watching, logout],
  );
  return null;
}

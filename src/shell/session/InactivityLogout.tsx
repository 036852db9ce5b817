/** Without remember-me, 30 minutes without activity log the user out (spec 1 §4), on any screen. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { startInactivityTimer } from '@/lib/inactivity';
import { authProvider } from '@/providers/auth-provider';
import { useSession } from '@/providers/useSession';

export function InactivityLogout() {
  const { auth, remembered } = useSession();
  const navigate = useNavigate();
  const watching = !!auth && !remembered;
  useEffect(() => {
    if (!watching) return undefined;
    const logout = async () => {
      // Without an answer the user stays signed in (spec 1 §4); the auth provider then leaves the session alone.
      const result = await authProvider.logout({});
      if (result.success) await navigate(result.redirectTo ?? '/login', { replace: true });
    };
    return startInactivityTimer({ onTimeout: () => void logout() });
  }, [watching, navigate]);
  return null;
}

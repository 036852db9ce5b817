/**
 * The root of the router: shown once the session check, the tenant lookup and the translations have finished
 * (the loading screen until then), with the inactivity logout watching every screen. It holds only what every screen needs, so the
 * sign-in page loads nothing else: refine, its providers and antd come with the signed-in screens (`RefineRoot`).
 * A route change whose screen is slow to load shows a bar along the top (`RouteProgress`), on every screen.
 */
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NavigationHistory } from '@/components/navigation-history';
import { PORTAL_NAMESPACES } from '@/providers/i18n';
import { InactivityLogout } from '@/shell/session/InactivityLogout';
import { useSession } from '@/providers/useSession';
import { LoadingScreen } from '@/shell/states/LoadingScreen';
import { RouteProgress } from '@/shell/routes/RouteProgress';
import { useTenant } from '@/shell/tenant/TenantContext';

export function PortalRoot() {
  const { ready } = useSession();
  const tenant = useTenant();
  // No screen shows before its texts: every namespace was asked for at start (a failed one counts as done).
  const { ready: textsReady } = useTranslation(PORTAL_NAMESPACES);
  return (
    <>
      {/* Notes where each screen was opened from (Cancel goes back only to a portal screen), from the start. */}
      <NavigationHistory />
      {!ready || !tenant.ready || !textsReady ? (
        <LoadingScreen />
      ) : (
        <>
          <InactivityLogout />
          <RouteProgress />
          <Outlet />
        </>
      )}
    </>
  );
}

/**
 * The login-protected route (spec 1 §2.7): without a session, to /login with the requested path in `?to=`;
 * then the matched route's guard (not found, /portal, /unauthorized); then its child route, the signed-in
 * layout (`ShellLayoutRoute`, loaded with the page) around the page.
 */
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { deployment } from '@/lib/runtime-config';
import { useSession } from '@/providers/useSession';
import { NotFoundScreen } from '@/shell/states/NotFoundScreen';
import { evaluateGuard, GUARD_REDIRECTS } from '@/lib/route-guards';
import type { RouteEntry } from './route-entry';

export interface RouteHandle {
  entry: RouteEntry;
}

const entryOf = (handle: unknown) => (handle as RouteHandle | undefined)?.entry;

export function ProtectedLayout() {
  const { auth, ended } = useSession();
  const location = useLocation();
  const entry = entryOf(useMatches().at(-1)?.handle);

  if (!auth) {
    // Back to the requested page after signing in, unless the user logged out on purpose.
    const to = `${location.pathname}${location.search}`;
    const keep = to !== '/' && ended !== 'logout';
    return <Navigate to={keep ? `/login?to=${encodeURIComponent(to)}` : '/login'} replace />;
  }
  const outcome = evaluateGuard(entry?.guard, auth.user, deployment.host.platform);
  if (outcome === 'not-found') return <NotFoundScreen />;
  if (outcome !== 'allow') return <Navigate to={GUARD_REDIRECTS[outcome]} replace />;
  return <Outlet />;
}

/**
 * The router's route objects: the portal root (refine and its providers) with the route-error handler; the
 * public routes /login, /portal, /unauthorized; the protected layout with every entry of the route table;
 * and not-found for anything else.
 */
import type { RouteObject } from 'react-router';
import { LoginPage } from '@/shell/login/LoginPage';
import { PortalRoot } from '@/shell/PortalRoot';
import { NotFoundScreen } from '@/shell/states/NotFoundScreen';
import { RouteErrorScreen } from '@/shell/states/RouteErrorScreen';
import { ComingSoonPage } from './ComingSoonPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { PortalPage } from './PortalPage';
import { UnauthorizedPage } from './UnauthorizedPage';
import { ProtectedLayout, type RouteHandle } from './ProtectedLayout';
import { ROUTE_TABLE, type RouteEntry } from './route-table';

function screenRoute(entry: RouteEntry): RouteObject {
  const Page = entry.component;
  const element = Page ? <Page /> : <ComingSoonPage screen={entry.screen} />;
  const handle: RouteHandle = { entry };
  return entry.path ? { path: entry.path, element, handle } : { index: true, element, handle };
}

export const portalRoutes: RouteObject[] = [
  {
    element: <PortalRoot />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/portal', element: <PortalPage /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      { element: <ProtectedLayout />, children: ROUTE_TABLE.map(screenRoute) },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

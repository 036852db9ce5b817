/**
 * The router's route objects: the portal root (session and tenant ready) with the route-error handler; the
 * public routes (shared/public-screens.ts: /login, /forgot-password, /reset-password, /invitation, /unauthorized;
 * a share link's page, /shared/{token}; and a version's AR page, /ar/{table}/{uuid});
 * refine's root (refine, its providers and antd's theme) around /portal and the login-protected routes; and
 * not-found for anything else.
 *
 * Route-level code splitting: every page, the signed-in layout and refine's root are loaded by their route's
 * `lazy`, which the router starts as soon as it matches the location, all at once and on the first page together
 * with the session check, the tenant lookup and the translations. The route table itself (with the resource
 * declarations) is patched in under the protected route the first time a location needs it.
 */
import type { ComponentType } from 'react';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { SHARED_PAGE_PATH } from '@shared/entities/share-link-values';
import { AR_PAGE_PATH, PUBLIC_SCREENS } from '@shared/public-screens';
import { PortalRoot } from '@/shell/PortalRoot';
import { LoadingScreen } from '@/shell/states/LoadingScreen';
import { NotFoundScreen } from '@/shell/states/NotFoundScreen';
import { RouteErrorScreen } from '@/shell/states/RouteErrorScreen';
import { firstOverviewAt } from './first-screen';
import { ProtectedLayout } from './ProtectedLayout';
import {
  loadDashboardPage,
  loadListPage,
  loadOverviewPage,
  loadRefineRoot,
  loadShellLayout,
} from './shared-chunks';

/** A route's `lazy` that loads a module and renders one of its components. */
const lazyComponent =
  <TModule,>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const PROTECTED_ROUTE_ID = 'protected';

export const portalRoutes: RouteObject[] = [
  {
    element: <PortalRoot />,
    errorElement: <RouteErrorScreen />,
    // While the first page's chunks load.
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        path: PUBLIC_SCREENS.login,
        lazy: lazyComponent(
          () => import('@/shell/login/LoginPage'),
          (module) => module.LoginPage,
        ),
      },
      {
        path: PUBLIC_SCREENS.forgotPassword,
        lazy: lazyComponent(
          () => import('@/shell/login/ForgotPasswordPage'),
          (module) => module.ForgotPasswordPage,
        ),
      },
      {
        path: PUBLIC_SCREENS.resetPassword,
        lazy: lazyComponent(
          () => import('@/shell/login/ResetPasswordPage'),
          (module) => module.ResetPasswordPage,
        ),
      },
      {
        path: PUBLIC_SCREENS.invitation,
        lazy: lazyComponent(
          () => import('@/shell/login/InvitationPage'),
          (module) => module.InvitationPage,
        ),
      },
      {
        path: PUBLIC_SCREENS.unauthorized,
        lazy: lazyComponent(
          () => import('./UnauthorizedPage'),
          (module) => module.UnauthorizedPage,
        ),
      },
      {
        path: `${SHARED_PAGE_PATH}/:token`,
        lazy: lazyComponent(
          () => import('@/shell/shared/SharedModelPage'),
          (module) => module.SharedModelPage,
        ),
      },
      {
        path: `${AR_PAGE_PATH}/:table/:name`,
        lazy: lazyComponent(
          () => import('@/shell/ar/ArPage'),
          (module) => module.ArPage,
        ),
      },
      {
        lazy: lazyComponent(loadRefineRoot, (module) => module.RefineRoot),
        children: [
          {
            path: '/portal',
            lazy: lazyComponent(
              () => import('./PortalPage'),
              (module) => module.PortalPage,
            ),
          },
          // The route table arrives through `patchSignedInRoutes`.
          { id: PROTECTED_ROUTE_ID, element: <ProtectedLayout />, children: [] },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

/**
 * The router's `patchRoutesOnNavigation`: a location that matched nothing but not-found may be a screen of the
 * route table, so the table is loaded and added under the protected route (once; patching it again changes
 * nothing).
 */
export const patchSignedInRoutes: PatchRoutesOnNavigationFunction = async ({ matches, patch, path }) => {
  if (matches.some((match) => match.route.id === PROTECTED_ROUTE_ID)) return;
  // Every screen of the table needs refine's root and the layout: ask for them together with the table rather
  // than after it (the router's `lazy` then finds them loaded or on their way).
  void loadRefineRoot();
  void loadShellLayout();
  // The page need not wait for the table either where the path tells it without the table: `/` is always the
  // dashboard (where sign-in lands), a declared overview's route (first-overviews.ts) the generic overview page,
  // and any other signed-in first page is most often a list, so the generic list page starts too (about 13 kB
  // loaded early, or for nothing when the first page is another screen).
  if (path === '/') void loadDashboardPage();
  else if (firstOverviewAt(path)) void loadOverviewPage();
  else void loadListPage();
  const { SIGNED_IN_ROUTES } = await import('./signed-in-routes');
  patch(PROTECTED_ROUTE_ID, SIGNED_IN_ROUTES);
};

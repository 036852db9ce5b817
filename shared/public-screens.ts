/**
 * The screens of the portal that need no session: the sign-in, the password reset's two steps, the invitation and
 * the refusal page. The client's route table declares them (src/shell/routes/routes.tsx) and the server sends no
 * signed-in chunks with their first visit (server/portal-preloads.ts), both from this one list.
 */
export const PUBLIC_SCREENS = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  invitation: '/invitation',
  unauthorized: '/unauthorized',
} as const;

export const PUBLIC_SCREEN_PATHS: ReadonlySet<string> = new Set(Object.values(PUBLIC_SCREENS));

/** The public page of a share link (issue 46): `/shared/{token}` on the company's host (`?embed=1`: the viewer alone). */
export const SHARED_PAGE_PATH = '/shared';
const SHARED_PAGES = new RegExp(`^${SHARED_PAGE_PATH}/[^/]+/?$`);

/** Whether a path is a screen that needs no session: one of the public screens, or a share link's page. */
export const isPublicScreenPath = (path: string): boolean =>
  PUBLIC_SCREEN_PATHS.has(path) || SHARED_PAGES.test(path);

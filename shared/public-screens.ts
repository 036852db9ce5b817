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

/** The AR page of a processed version (issue 45, shared/ar-models.ts): `/ar/{table}/{uuid}`, what a QR code opens. */
export const AR_PAGE_PATH = '/ar';
const AR_PAGES = new RegExp(`^${AR_PAGE_PATH}/[a-z_]+/[0-9a-f-]+/?$`);

/** Whether a path is a screen that needs no session: a public screen, a share link's page or an AR page. */
export const isPublicScreenPath = (path: string): boolean =>
  PUBLIC_SCREEN_PATHS.has(path) || SHARED_PAGES.test(path) || AR_PAGES.test(path);

/**
 * The session cookies of spec 1 §9: `user_session` (the token) and `remember_session` (the persistence flag),
 * on the parent domain so every tenant and platform host shares them, Path /, SameSite Lax, kept 365 days with
 * remember-me and otherwise session cookies that end with the browser.
 */
import { deployment } from '@/lib/runtime-config';
import { type CookieAttributes, readCookie, removeCookie, writeCookie } from './cookies';
import { REMEMBER_COOKIE, SESSION_COOKIE } from './http-client';

export const REMEMBER_DAYS = 365;

export interface CookieScope {
  hostname: string;
  domain: string;
  secure: boolean;
}

const pageScope = (): CookieScope => ({
  hostname: typeof window === 'undefined' ? deployment.config.domain : window.location.hostname,
  domain: deployment.config.domain,
  secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
});

/** The attributes of both cookies; a page outside the parent domain (e.g. opened by IP) gets host cookies. */
export function sessionCookieAttributes(
  persistent: boolean,
  scope: CookieScope = pageScope(),
): CookieAttributes {
  const onDomain = scope.hostname === scope.domain || scope.hostname.endsWith(`.${scope.domain}`);
  return {
    path: '/',
    sameSite: 'lax',
    ...(onDomain ? { domain: scope.domain } : {}),
    ...(scope.secure ? { secure: true } : {}),
    ...(persistent ? { expires: REMEMBER_DAYS } : {}),
  };
}

export const isRemembered = () => readCookie(REMEMBER_COOKIE) === '1';

/** Stores a token: persistent with remember-me (and the flag), a session cookie otherwise. */
export function storeSessionCookies(token: string, remember: boolean): void {
  clearSessionCookies();
  writeCookie(SESSION_COOKIE, token, sessionCookieAttributes(remember));
  if (remember) writeCookie(REMEMBER_COOKIE, '1', sessionCookieAttributes(true));
}

export function clearSessionCookies(): void {
  const { path, domain } = sessionCookieAttributes(false);
  for (const name of [SESSION_COOKIE, REMEMBER_COOKIE]) {
    removeCookie(name, { path, domain });
    removeCookie(name, { path });
  }
}

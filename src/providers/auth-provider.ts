/**
 * refine's authProvider (spec 1 §2.2, §4, §8): login by username or email with remember-me, logout, the
 * session check, the identity, and logout on a 401 from any call. Every method resolves (refine v5).
 */
import type { AuthProvider } from '@refinedev/core';
import type { AuthResponse, SessionUser } from '@shared/session';
import { deployment } from '@/lib/runtime-config';
import { ApiError, apiRequest, type RequestOptions, sessionToken } from './http-client';
import { session as portalSession, type SessionStore } from './session';

export interface LoginParams {
  identity: string;
  password: string;
  remember?: boolean;
}

export const LOGIN_ERROR_KEYS = {
  invalidCredentials: 'login.errors.invalidCredentials',
  unavailable: 'login.errors.unavailable',
  other: 'login.errors.other',
  noResponse: 'login.errors.noResponse',
} as const;
export type LoginErrorKey = (typeof LOGIN_ERROR_KEYS)[keyof typeof LOGIN_ERROR_KEYS];

/** A failed login; the page shows `t(translationKey)`, so the text follows a language switch. */
export class LoginError extends Error {
  constructor(public readonly translationKey: LoginErrorKey) {
    super(translationKey);
    this.name = 'LoginError';
  }
}

/** Spec 1 §8: 400/401 invalid credentials, 503 unavailable, no response, anything else. */
export function loginErrorKey(error: unknown): LoginErrorKey {
  if (!(error instanceof ApiError)) return LOGIN_ERROR_KEYS.other;
  if (error.status === 0) return LOGIN_ERROR_KEYS.noResponse;
  if (error.status === 400 || error.status === 401) return LOGIN_ERROR_KEYS.invalidCredentials;
  if (error.status === 503) return LOGIN_ERROR_KEYS.unavailable;
  return LOGIN_ERROR_KEYS.other;
}

const statusOf = (error: unknown) =>
  error instanceof ApiError ? error.status : (error as { statusCode?: number } | null)?.statusCode;

type Request = <T>(path: string, options?: RequestOptions) => Promise<T>;

export function createAuthProvider(
  session: SessionStore = portalSession,
  request: Request = apiRequest,
): AuthProvider {
  return {
    async login({ identity, password, remember = false }: LoginParams) {
      try {
        const auth = await request<AuthResponse>('/login', {
          method: 'POST',
          body: { identity, password, remember },
          public: !deployment.host.company,
          announce: false,
        });
        session.signIn(auth, remember);
        return { success: true, redirectTo: '/' };
      } catch (error) {
        return { success: false, error: new LoginError(loginErrorKey(error)) };
      }
    },

    async logout() {
      if (sessionToken()) {
        try {
          await request('/logout');
        } catch (error) {
          // Without an answer the session may still be alive on the server: stay signed in (spec 1 §4).
          if (error instanceof ApiError && error.status === 0) return { success: false, error };
        }
      }
      session.signOut('logout');
      return { success: true, redirectTo: '/login' };
    },

    async check() {
      await session.whenReady();
      return session.getState().auth
        ? { authenticated: true }
        : { authenticated: false, logout: true, redirectTo: '/login' };
    },

    async getIdentity(): Promise<SessionUser | null> {
      await session.whenReady();
      return session.getState().auth?.user ?? null;
    },

    async onError(error: unknown) {
      return statusOf(error) === 401 ? { logout: true, redirectTo: '/login' } : {};
    },
  };
}

/** The portal's auth provider: refine's, and the sign-in page's, which works without refine. */
export const authProvider = createAuthProvider();

/** The authentication state, the session cookies and refine's authProvider (spec 1 §2.2, §4, §9). */
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '@shared/session';
import { createAuthProvider, LoginError } from '@/providers/auth-provider';
import {
  ApiError,
  REMEMBER_COOKIE,
  type RequestOptions,
  SESSION_COOKIE,
  unauthorizedEvents,
} from '@/providers/http-client';
import { createSessionStore } from '@/providers/session';
import { clearSessionCookies, sessionCookieAttributes } from '@/providers/session-cookies';

const auth = (token = 'token-1', id = 2): AuthResponse => ({
  access_token: token,
  token_type: 'Bearer',
  expires_at: '2027-01-01T00:00:00Z',
  user: {
    id,
    name: 'Alice Anders',
    username: 'alice',
    email: 'alice@acme.test',
    profile_image: null,
    admin: false,
    abilities: ['view-projects'],
    licenses: ['hatch'],
    autodesk_connected: false,
    autodesk_scope_outdated: false,
    autodesk_integration: false,
    preferences: {},
  },
});

type Call = { path: string; options?: RequestOptions };

/** The API at the edge: answers by path, and records what was asked. */
function fakeApi(answers: Record<string, () => unknown>) {
  const calls: Call[] = [];
  const request = async <T>(path: string, options?: RequestOptions): Promise<T> => {
    calls.push({ path, options });
    const answer = answers[path];
    if (!answer) throw new ApiError(404, 'Not Found');
    return answer() as T;
  };
  return { calls, request };
}

const fail = (status: number) => () => {
  throw new ApiError(status, 'failed');
};

beforeEach(() => clearSessionCookies());
afterEach(() => vi.restoreAllMocks());

describe('the session cookies (spec 1 §9)', () => {
  const scope = { hostname: 'hatch-acme.portal.localhost', domain: 'portal.localhost', secure: false };

  it('live on the parent domain, Path /, SameSite Lax; 365 days with remember-me, a session cookie otherwise', () => {
    expect(sessionCookieAttributes(true, scope)).toEqual({
      path: '/',
      sameSite: 'lax',
      domain: 'portal.localhost',
      expires: 365,
    });
    expect(sessionCookieAttributes(false, scope)).toEqual({
      path: '/',
      sameSite: 'lax',
      domain: 'portal.localhost',
    });
  });

  it('are host cookies on a page outside the parent domain, and Secure on https', () => {
    expect(
      sessionCookieAttributes(false, { hostname: '127.0.0.1', domain: 'portal.localhost', secure: true }),
    ).toEqual({
      path: '/',
      sameSite: 'lax',
      secure: true,
    });
  });
});

describe('the session store', () => {
  it('is ready and signed out at once without a session cookie, without asking the server', async () => {
    const api = fakeApi({});
    const store = createSessionStore(api.request);
    expect(store.getState().ready).toBe(false);
    await store.start();
    expect(store.getState()).toMatchObject({ auth: null, ready: true });
    expect(api.calls).toEqual([]);
  });

  it('validates an existing cookie and writes the token back, persistent only with remember_session', async () => {
    for (const remembered of [false, true]) {
      Cookies.set(SESSION_COOKIE, 'old-token');
      if (remembered) Cookies.set(REMEMBER_COOKIE, '1');
      const set = vi.spyOn(Cookies, 'set');
      const store = createSessionStore(fakeApi({ '/auth/validate': () => auth('fresh-token') }).request);
      await store.start();
      expect(store.getState()).toMatchObject({
        ready: true,
        remembered,
        auth: { user: { name: 'Alice Anders' } },
      });
      expect(Cookies.get(SESSION_COOKIE)).toBe('fresh-token');
      const [, , attributes] = set.mock.calls.find(([name]) => name === SESSION_COOKIE)!;
      expect(attributes?.expires).toBe(remembered ? 365 : undefined);
      set.mockRestore();
      clearSessionCookies();
    }
  });

  it('leaves a session cookie that already holds the token as it is, and moves a remembered one on', async () => {
    for (const remembered of [false, true]) {
      Cookies.set(SESSION_COOKIE, 'token-1');
      if (remembered) Cookies.set(REMEMBER_COOKIE, '1');
      const set = vi.spyOn(Cookies, 'set');
      const remove = vi.spyOn(Cookies, 'remove');
      const store = createSessionStore(fakeApi({ '/auth/validate': () => auth('token-1') }).request);
      await store.start();
      expect(store.getState()).toMatchObject({ ready: true, remembered, auth: { access_token: 'token-1' } });
      expect(Cookies.get(SESSION_COOKIE)).toBe('token-1');
      if (remembered) {
        const [, , attributes] = set.mock.calls.find(([name]) => name === SESSION_COOKIE)!;
        expect(attributes?.expires).toBe(365);
      } else {
        expect(set).not.toHaveBeenCalled();
        expect(remove).not.toHaveBeenCalled();
      }
      set.mockRestore();
      remove.mockRestore();
      clearSessionCookies();
    }
  });

  it('ends signed out when the cookie is refused', async () => {
    Cookies.set(SESSION_COOKIE, 'dead-token');
    const store = createSessionStore(fakeApi({ '/auth/validate': fail(401) }).request);
    await store.start();
    expect(store.getState()).toMatchObject({ auth: null, ready: true });
  });

  it('logs out on any announced 401: auth empty, ready, both cookies deleted', async () => {
    Cookies.set(SESSION_COOKIE, 'token-1');
    Cookies.set(REMEMBER_COOKIE, '1');
    const store = createSessionStore(fakeApi({ '/auth/validate': () => auth() }).request);
    await store.start();
    expect(store.getState().auth).not.toBeNull();
    unauthorizedEvents.emit({ error: new ApiError(401, 'Unauthenticated.'), token: 'token-1' });
    expect(store.getState()).toMatchObject({ auth: null, ready: true, ended: 'unauthorized' });
    expect(Cookies.get(SESSION_COOKIE)).toBeUndefined();
    expect(Cookies.get(REMEMBER_COOKIE)).toBeUndefined();
  });

  it("keeps the cookie of someone who signed in since: another token's 401 ends only this tab's session", async () => {
    Cookies.set(SESSION_COOKIE, 'token-1');
    const store = createSessionStore(fakeApi({ '/auth/validate': () => auth() }).request);
    await store.start();
    // Another tab signed someone else in; this tab's request with the old token (or none) is refused.
    Cookies.set(SESSION_COOKIE, 'token-2');
    unauthorizedEvents.emit({ error: new ApiError(401, 'Unauthenticated.'), token: undefined });
    expect(store.getState()).toMatchObject({ auth: null, ready: true, ended: 'unauthorized' });
    expect(Cookies.get(SESSION_COOKIE)).toBe('token-2');
  });
});

describe('the authProvider', () => {
  async function setup(answers: Record<string, () => unknown>) {
    const api = fakeApi(answers);
    const store = createSessionStore(api.request);
    await store.start();
    return { api, store, provider: createAuthProvider(store, api.request) };
  }

  it('logs in by identity and password, stores the session and goes to /', async () => {
    const { api, store, provider } = await setup({ '/login': () => auth('new-token') });
    const result = await provider.login({
      identity: 'alice@acme.test',
      password: 'password',
      remember: false,
    });
    expect(result).toEqual({ success: true, redirectTo: '/' });
    expect(api.calls[0]).toMatchObject({
      path: '/login',
      options: {
        method: 'POST',
        body: { identity: 'alice@acme.test', password: 'password', remember: false },
        announce: false,
      },
    });
    expect(store.getState()).toMatchObject({ remembered: false, auth: { access_token: 'new-token' } });
    expect(Cookies.get(SESSION_COOKIE)).toBe('new-token');
    expect(Cookies.get(REMEMBER_COOKIE)).toBeUndefined();
    expect(await provider.getIdentity?.()).toMatchObject({ username: 'alice' });
    expect(await provider.check()).toEqual({ authenticated: true });
  });

  it('remembers the session with remember-me', async () => {
    const { store, provider } = await setup({ '/login': () => auth() });
    await provider.login({ identity: 'alice', password: 'password', remember: true });
    expect(store.getState().remembered).toBe(true);
    expect(Cookies.get(REMEMBER_COOKIE)).toBe('1');
  });

  it('answers a failed login with the error of spec 1 §8, still signed out', async () => {
    const { store, provider } = await setup({ '/login': fail(401) });
    const result = await provider.login({ identity: 'alice', password: 'wrong' });
    expect(result.success).toBe(false);
    expect(result.error).toBeInstanceOf(LoginError);
    expect((result.error as LoginError).translationKey).toBe('login.errors.invalidCredentials');
    expect(store.getState().auth).toBeNull();
    expect(await provider.check()).toEqual({ authenticated: false, logout: true, redirectTo: '/login' });
  });

  it('logs out: ends the session on the server, deletes both cookies and goes to /login', async () => {
    const { api, store, provider } = await setup({ '/login': () => auth(), '/logout': () => null });
    await provider.login({ identity: 'alice', password: 'password', remember: true });
    expect(await provider.logout({})).toEqual({ success: true, redirectTo: '/login' });
    expect(api.calls.map((call) => call.path)).toEqual(['/login', '/logout']);
    expect(store.getState()).toMatchObject({ auth: null, ended: 'logout' });
    expect(Cookies.get(SESSION_COOKIE)).toBeUndefined();
    expect(Cookies.get(REMEMBER_COOKIE)).toBeUndefined();
  });

  it('stays signed in when the logout gets no response, and signs out on an error response', async () => {
    const silent = await setup({ '/login': () => auth(), '/logout': fail(0) });
    await silent.provider.login({ identity: 'alice', password: 'password' });
    expect((await silent.provider.logout({})).success).toBe(false);
    expect(silent.store.getState().auth).not.toBeNull();
    expect(Cookies.get(SESSION_COOKIE)).toBe('token-1');
    clearSessionCookies();

    const failing = await setup({ '/login': () => auth(), '/logout': fail(500) });
    await failing.provider.login({ identity: 'alice', password: 'password' });
    expect((await failing.provider.logout({})).success).toBe(true);
    expect(failing.store.getState().auth).toBeNull();
  });

  it('logs out on a 401 from any call, and on nothing else', async () => {
    const { provider } = await setup({});
    expect(await provider.onError(new ApiError(401, 'Unauthenticated.'))).toEqual({
      logout: true,
      redirectTo: '/login',
    });
    expect(await provider.onError({ statusCode: 401, message: 'Unauthenticated.' })).toEqual({
      logout: true,
      redirectTo: '/login',
    });
    expect(await provider.onError(new ApiError(403, 'Forbidden'))).toEqual({});
  });

  it('waits for the start-up validation before answering check', async () => {
    Cookies.set(SESSION_COOKIE, 'token-1');
    let answer!: (value: AuthResponse) => void;
    const api = fakeApi({
      '/auth/validate': () => new Promise<AuthResponse>((resolve) => (answer = resolve)),
    });
    const store = createSessionStore(api.request);
    const provider = createAuthProvider(store, api.request);
    void store.start();
    const check = provider.check();
    answer(auth());
    expect(await check).toEqual({ authenticated: true });
  });
});

/**
 * End-to-end helpers: the hosts of this worker's contract server (./worker-server.ts, started by the `test` of
 * ./test.ts), API sign-in (one token per user and worker, so tests that are not about the login form do not go
 * through it), and the session cookie set the way the portal sets it.
 */
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import type { AuthResponse } from '../../../shared/session';

export const E2E_DOMAIN = 'portal.localhost';
export const DEMO_PASSWORD = 'password';
export type DemoUser = 'admin' | 'alice' | 'bob' | 'carol' | 'dave';

/** The port of this worker's server; known once its fixture has started it (before any test runs). */
let serverPort: number | null = null;

function port(): number {
  if (serverPort === null)
    throw new Error(
      "The worker's server has not started yet: read hosts inside a test (and import `test` from ./support/test)",
    );
  return serverPort;
}

/** `http://{label}.portal.localhost:{port}`, or the public host without a label. */
export const origin = (label: string | null = 'acme') =>
  `http://${label ? `${label}.` : ''}${E2E_DOMAIN}:${port()}`;

/**
 * Node does not resolve `*.localhost` names (Chromium does): API calls from the tests go to 127.0.0.1 and name
 * the company's host in the Host header, which is how the server picks the tenant. A live binding: set when the
 * worker's server has started, so read it inside a test, not when a spec file loads.
 */
export let API = 'http://127.0.0.1:0/api/v2';

/** Called by the worker's server fixture (./test.ts) once its server listens. */
export function useWorkerServer(listening: number): void {
  serverPort = listening;
  API = `http://127.0.0.1:${listening}/api/v2`;
}

export function apiHeaders(company: string | null = 'acme', token?: string): Record<string, string> {
  return {
    Host: `${company ? `${company}.` : ''}${E2E_DOMAIN}:${port()}`,
    Accept: 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** Signs in through the API of a company's host. */
export async function apiLogin(
  api: APIRequestContext,
  user: DemoUser,
  company = 'acme',
): Promise<AuthResponse> {
  const response = await api.post(`${API}/login`, {
    data: { identity: user, password: DEMO_PASSWORD, remember: false },
    headers: apiHeaders(company),
  });
  expect(response.status(), `API login of ${user}`).toBe(200);
  return (await response.json()) as AuthResponse;
}

const tokens = new Map<string, Promise<AuthResponse>>();

/** A token of the user, shared by the tests of this worker (never log it out; use apiLogin for that). */
export function sharedSession(user: DemoUser, company = 'acme'): Promise<AuthResponse> {
  const key = `${user}@${company}`;
  if (!tokens.has(key)) {
    tokens.set(
      key,
      playwrightRequest.newContext().then(async (api) => {
        const auth = await apiLogin(api, user, company);
        await api.dispose();
        return auth;
      }),
    );
  }
  return tokens.get(key)!;
}

/** The session cookie on the parent domain, as the portal writes it (a browser-session cookie). */
export async function useSessionCookie(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([
    { name: 'user_session', value: token, domain: `.${E2E_DOMAIN}`, path: '/', sameSite: 'Lax' },
  ]);
}

/** Signed in as the user (shared token) for every host of the e2e server. */
export async function signedInAs(
  context: BrowserContext,
  user: DemoUser,
  company = 'acme',
): Promise<AuthResponse> {
  const auth = await sharedSession(user, company);
  await useSessionCookie(context, auth.access_token);
  return auth;
}

/** Fills and submits the login form. */
export async function submitLogin(
  page: Page,
  identity: string,
  password = DEMO_PASSWORD,
  remember = false,
): Promise<void> {
  await page.getByLabel('Username or email').fill(identity);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The signed-in layout is showing (the avatar menu of the user). */
export async function expectSignedIn(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('button', { name: `Account menu of ${name}` })).toBeVisible();
}

/**
 * Goes to a path of the portal inside the page, as a link of the app would (a history entry and the router's
 * popstate), without loading the page again: a test visiting several screens signs in and loads the portal once.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const state = window.history.state as { idx?: number } | null;
    window.history.pushState({ usr: null, key: `e2e-${Date.now()}`, idx: (state?.idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/**
 * The cookies the portal keeps (src/providers/cookies.ts): read from the browser once while it announces every
 * change, read again after each announcement and after this page's own writes; read each time where the browser
 * announces nothing. The browser's CookieStore is the edge stubbed here (jsdom has none): an EventTarget that
 * announces changes when the test says so, over jsdom's own `document.cookie`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type CookiesModule = typeof import('@/providers/cookies');

/**
 * The module fresh (it decides once whether changes are announced), and how often `document.cookie` was read
 * since (js-cookie may read it more than once per parse).
 */
async function freshCookies(): Promise<{ cookies: CookiesModule; reads: () => number }> {
  vi.resetModules();
  const getter = vi.spyOn(document, 'cookie', 'get');
  return { cookies: await import('@/providers/cookies'), reads: () => getter.mock.calls.length };
}

/** A change made by another tab or a server: the browser's cookie store holds it, this page was not told. */
const changeBehindThePage = (cookie: string) => {
  const setter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!.set!;
  setter.call(document, cookie);
};

beforeEach(() => {
  for (const name of ['user_session', 'remember_session', 'language'])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('where the browser announces cookie changes', () => {
  let store: EventTarget;
  beforeEach(() => {
    store = new EventTarget();
    vi.stubGlobal('cookieStore', store);
  });

  it('reads them from the browser once for any number of reads', async () => {
    document.cookie = 'user_session=first; path=/';
    const { cookies, reads } = await freshCookies();
    expect(cookies.readCookie('user_session')).toBe('first');
    const oneRead = reads();
    expect(oneRead).toBeGreaterThan(0);
    expect(cookies.readCookie('remember_session')).toBeUndefined();
    expect(cookies.readCookie('user_session')).toBe('first');
    expect(reads()).toBe(oneRead);
  });

  it('reads them again once the browser announces a change (another tab signed in)', async () => {
    document.cookie = 'user_session=first; path=/';
    const { cookies, reads } = await freshCookies();
    expect(cookies.readCookie('user_session')).toBe('first');
    const oneRead = reads();
    changeBehindThePage('user_session=second; path=/');
    // Until the announcement arrives the page sees what it read.
    expect(cookies.readCookie('user_session')).toBe('first');
    store.dispatchEvent(new Event('change'));
    expect(cookies.readCookie('user_session')).toBe('second');
    expect(cookies.readCookie('user_session')).toBe('second');
    expect(reads()).toBe(2 * oneRead);
  });

  it('sees its own writes and removals at once', async () => {
    const { cookies } = await freshCookies();
    expect(cookies.readCookie('user_session')).toBeUndefined();
    cookies.writeCookie('user_session', 'mine', { path: '/' });
    expect(cookies.readCookie('user_session')).toBe('mine');
    cookies.removeCookie('user_session', { path: '/' });
    expect(cookies.readCookie('user_session')).toBeUndefined();
  });
});

describe('where the browser announces nothing', () => {
  it('reads them from the browser each time, so a change by another tab is seen at once', async () => {
    document.cookie = 'user_session=first; path=/';
    const { cookies, reads } = await freshCookies();
    expect(cookies.readCookie('user_session')).toBe('first');
    const oneRead = reads();
    changeBehindThePage('user_session=second; path=/');
    expect(cookies.readCookie('user_session')).toBe('second');
    expect(reads()).toBe(2 * oneRead);
  });
});

/**
 * The page's cookies, read once and kept until they change. Each read of `document.cookie` after a change asks the
 * browser's cookie store, in another process, and waits for it: 4 to 40 ms of a first visit's main thread per read
 * in Chromium while the page's files were loading, and a first visit read them two dozen times (the token for each
 * request, the remember flag, the language). Where the browser announces cookie changes (the CookieStore API: this
 * tab's, other tabs', a server's), the cookies are parsed once (js-cookie) and kept until the next announcement;
 * this page's own writes forget them at once, so the next read sees them. Where it does not, every read asks the
 * browser, as `document.cookie` does.
 */
import Cookies from 'js-cookie';

/** A cookie's domain, path, lifetime, SameSite and Secure. */
export type CookieAttributes = Cookies.CookieAttributes;

/** The part of the CookieStore API used here (not in every browser, nor in TypeScript's DOM types yet). */
interface CookieChanges {
  addEventListener(type: 'change', listener: () => void): void;
}

let kept: Record<string, string> | null = null;
let announced: boolean | null = null;

/** Whether the browser announces cookie changes; listens to them on the first call. */
function changesAnnounced(): boolean {
  if (announced !== null) return announced;
  const store = (globalThis as { cookieStore?: CookieChanges }).cookieStore;
  announced = typeof store?.addEventListener === 'function';
  store?.addEventListener('change', () => (kept = null));
  return announced;
}

/** The value of the cookie `name` as this page sees it, undefined when there is none. */
export function readCookie(name: string): string | undefined {
  if (!changesAnnounced()) return Cookies.get(name);
  kept ??= Cookies.get();
  return kept[name];
}

export function writeCookie(name: string, value: string, attributes: CookieAttributes): void {
  kept = null;
  Cookies.set(name, value, attributes);
}

export function removeCookie(name: string, attributes: CookieAttributes): void {
  kept = null;
  Cookies.remove(name, attributes);
}

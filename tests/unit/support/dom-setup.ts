/**
 * What a test in jsdom needs (tests/unit/setup.ts loads it there only): the jest-dom matchers, a blank document at
 * the start of each file and the DOM cleaned up after each test, Testing Library's bound on waiting, the browser
 * APIs antd expects, and the light components' floating machinery.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach } from 'vitest';

/** The jsdom instance, which vitest's jsdom environment puts on the global object. */
interface JsdomGlobal {
  jsdom: { cookieJar: { removeAllCookiesSync(): void }; reconfigure(settings: { url: string }): void };
}

const BLANK_URL = 'http://localhost:3000/';

/**
 * Runs before each test file, in the jsdom the worker's earlier files used: an empty document, storage, cookies
 * and address, no runtime config of the server's, English dates and texts, the DOM cleaned up after each test and the
 * floating machinery in.
 */
export async function setUpFile() {
  const { jsdom } = globalThis as unknown as JsdomGlobal;
  jsdom.reconfigure({ url: BLANK_URL });
  jsdom.cookieJar.removeAllCookiesSync();
  localStorage.clear();
  sessionStorage.clear();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body])
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  document.title = '';
  delete window.__PORTAL_CONFIG__;
  dayjs.locale('en');
  // i18next is one instance per worker (node_modules are not evaluated afresh): a file that switched it to Dutch
  // left its next file Dutch, whatever that file's order (a banner's text read 'teruggezet' once in a full run).
  const { default: i18next } = await import('i18next');
  if (i18next.isInitialized && i18next.language !== 'en') await i18next.changeLanguage('en');

  afterEach(() => cleanup());

  // The light components' floating machinery loads apart from them in the portal, when the browser is idle after
  // the first paint (src/ui/floating-machinery-loader.ts); the tests find it in, as a user who opens a menu does.
  // tests/unit/floating-machinery.test.tsx opens one before it has arrived.
  const { loadFloatingMachinery } = await import('@/ui/floating-machinery-loader');
  await loadFloatingMachinery();
}

// The one bound on every `findBy…`/`waitFor` (set here once; no test sets its own): pages load as lazy route chunks,
// and under a full parallel `npm test` on two cores the first screen of a file waited over 15 s for its modules. The
// wait ends as soon as what it waits for shows; the bound only names a wait that never ends, within the test's time.
configure({ asyncUtilTimeout: 60_000 });

// antd's responsive grid and layout need these in jsdom; `min-width` queries match so desktop layouts render.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

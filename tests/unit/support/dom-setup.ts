/**
 * What a test in jsdom needs (tests/unit/setup.ts loads it there only): the jest-dom matchers, the DOM cleaned up
 * after each test, Testing Library's bound on waiting, the browser APIs antd expects, and the light components'
 * floating machinery.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadFloatingMachinery } from '@/ui/floating-machinery-loader';

afterEach(() => cleanup());

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

// The light components' floating machinery loads apart from them in the portal, when the browser is idle after
// the first paint (src/ui/floating-machinery-loader.ts); the tests find it in, as a user who opens a menu does.
// tests/unit/floating-machinery.test.tsx opens one before it has arrived.
await loadFloatingMachinery();

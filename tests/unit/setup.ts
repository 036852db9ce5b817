import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadFloatingMachinery } from '@/ui/floating-machinery-loader';

afterEach(() => cleanup());

// Pages load as lazy route chunks; under a full parallel `npm test` on two cores the first `findBy…` of a test can
// wait several seconds for them (the default is 1 s).
configure({ asyncUtilTimeout: 30_000 });

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

/**
 * Setup of every unit test file. Most render components in jsdom and get its setup (./support/dom-setup.ts); a file
 * of plain logic runs in Node (`// @vitest-environment node` on its first line) and skips it, loading neither jsdom
 * nor React nor antd.
 *
 * The unit project runs its files without isolation (vite.config.ts): a worker runs file after file in one process
 * and one jsdom, so antd, React and the rest of node_modules are loaded, compiled and warmed up once per worker, not
 * once per file. What a file may change for the next is put back here, before each file: the portal's own modules
 * (and refine's, which vitest inlines) are evaluated afresh, so their stores (session, tenant, toasts…) start empty
 * and a file's `vi.mock` applies to them; stubbed globals and fake timers are undone; the document, storage,
 * cookies and address start blank (dom-setup.ts).
 */
import { vi } from 'vitest';

vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

if (typeof document !== 'undefined') {
  const { setUpFile } = await import('./support/dom-setup');
  await setUpFile();
}

export {};

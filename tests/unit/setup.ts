/**
 * Setup of every unit test file. Most render components in jsdom and get its setup (./support/dom-setup.ts); a file
 * of plain logic runs in Node (`// @vitest-environment node` on its first line) and skips it, loading neither jsdom
 * nor React nor antd.
 */
if (typeof document !== 'undefined') await import('./support/dom-setup');

export {};

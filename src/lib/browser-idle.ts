/**
 * Resolves when the browser is next idle (`requestIdleCallback`, at the latest after `timeout` ms); where there
 * is no `requestIdleCallback` (Safari), after the next frame has been painted.
 */
export function browserIdle(timeout: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout });
    } else {
      requestAnimationFrame(() => setTimeout(resolve, 0));
    }
  });
}

/**
 * A stubbed `fetch` that answers every request with `body(n)`, n its number (1 for the first), and records the URLs
 * asked for: whether an answer was taken from a prefetch or asked for again shows in the number a page reads and
 * in the URLs. Undo it with `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest';

export function countingFetch(body: (count: number) => unknown): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return Response.json(body(urls.length));
    }),
  );
  return urls;
}

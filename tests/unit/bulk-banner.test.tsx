/**
 * Spec 2 §4/§8's banner of a bulk action: success green with the count, failure red with the names, a failure
 * suppressing the success, shown after 0.5 s and cleared after 5 s on screen. A delete's Undo (issue 46): 10 s,
 * kept while the user is on it, restoring each record through the API.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BANNER_DELAY_MS,
  BANNER_DURATION_MS,
  UNDO_BANNER_DURATION_MS,
  useResultBanner,
} from '@/components/useResultBanner';
import { countingFetch } from './support/counting-fetch';
import { BULK_BANNER_DURATION_MS, bulkResultBanner } from '@/pages/list/bulk-result';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

const texts = {
  success: (count: number) => `${count} Libraries successfully deleted`,
  failure: (names: string) =>
    `The following libraries have not been deleted because they are still connected to a model; ${names}`,
};

describe('the bulk result banner', () => {
  it('is the success with the count when nothing failed', () => {
    expect(
      bulkResultBanner({ action: 'delete', success: [{ id: 1 }, { id: 2 }], failed: [] }, texts),
    ).toEqual({
      type: 'success',
      text: '2 Libraries successfully deleted',
    });
  });

  it('is the failure with the names when anything failed, and no success', () => {
    expect(
      bulkResultBanner(
        {
          action: 'delete',
          success: [{ id: 1, name: 'Chairs' }],
          failed: [
            { id: 2, name: 'Tables' },
            { id: 3, name: 'Lamps' },
          ],
        },
        texts,
      ),
    ).toEqual({
      type: 'error',
      text: 'The following libraries have not been deleted because they are still connected to a model; Tables, Lamps',
    });
  });

  describe('on screen', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('shows after 0.5 s and is cleared after 5 s', () => {
      const { result } = renderHook(() => useResultBanner(), { wrapper });
      const banner = bulkResultBanner({ success: [], failed: [{ name: 'Tables' }] }, texts);
      act(() => result.current.show(banner, BULK_BANNER_DURATION_MS));
      expect(result.current.banner).toBeNull();
      act(() => vi.advanceTimersByTime(BANNER_DELAY_MS));
      expect(result.current.banner).toEqual(banner);
      act(() => vi.advanceTimersByTime(BULK_BANNER_DURATION_MS - 1));
      expect(result.current.banner).toEqual(banner);
      act(() => vi.advanceTimersByTime(1));
      expect(result.current.banner).toBeNull();
    });

    it('stays its whole time on a device too busy to render before the time was up', () => {
      const { result } = renderHook(() => useResultBanner(), { wrapper });
      const banner = { type: 'success' as const, text: 'Harbour Tower successfully deleted' };
      act(() => result.current.show(banner));
      // The page was busy for 10 s: every timer due by then runs before the next render.
      act(() => vi.advanceTimersByTime(10_000));
      expect(result.current.banner).toEqual(banner);
      act(() => vi.advanceTimersByTime(BANNER_DURATION_MS - 1));
      expect(result.current.banner).toEqual(banner);
      act(() => vi.advanceTimersByTime(1));
      expect(result.current.banner).toBeNull();
    });
  });

  describe('with Undo', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });
    const deleted = {
      type: 'success' as const,
      text: '2 Libraries successfully deleted',
      undo: { resource: 'libraries', keys: [4, 9] },
    };

    it('stays 10 s, and while the pointer or the focus is on it', () => {
      const { result } = renderHook(() => useResultBanner(), { wrapper });
      act(() => result.current.show(deleted));
      act(() => vi.advanceTimersByTime(BANNER_DELAY_MS + UNDO_BANNER_DURATION_MS - 1));
      expect(result.current.banner).toEqual(deleted);
      act(() => result.current.hold(true));
      act(() => vi.advanceTimersByTime(60_000));
      expect(result.current.banner).toEqual(deleted);
      // Left: its time starts again.
      act(() => result.current.hold(false));
      act(() => vi.advanceTimersByTime(UNDO_BANNER_DURATION_MS));
      expect(result.current.banner).toBeNull();
    });

    it('restores each record through the API and says so', async () => {
      const urls = countingFetch(() => ({ data: {} }));
      const { result } = renderHook(() => useResultBanner(), { wrapper });
      act(() => result.current.show(deleted));
      act(() => vi.advanceTimersByTime(BANNER_DELAY_MS));
      expect(result.current.undo?.busy).toBe(false);
      act(() => result.current.undo!.run());
      await vi.waitFor(() =>
        expect(result.current.banner).toEqual({ type: 'success', text: expect.stringMatching(/restored$/) }),
      );
      expect(urls.map((url) => new URL(url, 'http://acme.localhost').pathname)).toEqual([
        '/api/v2/libraries/4/restore',
        '/api/v2/libraries/9/restore',
      ]);
      expect(result.current.undo).toBeUndefined();
    });

    it('comes along with a banner handed to the next screen (an overview deleting its record)', () => {
      const handed = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={[{ pathname: '/libraries', state: { resultBanner: deleted } }]}>
            {children}
          </MemoryRouter>
        </QueryClientProvider>
      );
      const { result } = renderHook(() => useResultBanner(), { wrapper: handed });
      act(() => vi.advanceTimersByTime(BANNER_DELAY_MS));
      expect(result.current.banner).toEqual(deleted);
      expect(result.current.undo?.busy).toBe(false);
    });

    it('a banner without Undo offers none', () => {
      const { result } = renderHook(() => useResultBanner(), { wrapper });
      act(() => result.current.show({ type: 'success', text: 'Saved' }));
      act(() => vi.advanceTimersByTime(BANNER_DELAY_MS));
      expect(result.current.undo).toBeUndefined();
    });
  });
});

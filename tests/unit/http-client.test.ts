/**
 * The HTTP client's announcements (any 401 logs out, a maintenance 503 shows maintenance; the login answers its
 * own), its retries when a busy server refused a request (503 busy) and
 * its prefetched answers (a first screen's data asked for ahead, taken once by the identical request).
 */
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  BUSY_RETRIES,
  clearPrefetched,
  maintenanceEvents,
  forgetPrefetched,
  IDEMPOTENCY_HEADER,
  peekPrefetched,
  PREFETCH_TTL_MS,
  SESSION_COOKIE,
  unauthorizedEvents,
} from '@/providers/http-client';

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body, { status })),
  );

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('announces a 401 and a 503 (with status and back_on) to their listeners', async () => {
    const unauthorized = vi.fn();
    const maintenance = vi.fn();
    const stopUnauthorized = unauthorizedEvents.subscribe(unauthorized);
    const stopMaintenance = maintenanceEvents.subscribe(maintenance);

    answer(401, { message: 'Unauthenticated.' });
    await expect(apiRequest('/projects')).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledWith({ error: expect.any(ApiError), token: undefined });

    answer(503, { status: 'Upgrading', back_on: '2030-01-01T00:00:00Z' });
    await expect(apiRequest('/projects')).rejects.toMatchObject({ status: 503 });
    expect(maintenance).toHaveBeenCalledWith({ status: 'Upgrading', back_on: '2030-01-01T00:00:00Z' });

    stopUnauthorized();
    stopMaintenance();
  });

  it('keeps quiet with announce: false (the login shows its own message for these)', async () => {
    const unauthorized = vi.fn();
    const maintenance = vi.fn();
    const stopUnauthorized = unauthorizedEvents.subscribe(unauthorized);
    const stopMaintenance = maintenanceEvents.subscribe(maintenance);

    answer(401, { message: 'Unauthenticated.' });
    await expect(apiRequest('/login', { method: 'POST', body: {}, announce: false })).rejects.toMatchObject({
      status: 401,
    });
    answer(503, {});
    await expect(apiRequest('/login', { method: 'POST', body: {}, announce: false })).rejects.toMatchObject({
      status: 503,
    });
    expect(unauthorized).not.toHaveBeenCalled();
    expect(maintenance).not.toHaveBeenCalled();

    stopUnauthorized();
    stopMaintenance();
  });

  it('reports a request without any response as status 0, No Response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/projects')).rejects.toMatchObject({ status: 0, message: 'No Response' });
  });
});

describe('a busy server (503 busy, Retry-After, retry_after_ms)', () => {
  const busy = () =>
    Response.json(
      { message: 'The server is busy. Try again in a moment.', busy: true },
      { status: 503, headers: { 'Retry-After': '2' } },
    );

  // The random part of the second after Retry-After: none, unless a test says otherwise.
  beforeEach(() => vi.spyOn(Math, 'random').mockReturnValue(0));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('comes back at a random moment of the second after Retry-After, so requests refused together return spread out', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.75);
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(Response.json({ data: [1] }, { status: 200 }));
    vi.stubGlobal('fetch', fetch);

    const request = apiRequest('/projects');
    await vi.advanceTimersByTimeAsync(2_749);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(request).resolves.toEqual({ data: [1] });
  });

  it('comes back at the turn the server gave it (retry_after_ms), sooner than Retry-After, with nothing random', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.75);
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        Response.json(
          { message: 'The server is busy. Try again in a moment.', busy: true, retry_after_ms: 340 },
          { status: 503, headers: { 'Retry-After': '1' } },
        ),
      )
      .mockResolvedValueOnce(Response.json({ data: [1] }, { status: 200 }));
    vi.stubGlobal('fetch', fetch);

    const request = apiRequest('/projects');
    await vi.advanceTimersByTimeAsync(339);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(request).resolves.toEqual({ data: [1] });
  });

  it("is asked again after Retry-After, and the answer that follows is the request's answer", async () => {
    vi.useFakeTimers();
    const maintenance = vi.fn();
    const stopMaintenance = maintenanceEvents.subscribe(maintenance);
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(Response.json({ data: [1] }, { status: 200 }));
    vi.stubGlobal('fetch', fetch);

    const request = apiRequest('/projects', { method: 'POST', body: { name: 'A' } });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(request).resolves.toEqual({ data: [1] });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1][1]).toMatchObject({ method: 'POST', body: JSON.stringify({ name: 'A' }) });
    expect(maintenance).not.toHaveBeenCalled();
    stopMaintenance();
  });

  it('sends a write again under the same Idempotency-Key, and each write under its own (never a read)', async () => {
    vi.useFakeTimers();
    Cookies.set(SESSION_COOKIE, 'token-1');
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(busy())
      .mockImplementation(async () => Response.json({ data: 1 }, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    try {
      const request = apiRequest('/projects', { method: 'POST', body: { name: 'A' } });
      await vi.advanceTimersByTimeAsync(2_000);
      await request;
      await apiRequest('/projects/1', { method: 'PATCH', body: { name: 'B' } });
      await apiRequest('/projects');
      const keys = fetch.mock.calls.map(
        ([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers[IDEMPOTENCY_HEADER],
      );
      expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
      expect(keys[1]).toBe(keys[0]);
      expect(keys[2]).toMatch(/^[0-9a-f-]{32,36}$/);
      expect(keys[2]).not.toBe(keys[0]);
      expect(keys[3]).toBeUndefined();
    } finally {
      Cookies.remove(SESSION_COOKIE);
    }
  });

  it(`gives up after ${BUSY_RETRIES} more tries with a 503 error, without the maintenance screen`, async () => {
    vi.useFakeTimers();
    const maintenance = vi.fn();
    const stopMaintenance = maintenanceEvents.subscribe(maintenance);
    const fetch = vi.fn(async () => busy());
    vi.stubGlobal('fetch', fetch);

    const request = apiRequest('/projects');
    const settled = expect(request).rejects.toMatchObject({
      status: 503,
      message: 'The server is busy. Try again in a moment.',
    });
    await vi.advanceTimersByTimeAsync(2_000 * BUSY_RETRIES);
    await settled;
    expect(fetch).toHaveBeenCalledTimes(BUSY_RETRIES + 1);
    expect(maintenance).not.toHaveBeenCalled();
    stopMaintenance();
  });

  it('stops waiting when the request is aborted', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => busy());
    vi.stubGlobal('fetch', fetch);
    const controller = new AbortController();

    const request = apiRequest('/projects', { signal: controller.signal });
    const settled = expect(request).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    await settled;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('a prefetched GET', () => {
  /** A fetch that answers each request with its own number and records who asked with which token. */
  function countingServer(status = 200) {
    const calls: { url: string; token: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const token = new Headers(init.headers).get('Authorization');
        calls.push({ url, token });
        return Response.json({ answer: calls.length }, { status });
      }),
    );
    return calls;
  }

  afterEach(() => {
    clearPrefetched();
    Cookies.remove(SESSION_COOKIE);
    vi.useRealTimers();
  });

  it('answers the identical request that follows, once, without asking the server again', async () => {
    Cookies.set(SESSION_COOKIE, 'token-a');
    const calls = countingServer();
    const prefetch = apiRequest('/projects', { query: { per_page: 25 }, prefetch: true });
    const page = apiRequest('/projects', { query: { per_page: 25 } });
    await expect(page).resolves.toEqual({ answer: 1 });
    await expect(prefetch).resolves.toEqual({ answer: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0].token).toBe('Bearer token-a');

    // Taken: the next identical request (a refetch) goes to the server.
    await expect(apiRequest('/projects', { query: { per_page: 25 } })).resolves.toEqual({ answer: 2 });
    // Another URL never takes it.
    await apiRequest('/projects', { query: { per_page: 25 }, prefetch: true });
    await expect(apiRequest('/projects', { query: { per_page: 10 } })).resolves.toEqual({ answer: 4 });
  });

  it('is not given to a request made with another token or after the session ended', async () => {
    Cookies.set(SESSION_COOKIE, 'token-a');
    const calls = countingServer();
    await apiRequest('/projects', { prefetch: true });
    Cookies.set(SESSION_COOKIE, 'token-b');
    await expect(apiRequest('/projects')).resolves.toEqual({ answer: 2 });
    expect(calls[1].token).toBe('Bearer token-b');

    Cookies.set(SESSION_COOKIE, 'token-a');
    await apiRequest('/projects', { prefetch: true });
    clearPrefetched();
    await expect(apiRequest('/projects')).resolves.toEqual({ answer: 4 });
  });

  it('is not given to a request made after it went stale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    Cookies.set(SESSION_COOKIE, 'token-a');
    countingServer();
    await apiRequest('/projects', { prefetch: true });
    vi.setSystemTime(Date.now() + PREFETCH_TTL_MS + 1);
    await expect(apiRequest('/projects')).resolves.toEqual({ answer: 2 });
  });

  it('can be read once it has arrived, for the same URL and token only, and is still taken by the request', async () => {
    Cookies.set(SESSION_COOKIE, 'token-a');
    const calls = countingServer();
    const prefetch = apiRequest('/projects', { query: { per_page: 25 }, prefetch: true });
    expect(peekPrefetched('/projects', { query: { per_page: 25 } })).toBeUndefined();
    await prefetch;
    expect(peekPrefetched('/projects', { query: { per_page: 25 } })).toEqual({ answer: 1 });
    expect(peekPrefetched('/projects', { query: { per_page: 10 } })).toBeUndefined();
    Cookies.set(SESSION_COOKIE, 'token-b');
    expect(peekPrefetched('/projects', { query: { per_page: 25 } })).toBeUndefined();
    Cookies.set(SESSION_COOKIE, 'token-a');

    await expect(apiRequest('/projects', { query: { per_page: 25 } })).resolves.toEqual({ answer: 1 });
    expect(calls).toHaveLength(1);
    expect(peekPrefetched('/projects', { query: { per_page: 25 } })).toBeUndefined();
  });

  it('once forgotten, is no longer given to the request it was made for', async () => {
    Cookies.set(SESSION_COOKIE, 'token-a');
    const calls = countingServer();
    await apiRequest('/projects', { query: { per_page: 25 }, prefetch: true });
    forgetPrefetched(peekPrefetched('/projects', { query: { per_page: 25 } }));
    expect(peekPrefetched('/projects', { query: { per_page: 25 } })).toBeUndefined();
    await expect(apiRequest('/projects', { query: { per_page: 25 } })).resolves.toEqual({ answer: 2 });
    expect(calls).toHaveLength(2);
  });

  it('cannot be read when it failed', async () => {
    Cookies.set(SESSION_COOKIE, 'expired');
    countingServer(401);
    await expect(apiRequest('/projects', { prefetch: true })).rejects.toBeInstanceOf(ApiError);
    expect(peekPrefetched('/projects')).toBeUndefined();
  });

  it('leaves a request with nothing prefetched for it on the network at once, before later ones', () => {
    Cookies.set(SESSION_COOKIE, 'token-a');
    const calls = countingServer();
    void apiRequest('/auth/validate');
    void apiRequest('/projects', { prefetch: true });
    expect(calls.map((call) => call.url)).toEqual([
      expect.stringMatching(/\/auth\/validate$/),
      expect.stringMatching(/\/projects$/),
    ]);
  });

  it('announces nothing when it fails, and the request that follows asks again and announces', async () => {
    Cookies.set(SESSION_COOKIE, 'expired');
    const unauthorized = vi.fn();
    const stop = unauthorizedEvents.subscribe(unauthorized);
    const calls = countingServer(401);
    await expect(apiRequest('/projects', { prefetch: true })).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).not.toHaveBeenCalled();
    await expect(apiRequest('/projects')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    stop();
  });
});

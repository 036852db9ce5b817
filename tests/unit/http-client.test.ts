/** The HTTP client's announcements: any 401 logs out, any 503 shows maintenance; the login answers its own. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, maintenanceEvents, unauthorizedEvents } from '@/providers/http-client';

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
    expect(unauthorized).toHaveBeenCalledWith(expect.any(ApiError));

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

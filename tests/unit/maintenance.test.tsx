import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAINTENANCE_RELOAD_MS, maintenanceReloadDelay } from '@/shell/states/maintenance';

describe('the maintenance reload', () => {
  const now = Date.parse('2026-05-01T10:00:00Z');

  it('reloads at back_on', () => {
    expect(maintenanceReloadDelay({ back_on: '2026-05-01T10:05:00Z' }, now)).toBe(5 * 60_000);
  });

  it('reloads after 60,000 ms without back_on, or with one that has passed or cannot be read', () => {
    expect(MAINTENANCE_RELOAD_MS).toBe(60_000);
    expect(maintenanceReloadDelay({ back_on: null }, now)).toBe(60_000);
    expect(maintenanceReloadDelay({ back_on: '2026-05-01T09:00:00Z' }, now)).toBe(60_000);
    expect(maintenanceReloadDelay({ back_on: 'soon' }, now)).toBe(60_000);
  });
});

describe("the page's maintenance state", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("shows the screen for a 503 answered before the screens' code was loaded", async () => {
    vi.resetModules();
    const { watchMaintenance } = await import('@/shell/states/maintenance');
    const { apiRequest } = await import('@/providers/http-client');
    watchMaintenance();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 'Moving to a new server', back_on: null }, { status: 503 })),
    );
    await expect(apiRequest('/companies/acme', { public: true })).rejects.toMatchObject({ status: 503 });

    const { ShellStates } = await import('@/shell/states/ShellStates');
    render(
      <ShellStates>
        <p>the portal</p>
      </ShellStates>,
    );
    await screen.findByRole('heading', { name: 'Moving to a new server' });
    expect(screen.queryByText('the portal')).not.toBeInTheDocument();
  });
});

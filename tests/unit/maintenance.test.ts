import { describe, expect, it } from 'vitest';
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

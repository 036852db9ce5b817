/** Spec 1 §4 'Maintenance': reload at `back_on` when it lies ahead, otherwise after 60,000 ms. */
import type { MaintenanceInfo } from '@/providers/http-client';

export const MAINTENANCE_RELOAD_MS = 60_000;

export function maintenanceReloadDelay(
  info: Pick<MaintenanceInfo, 'back_on'>,
  now: number = Date.now(),
): number {
  const backOn = info.back_on ? Date.parse(info.back_on) : Number.NaN;
  // A past or unreadable back_on would reload straight into the same 503 again and again.
  return Number.isFinite(backOn) && backOn > now ? backOn - now : MAINTENANCE_RELOAD_MS;
}

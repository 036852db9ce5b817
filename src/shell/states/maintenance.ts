/**
 * Spec 1 §4 'Maintenance': the page's maintenance state (the first 503 wins) and when the screen reloads (at
 * `back_on` when it lies ahead, otherwise after 60,000 ms).
 */
import { type MaintenanceInfo, maintenanceEvents } from '@/providers/http-client';

export const MAINTENANCE_RELOAD_MS = 60_000;

export function maintenanceReloadDelay(
  info: Pick<MaintenanceInfo, 'back_on'>,
  now: number = Date.now(),
): number {
  const backOn = info.back_on ? Date.parse(info.back_on) : Number.NaN;
  // A past or unreadable back_on would reload straight into the same 503 again and again.
  return Number.isFinite(backOn) && backOn > now ? backOn - now : MAINTENANCE_RELOAD_MS;
}

/** The first 503 of the page, once `watchMaintenance` has started listening. */
let maintenance: MaintenanceInfo | null = null;
const maintenanceListeners = new Set<() => void>();
let watching = false;

/**
 * Keeps the first 503 from now on. The entry calls it before it sends the start-up requests: they leave before the
 * screens' code has arrived, and a 503 to one of them must still show the maintenance screen when that code runs.
 */
export function watchMaintenance(): void {
  if (watching) return;
  watching = true;
  maintenanceEvents.subscribe((info) => {
    if (maintenance) return;
    maintenance = info;
    maintenanceListeners.forEach((listener) => listener());
  });
}

export const currentMaintenance = (): MaintenanceInfo | null => maintenance;

export function subscribeToMaintenance(listener: () => void): () => void {
  watchMaintenance();
  maintenanceListeners.add(listener);
  return () => void maintenanceListeners.delete(listener);
}

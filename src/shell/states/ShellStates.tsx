/**
 * The full-screen states that replace the whole app (spec 1 §4): maintenance after any 503 (reloading at
 * back_on or after 60 s) and no connection while the browser is offline.
 */
import { type PropsWithChildren, useEffect, useSyncExternalStore } from 'react';
import { type MaintenanceInfo, maintenanceEvents } from '@/providers/http-client';
import { maintenanceReloadDelay } from './maintenance';
import { MaintenanceScreen } from './MaintenanceScreen';
import { NoConnectionScreen } from './NoConnectionScreen';

function subscribeToConnectivity(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export const useOnline = () => useSyncExternalStore(subscribeToConnectivity, () => navigator.onLine);

/** The first 503 wins; kept from module load on, so a 503 during start-up is not missed. */
let maintenance: MaintenanceInfo | null = null;
const maintenanceListeners = new Set<() => void>();
maintenanceEvents.subscribe((info) => {
  if (maintenance) return;
  maintenance = info;
  maintenanceListeners.forEach((listener) => listener());
});
const subscribeToMaintenance = (listener: () => void) => {
  maintenanceListeners.add(listener);
  return () => void maintenanceListeners.delete(listener);
};

function useMaintenance(): MaintenanceInfo | null {
  const info = useSyncExternalStore(subscribeToMaintenance, () => maintenance);
  useEffect(() => {
    if (!info) return;
    const timer = setTimeout(() => window.location.reload(), maintenanceReloadDelay(info));
    return () => clearTimeout(timer);
  }, [info]);
  return info;
}

export function ShellStates({ children }: PropsWithChildren) {
  const maintenance = useMaintenance();
  const online = useOnline();
  if (maintenance) return <MaintenanceScreen info={maintenance} />;
  if (!online) return <NoConnectionScreen />;
  return children;
}

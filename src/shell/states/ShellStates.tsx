/**
 * The full-screen states that replace the whole app (spec 1 §4): maintenance after any 503 (reloading at
 * back_on or after 60 s) and no connection while the browser is offline.
 */
import { type PropsWithChildren, useEffect, useSyncExternalStore } from 'react';
import type { MaintenanceInfo } from '@/providers/http-client';
import { currentMaintenance, maintenanceReloadDelay, subscribeToMaintenance } from './maintenance';
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

function useMaintenance(): MaintenanceInfo | null {
  const info = useSyncExternalStore(subscribeToMaintenance, currentMaintenance);
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

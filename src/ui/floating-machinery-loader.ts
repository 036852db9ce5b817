/**
 * The floating machinery of the light components (@floating-ui/react with the menus', popovers', tooltips',
 * dialogs' and multiple choices' panels: `floating-machinery.ts`), loaded apart from them: a first screen renders
 * their buttons and elements only, and the machinery mounts when one is first opened, hovered or focused. It
 * loads when the browser is idle after a component's first paint, or at once when one needs it before; until it
 * has arrived an opening waits for it (and a failed load is tried again at the next one).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { browserIdle } from '@/lib/browser-idle';

export type FloatingMachinery = typeof import('./floating-machinery');

/** The longest a mounted component waits for an idle moment before the machinery loads anyway. */
export const IDLE_PRELOAD_TIMEOUT_MS = 2000;

let machinery: FloatingMachinery | null = null;
let loading: Promise<FloatingMachinery> | null = null;
/** Whether a component has asked for the idle moment already (a list's 25 row menus ask once between them). */
let waitingForIdle = false;
const listeners = new Set<() => void>();

export function loadFloatingMachinery(): Promise<FloatingMachinery> {
  loading ??= import('./floating-machinery').then(
    (module) => {
      machinery = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const current = () => machinery;
const load = () => loadFloatingMachinery().catch(() => undefined);

/** The machinery once it has arrived (null before); `needed` asks for it now rather than when idle. */
export function useFloatingMachinery(needed: boolean): FloatingMachinery | null {
  const loaded = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    if (needed && !machinery) void load();
  }, [needed]);
  useEffect(() => {
    if (machinery || waitingForIdle) return;
    waitingForIdle = true;
    void browserIdle(IDLE_PRELOAD_TIMEOUT_MS).then(() => requestAnimationFrame(() => void load()));
  }, []);
  return loaded;
}

/**
 * Which record of a list is being renamed in place (a row action's `rename`, spec 2 §4: 'Edit turns the name into
 * an input'): the row menu's entry starts it, the name cell shows the input while it lasts, saving or Escape ends
 * it. One record at a time, named by its resource and key.
 */
import type { BaseKey } from '@refinedev/core';
import { useSyncExternalStore } from 'react';

let current: string | null = null;
const listeners = new Set<() => void>();

const set = (next: string | null) => {
  current = next;
  for (const listener of listeners) listener();
};

const renamed = (resource: string, key: BaseKey) => `${resource}:${String(key)}`;

export const renaming = {
  start: (resource: string, key: BaseKey) => set(renamed(resource, key)),
  stop: () => set(null),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether this record's name is an input now. */
export const useRenaming = (resource: string, key: BaseKey) =>
  useSyncExternalStore(subscribe, () => current === renamed(resource, key));

/**
 * Which FAQ category is being renamed in place (spec 2 §4: 'Edit turns the name into an input'): the row menu's
 * Edit starts it, the name cell shows the input while it lasts, saving or Escape ends it.
 */
import type { BaseKey } from '@refinedev/core';
import { useSyncExternalStore } from 'react';

/** Categories are read under /questions and written under /admin (spec 2 §7). */
export const FAQ_WRITES = 'admin/questions/categories';

let current: BaseKey | null = null;
const listeners = new Set<() => void>();

const set = (next: BaseKey | null) => {
  current = next;
  for (const listener of listeners) listener();
};

export const renaming = {
  start: (id: BaseKey) => set(id),
  stop: () => set(null),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether this category's name is an input now. */
export const useRenaming = (id: BaseKey) => useSyncExternalStore(subscribe, () => current === id);

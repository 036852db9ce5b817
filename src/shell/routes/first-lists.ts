/**
 * What the entry needs to ask for a declared list's rows on a first visit (first-screen.ts), by the list's path:
 * the settings of every generic list, found in `src/resources/<entity>/list-settings.ts`, the small file the
 * entity's declaration takes its collection, list route and list request settings from. The entry reads them
 * there, not from the declarations, so it stays small; nothing is stated twice.
 */
import type { ListSettings } from '@/declarations/types';

const found = import.meta.glob<ListSettings>('../../resources/*/list-settings.ts', {
  eager: true,
  import: 'default',
});

export const FIRST_LISTS: Readonly<Record<string, ListSettings>> = Object.fromEntries(
  Object.values(found).map((settings) => [`/${settings.route}`, settings]),
);

/**
 * What the entry needs to ask for a declared overview's record on a first visit (first-screen.ts): the record
 * settings of every overview that states them, found in `src/resources/<entity>/overview-settings.ts`, the small
 * file the entity's declaration takes its collection, overview route and record parameter from. The entry reads
 * them there, not from the declarations, so it stays small; nothing is stated twice.
 */
import type { OverviewSettings } from '@/declarations/types';

const found = import.meta.glob<OverviewSettings>('../../resources/*/overview-settings.ts', {
  eager: true,
  import: 'default',
});

export const FIRST_OVERVIEWS: readonly OverviewSettings[] = Object.values(found);

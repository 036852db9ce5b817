/**
 * Every declared resource: the default export of each `src/resources/<entity>/<entity>.resource.tsx`, found by
 * the build (no list to keep). Adding an entity: write that file with `defineResource` and its texts as
 * `public/locales/{en,nl}/<ns>.json` (the build registers every namespace file). A declaration's own pages are
 * imported lazily from it, so they stay chunks of their own.
 */
import type { ResourceDeclaration } from '@/declarations/types';
import { compareCodeUnits } from '@/lib/intl-formats';

const declarations = import.meta.glob<ResourceDeclaration>('./*/*.resource.tsx', {
  eager: true,
  import: 'default',
});

/**
 * In the order of their API names, so the derived lists do not depend on the order files are found in. The names
 * are lower-case ASCII, so comparing code units orders them as a collator would, without `localeCompare`'s
 * collator set-up on every first visit (about 7 ms of the main thread, four times that on a slow phone).
 */
export const RESOURCES: ResourceDeclaration[] = Object.values(declarations).sort((a, b) =>
  compareCodeUnits(a.name, b.name),
);

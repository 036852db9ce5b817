/**
 * The lists and records of other resources that show what a list's writes change (`bulk.refreshes`: the libraries'
 * item counts after items are moved, archived or deleted), refreshed after a bulk action and after a row's call,
 * dialog or delete alike, so no screen keeps showing what was before until a reload (issue 31).
 */
import { useInvalidate } from '@refinedev/core';
import type { ResourceDeclaration } from '@/declarations/types';

export function useRelatedRefresh(resource: ResourceDeclaration): () => Promise<void> {
  const invalidate = useInvalidate();
  const related = resource.list?.bulk?.refreshes ?? [];
  return async () => {
    await Promise.all(
      related.map((name) => invalidate({ resource: name, invalidates: ['list', 'many', 'detail'] })),
    );
  };
}

/**
 * What a banner's Undo does (issue 46), always a real operation on the server, never a request held back: records
 * a delete sent to the recycling bin come back through the restore (`GET {collection}/{key}/restore`), and
 * records a bulk action changed get its inverse through the same bulk endpoint (archived ones activated). It is
 * plain data, so a banner handed to the next screen in the navigation state carries it along.
 */
import type { BaseKey, DataProvider } from '@refinedev/core';
import { apiRequest } from '@/providers/http-client';

export interface Undo {
  /** The records' collection (the resource). */
  resource: string;
  keys: Array<string | number>;
  /** Undone by this bulk action of the collection's bulk endpoint (`field[n][idField]`); by a restore without. */
  bulk?: { action: string; field: string; idField: string };
}

const isKey = (key: unknown) => typeof key === 'string' || typeof key === 'number';

export function isUndo(value: unknown): value is Undo {
  const undo = value as Partial<Undo> | null;
  const bulk = undo?.bulk;
  return (
    !!undo &&
    typeof undo.resource === 'string' &&
    Array.isArray(undo.keys) &&
    undo.keys.every(isKey) &&
    (bulk === undefined ||
      (typeof bulk.action === 'string' && typeof bulk.field === 'string' && typeof bulk.idField === 'string'))
  );
}

/** Undoes; what it did (for the banner's text), or throws with the server's message. */
export async function performUndo(
  undo: Undo,
  updateMany: DataProvider['updateMany'],
): Promise<'restored' | 'reverted'> {
  if (!undo.bulk) {
    for (const key of undo.keys)
      await apiRequest(`/${undo.resource}/${encodeURIComponent(String(key))}/restore`);
    return 'restored';
  }
  const { data } = await updateMany!({
    resource: undo.resource,
    ids: undo.keys as BaseKey[],
    variables: { action: undo.bulk.action },
    meta: { bulkKey: undo.bulk.field, bulkIdField: undo.bulk.idField },
  });
  if (((data as { failed?: unknown[] }).failed ?? []).length > 0) throw new Error('');
  return 'reverted';
}

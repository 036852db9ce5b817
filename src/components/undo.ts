/**
 * What a banner's Undo does (issue 46), always a real operation on the server, never a request held back: records
 * a delete sent to the recycling bin come back through the restore (`GET {collection}/{key}/restore`), and
 * records a bulk action changed get its inverse through the same bulk endpoint (archived ones activated, edited
 * ones their previous values), and a declared call its declared inverse (an archive's unarchive). It is plain data, so a banner handed to the next
 * screen in the navigation state carries it along.
 */
import type { BaseKey, DataProvider } from '@refinedev/core';
import type { CallDeclaration } from '@/declarations/types';
import { apiRequest } from '@/providers/http-client';
import { callRequest } from './call-request';
import { UNDO_TOKEN_HEADER } from '@shared/trash';

export interface Undo {
  /** The records' collection (the resource). */
  resource: string;
  keys: Array<string | number>;
  /**
   * Undone by this bulk action of the collection's bulk endpoint (`field[n][idField]`); an edit's by the same
   * action sending each group of records the values they had (`groups`, one call per group).
   */
  bulk?: { action: string; field: string; idField: string; groups?: UndoGroup[] };
  /** Undone by this call. Without `bulk` or `call`, by a restore. */
  call?: Pick<CallDeclaration, 'method' | 'path' | 'values'>;
  /**
   * The delete's undo token (`undo_token` of its answer): the restore then works for the user who deleted the
   * records even without restore-deleted-entities.
   */
  token?: string;
}

/** Records that get the same values back. */
export interface UndoGroup {
  keys: Array<string | number>;
  values: Record<string, unknown>;
}

const METHODS: ReadonlyArray<unknown> = ['post', 'patch', 'put', 'delete'];

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
      (typeof bulk.action === 'string' &&
        typeof bulk.field === 'string' &&
        typeof bulk.idField === 'string' &&
        (bulk.groups === undefined ||
          (Array.isArray(bulk.groups) &&
            bulk.groups.every(
              (group) =>
                Array.isArray(group?.keys) &&
                group.keys.every(isKey) &&
                !!group.values &&
                typeof group.values === 'object',
            ))))) &&
    (undo.call === undefined || (METHODS.includes(undo.call.method) && typeof undo.call.path === 'string')) &&
    (undo.token === undefined || typeof undo.token === 'string')
  );
}

/** Undoes; what it did (for the banner's text), or throws with the server's message. */
export async function performUndo(
  undo: Undo,
  { updateMany, custom }: Pick<DataProvider, 'updateMany' | 'custom'>,
): Promise<'restored' | 'reverted'> {
  if (undo.call) {
    const { url, method, values } = callRequest(undo.call);
    await custom!({ url, method, payload: values });
    return 'reverted';
  }
  if (!undo.bulk) {
    const headers = undo.token ? { [UNDO_TOKEN_HEADER]: undo.token } : undefined;
    for (const key of undo.keys)
      await apiRequest(`/${undo.resource}/${encodeURIComponent(String(key))}/restore`, { headers });
    return 'restored';
  }
  const { action, field, idField } = undo.bulk;
  const groups: ReadonlyArray<Partial<UndoGroup>> = undo.bulk.groups ?? [{ keys: undo.keys }];
  for (const group of groups) {
    const { data } = await updateMany!({
      resource: undo.resource,
      ids: group.keys as BaseKey[],
      variables: { action, ...(group.values && { values: group.values }) },
      meta: { bulkKey: field, bulkIdField: idField },
    });
    if (((data as { failed?: unknown[] }).failed ?? []).length > 0) throw new Error('');
  }
  return 'reverted';
}

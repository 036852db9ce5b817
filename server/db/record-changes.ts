/**
 * A record's field history (issue 46): every update of a declared entity's record (`entity.updateOne`: its form, a
 * bulk edit, an import) keeps who changed which fields from what to what. The fields are compared as the record's
 * single answer shows them before and after the update, so a change reads as a user sees it: a role by its title,
 * labels by their names, a flag as true or false. What no user sets is left out: timestamps of the row itself,
 * counts, and links to files (which change with every answer). The record's History (`GET
 * /{collection}/{id}/history`, server/http/crud/routes.ts) lists the changes, newest first.
 */
import type { DB } from './database';
import type { FieldChange } from './schema';

export type { FieldChange };

/** What a change keeps of a value: a scalar as it is, a record by its name or title, a list joined. */
export type ChangeValue = FieldChange['from'];

/** Fields a user never sets: the row's own bookkeeping. */
const BOOKKEEPING = new Set(['id', 'created_at', 'updated_at', 'deleted_at']);
const isCount = (field: string) => field.endsWith('_count') || field === 'count';
const isLink = (value: unknown) => typeof value === 'string' && /^(https?:)?\/\//.test(value);

/** A value of the answer as a change keeps it. */
export function changeValue(value: unknown): ChangeValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value))
    return value
      .map(changeValue)
      .filter((item) => item !== null && item !== '')
      .join(', ');
  if (typeof value === 'object') {
    const named = value as { name?: unknown; title?: unknown };
    return changeValue(named.name ?? named.title ?? null);
  }
  return null;
}

/** The fields whose shown value differs between two answers of one record, in the answer's order. */
export function fieldChanges(before: object, after: object): FieldChange[] {
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  const changes: FieldChange[] = [];
  for (const field of new Set([...Object.keys(was), ...Object.keys(is)])) {
    if (BOOKKEEPING.has(field) || isCount(field) || isLink(was[field]) || isLink(is[field])) continue;
    const from = changeValue(was[field]);
    const to = changeValue(is[field]);
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

export async function recordFieldChanges(
  db: DB,
  entry: {
    companyId: number | null;
    userId: number;
    collection: string;
    recordId: number;
    changes: FieldChange[];
  },
): Promise<void> {
  if (!entry.changes.length) return;
  await db
    .insertInto('record_changes')
    .values({
      company_id: entry.companyId,
      user_id: entry.userId,
      collection: entry.collection,
      record_id: entry.recordId,
      changes: JSON.stringify(entry.changes),
    })
    .execute();
}

/** The most changes a History lists. */
export const HISTORY_LIMIT = 200;

/** A record's changes, newest first, with the name of who made each (null: a user since removed). */
export async function recordHistory(
  db: DB,
  query: { companyId: number | null; collection: string; recordId: number },
) {
  let rows = db
    .selectFrom('record_changes')
    .leftJoin('users', 'users.id', 'record_changes.user_id')
    .select([
      'record_changes.id',
      'record_changes.changes',
      'record_changes.created_at',
      'record_changes.user_id',
      'users.name as user_name',
    ])
    .where('record_changes.collection', '=', query.collection)
    .where('record_changes.record_id', '=', query.recordId);
  rows =
    query.companyId === null
      ? rows.where('record_changes.company_id', 'is', null)
      : rows.where('record_changes.company_id', '=', query.companyId);
  const found = await rows
    .orderBy('record_changes.created_at', 'desc')
    .orderBy('record_changes.id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  return found.map((row) => ({
    id: row.id,
    datetime: new Date(row.created_at).toISOString(),
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
    changes: row.changes,
  }));
}

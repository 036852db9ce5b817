/**
 * Checks of request fields that the schema cannot make (does this id name a row of the tenant?), worded like
 * Laravel's `exists` rule, and `allValid`, which runs several such checks and reports every failing field at once
 * in one 422, as Laravel's validator does.
 */
import type { DB } from '../db/database';
import { type FieldErrors, ValidationError } from '../errors/http-errors';

const label = (field: string) => field.replace(/_/g, ' ');
export const invalidSelection = (field: string) => `The selected ${label(field)} is invalid.`;
export const requiredField = (field: string) => `The ${label(field)} field is required.`;
/** Laravel's `unique` rule. */
export const alreadyTaken = (field: string) => `The ${label(field)} has already been taken.`;

/** Awaits every check; when some threw a ValidationError, throws one with all their errors (in check order). */
export async function allValid<T extends readonly unknown[]>(checks: {
  [K in keyof T]: Promise<T[K]>;
}): Promise<T> {
  const settled = await Promise.allSettled(checks);
  const errors: FieldErrors = {};
  for (const result of settled) {
    if (result.status === 'fulfilled') continue;
    if (!(result.reason instanceof ValidationError)) throw result.reason;
    Object.assign(errors, result.reason.errors);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** A 422 `required` for each field the body sends as null (or empty) that may be left out but not emptied. */
export function notEmptied(body: object, fields: string[]): Promise<void> {
  const errors: FieldErrors = {};
  for (const field of fields) {
    if (Object.hasOwn(body, field) && (body as Record<string, unknown>)[field] === null)
      errors[field] = [requiredField(field)];
  }
  return Object.keys(errors).length ? Promise.reject(new ValidationError(errors)) : Promise.resolve();
}

/** Ids of `field[]` that are not in `known`, as Laravel's `field.N` errors. */
function unknownIds(field: string, ids: number[], known: Set<number>): FieldErrors {
  const errors: FieldErrors = {};
  ids.forEach((id, index) => {
    if (!known.has(id)) errors[`${field}.${index}`] = [invalidSelection(`${field}.${index}`)];
  });
  return errors;
}

/** One 422 with every field's errors, when there are any. */
export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Tables of a company's own records that a field may name by id; the ones with `deleted_at` name only live rows. */
type CompanyTable = 'labels' | 'groups' | 'libraries' | 'projects' | 'roles';
const SOFT_DELETED: ReadonlySet<CompanyTable> = new Set(['groups', 'libraries', 'projects', 'roles']);

/** Which of `ids` name a live row of the company in `table`. */
async function liveRowIds(db: DB, table: CompanyTable, companyId: number, ids: number[]) {
  if (!ids.length) return new Set<number>();
  let query = db.selectFrom(table).select('id').where('company_id', '=', companyId).where('id', 'in', ids);
  if (SOFT_DELETED.has(table)) query = query.where('deleted_at', 'is', null);
  return new Set((await query.execute()).map((row) => row.id));
}

/**
 * `field[]`: ids of the company's live rows of `table` (`labels[]`, `groups[]`, `libraries[]`), each unknown one a
 * `field.N` error. Answers the ids without repeats.
 */
export async function companyRecordIds(
  db: DB,
  table: CompanyTable,
  companyId: number,
  ids: number[],
  field: string = table,
): Promise<number[]> {
  throwIfAny(unknownIds(field, ids, await liveRowIds(db, table, companyId, ids)));
  return [...new Set(ids)];
}

/** `field`: the id of a live row of the company in `table` (`project_id`, `role_id`); null and absent stay so. */
export async function companyRecordId<TId extends number | null | undefined>(
  db: DB,
  table: CompanyTable,
  companyId: number,
  id: TId,
  field: string,
): Promise<TId> {
  if (id === null || id === undefined) return id;
  if (!(await liveRowIds(db, table, companyId, [id])).has(id))
    throw new ValidationError({ [field]: [invalidSelection(field)] });
  return id;
}

/** `users[]`: users who belong to the company. Answers the ids without repeats. */
export async function companyMemberIds(db: DB, companyId: number, ids: number[], field = 'users') {
  const rows = ids.length
    ? await db
        .selectFrom('company_user')
        .innerJoin('users', 'users.id', 'company_user.user_id')
        .select('users.id')
        .where('company_user.company_id', '=', companyId)
        .where('users.deleted_at', 'is', null)
        .where('users.id', 'in', ids)
        .execute()
    : [];
  throwIfAny(unknownIds(field, ids, new Set(rows.map((row) => row.id))));
  return [...new Set(ids)];
}

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

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** `labels[]`: labels of the company. Answers the ids without repeats. */
export async function companyLabelIds(db: DB, companyId: number, ids: number[], field = 'labels') {
  const rows = ids.length
    ? await db
        .selectFrom('labels')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute()
    : [];
  throwIfAny(unknownIds(field, ids, new Set(rows.map((row) => row.id))));
  return [...new Set(ids)];
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

/** A live project of the company (e.g. `project_id`, `parent_id`); null stays null. */
export async function companyProjectId(
  db: DB,
  companyId: number,
  id: number | null | undefined,
  field: string,
) {
  if (id === null || id === undefined) return id;
  const row = await db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new ValidationError({ [field]: [invalidSelection(field)] });
  return id;
}

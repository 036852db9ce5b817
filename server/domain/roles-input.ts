/** Checks shared by the security writes: a role or groups of the company, named like Laravel's `exists` rule. */
import type { DB } from '../db/database';
import { ValidationError } from '../errors/http-errors';
import { invalidSelection } from '../http/field-checks';

/** `role_id`: a role of the company; null and absent stay as they are. */
export async function companyRoleId(
  db: DB,
  companyId: number,
  id: number | null | undefined,
  field = 'role_id',
): Promise<number | null | undefined> {
  if (id === null || id === undefined) return id;
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new ValidationError({ [field]: [invalidSelection(field)] });
  return id;
}

/** `groups[]`: groups of the company, without repeats. */
export async function companyGroupIds(db: DB, companyId: number, ids: number[], field = 'groups') {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const rows = await db
    .selectFrom('groups')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', unique)
    .execute();
  const known = new Set(rows.map((row) => row.id));
  const errors: Record<string, string[]> = {};
  ids.forEach((id, index) => {
    if (!known.has(id)) errors[`${field}.${index}`] = [invalidSelection(`${field}.${index}`)];
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return unique;
}

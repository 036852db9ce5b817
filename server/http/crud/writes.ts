/**
 * The writes a declaration gets without hooks: the input's fields as columns of the entity's table (create with
 * the company, update with `updated_at`), delete or trash, restore; and the checks before them: fields that may
 * be left out but not emptied, and fields unique in the company.
 */
import type { TObject, TSchema } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { restore, type SoftDeleteTable, softDelete } from '../../db/retention';
import type { Database } from '../../db/schema';
import { type FieldErrors, ValidationError } from '../../errors/http-errors';

const isNullable = (schema: TSchema) =>
  Array.isArray(schema.anyOf) && schema.anyOf.some((branch: TSchema) => branch.type === 'null');

/** Fields of the input schema that may be absent but never null (required ones, and optional non-nullable ones). */
export const notNullableFields = (input: TObject) =>
  Object.entries(input.properties)
    .filter(([, schema]) => !isNullable(schema))
    .map(([field]) => field);

/**
 * The submitted values of the input schema's fields (absent ones left out, null kept): only the schema's own
 * properties become columns, whatever else a body names (`__proto__`, `constructor`, `toString` are no fields).
 */
export function inputColumns(input: TObject, body: object): Array<[string, unknown]> {
  return Object.entries(body).filter(
    ([field, value]) => Object.hasOwn(input.properties, field) && value !== undefined,
  );
}

/** Inserts the row with the company (`companyId` null: a platform entity's row, which has no company). */
export async function insertRow(
  db: DB,
  table: keyof Database,
  companyId: number | null,
  columns: Array<[string, unknown]>,
): Promise<number> {
  const all: Array<[string, unknown]> =
    companyId === null ? columns : [['company_id', companyId], ...columns];
  const names = all.map(([name]) => sql.ref(name));
  const values = all.map(([, value]) => value);
  const { rows } = await sql<{ id: number }>`
    insert into ${sql.table(table)} (${sql.join(names)}) values (${sql.join(values)}) returning id
  `.execute(db);
  return rows[0].id;
}

export async function updateRow(
  db: DB,
  table: keyof Database,
  id: number,
  columns: Array<[string, unknown]>,
): Promise<void> {
  const changes = columns.map(([name, value]) => sql`${sql.ref(name)} = ${value}`);
  await sql`
    update ${sql.table(table)} set ${sql.join([...changes, sql`updated_at = now()`])} where id = ${id}
  `.execute(db);
}

/**
 * Deletes the row, or with `trash` (a declaration that says `softDelete`) moves it to the recycling bin (`companyId`
 * null: a platform entity's row, which is deleted).
 */
export async function removeRow(
  db: DB,
  table: keyof Database,
  companyId: number | null,
  id: number,
  trash = false,
): Promise<void> {
  if (companyId === null) await sql`delete from ${sql.table(table)} where id = ${id}`.execute(db);
  else if (trash) await softDelete(db, table as SoftDeleteTable, companyId, id);
  else await sql`delete from ${sql.table(table)} where id = ${id} and company_id = ${companyId}`.execute(db);
}

/** Brings a soft-deleting entity's row back from the recycling bin. */
export async function restoreRow(
  db: DB,
  table: keyof Database,
  companyId: number,
  id: number,
): Promise<void> {
  await restore(db, table as SoftDeleteTable, companyId, id);
}

/**
 * 422 "The {field} has already been taken." for each given value another (live) row of the company has (with
 * `companyId` null: any other row of the table, for platform entities).
 */
export async function checkUnique(
  db: DB,
  table: keyof Database,
  companyId: number | null,
  fields: readonly string[],
  body: Record<string, unknown>,
  exceptId: number | null,
  liveOnly: boolean,
): Promise<void> {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    const { rows } = await sql`
      select 1 from ${sql.table(table)}
      where ${companyId === null ? sql`true` : sql`company_id = ${companyId}`} and ${sql.ref(field)} = ${value}
        ${exceptId === null ? sql`` : sql`and id <> ${exceptId}`}
        ${liveOnly ? sql`and deleted_at is null` : sql``}
      limit 1
    `.execute(db);
    if (rows.length) errors[field] = [`The ${field.replace(/_/g, ' ')} has already been taken.`];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

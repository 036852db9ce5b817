/**
 * The server's half of an entity's declared fields (shared/fields.ts; the table's type is in
 * server/db/declared-fields-table.ts): the parts of its declaration that follow from the fields (schemas, the
 * unique name, the company's rows, the name, the list's sorts and search, and the answer), so a plain entity's
 * `*.entity.ts` states only its names and abilities:
 *
 *   export default defineEntity({ collection: 'labels', …, abilities, ...declaredFields('labels', LABEL_FIELDS) });
 */
import type { Static } from '@sinclair/typebox';
import { type SelectQueryBuilder, sql, type SqlBool } from 'kysely';
import { inputSchemaOf, itemSchemaOf } from '../../../shared/field-schemas';
import { type EntityFields, FIELD_KIND_RULES, nameFieldOf } from '../../../shared/fields';
import type { DB } from '../../db/database';
import type { DeclaredFieldsRow } from '../../db/declared-fields-table';
import type { Database } from '../../db/schema';
import { iso } from '../schema-types';

/**
 * The declaration's parts that follow from the fields of `table` (a company's rows, deleted for good), listed newest
 * first unless `defaultSort` says otherwise.
 */
export function declaredFields<TB extends keyof Database, F extends EntityFields>(
  table: TB,
  fields: F,
  { defaultSort = '-created_at' }: { defaultSort?: string } = {},
) {
  type Row = DeclaredFieldsRow<F>;
  const input = inputSchemaOf(fields);
  const item = itemSchemaOf(fields);
  const names = Object.keys(fields);
  const name = nameFieldOf(fields);
  const column = (field: string) => sql.ref(`${table}.${field}`);
  const columns = ['id', 'company_id', ...names, 'created_at', 'updated_at'].map((field) =>
    // A date as the API answers it (`YYYY-MM-DD`), whatever the driver makes of a date column.
    fields[field]?.kind === 'date'
      ? sql<string | null>`${column(field)}::text`.as(field)
      : sql`${column(field)}`.as(field),
  );
  return {
    table,
    schemas: { input, item },
    unique: [name] as Array<keyof Static<typeof input> & string>,
    // The rows' type is the table's: the query is built by column names, which the type cannot follow.
    rows: (db: DB, companyId: number) =>
      db
        .selectFrom(table as keyof Database)
        .select(columns)
        .where(sql<SqlBool>`${column('company_id')} = ${companyId}`) as unknown as SelectQueryBuilder<
        Database,
        TB,
        Row
      >,
    nameOf: (row: Row) => String(row[name as keyof Row]),
    list: () => ({
      sorts: Object.fromEntries(
        [
          ...names.filter((field) => FIELD_KIND_RULES[fields[field].kind].sortable),
          'created_at',
          'updated_at',
        ].map((field) => [field, `${table}.${field}`]),
      ),
      defaultSort,
      search: [`${table}.${name}`],
    }),
    present: async (_ctx: unknown, rows: Row[]) =>
      rows.map(
        (row) =>
          Object.fromEntries(
            Object.keys(item.properties).map((field) => {
              const value = row[field as keyof Row];
              return [field, value instanceof Date ? iso(value) : value];
            }),
          ) as Static<typeof item>,
      ),
  };
}

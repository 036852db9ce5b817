/**
 * The table of an entity with declared fields (shared/fields.ts): `id`, `company_id`, a column per field and the
 * timestamps. `Database` (server/db/schema.ts) names it (`labels: DeclaredFieldsTable<typeof LABEL_FIELDS>`), so the
 * field is not written again as a column type.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { EntityFields } from '../../shared/fields';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Each kind's column type (its SQL in a migration: text not null, text, integer, boolean not null default false, date, text not null). */
interface ColumnTypes {
  text: string;
  textarea: string | null;
  number: number | null;
  boolean: Generated<boolean>;
  date: ColumnType<string | null, string | null | undefined, string | null>;
  color: string;
}

/**
 * The table of an entity with declared fields: `id`, `company_id`, the fields and the timestamps, named in
 * `Database` (`paint_suppliers: DeclaredFieldsTable<typeof PAINT_SUPPLIER_FIELDS>`).
 */
export type DeclaredFieldsTable<F extends EntityFields> = { id: Generated<number>; company_id: number } & {
  -readonly [K in keyof F]: ColumnTypes[F[K]['kind']];
} & { created_at: Timestamp; updated_at: Timestamp };

export type DeclaredFieldsRow<F extends EntityFields> = Selectable<DeclaredFieldsTable<F>>;

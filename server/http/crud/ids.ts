/**
 * The `{id}` path parameter of every single-row endpoint and its find-or-404. Ids are PostgreSQL `integer`s, so
 * the parameter is bounded to 1..2147483647: anything else (out of range, not a number) answers 404 like a
 * missing row, never a database error.
 */
import { type Static, Type } from '@sinclair/typebox';
import { modelNotFound } from '../../errors/http-errors';

export const INT4_MAX = 2_147_483_647;

export const Id = Type.Integer({ minimum: 1, maximum: INT4_MAX });
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/** A name that keys a row (`idField: 'name'`): any non-empty string, URL-decoded from the path. */
export const NameKey = Type.String({ minLength: 1, maxLength: 255 });
export const NameParams = Type.Object({ id: NameKey });

/** The value that keys a row in a path or a bulk call: an id, or a name. */
export type RowKey = number | string;

/** The row, or Laravel's route-model-binding 404 `No query results for model [App\Models\{model}] {id}`. */
export async function foundOr404<Row>(
  row: Promise<Row | undefined>,
  model: string,
  id: RowKey,
): Promise<Row> {
  const found = await row;
  if (found === undefined) throw modelNotFound(model, id);
  return found;
}

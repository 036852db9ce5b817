/**
 * Saved views (issue 33): every signed-in user's own named states of the portal's lists (filters, search, sort,
 * rows per page, grid or list), in the company of the request. List (`filter[list]`, `filter[is_default]`; sorts
 * name, created_at, updated_at), show, create, update, delete and bulk delete, each only of the user's own views:
 * another user's view, or another company's, answers 404 (`owner`). A name is unique among the user's views of one
 * list (422 under `name`); marking a view as the list's default clears the user's other default of that list in
 * the same transaction (a partial unique index holds it, migration 0150). The session answers the defaults
 * (`default_views`, server/auth/session.ts), so a list opens with its default without a request of its own.
 * The table's type is in server/db/schema.ts.
 */
import { SAVED_VIEW_ABILITIES } from '../../shared/entities/saved-view-values';
import { Type } from '@sinclair/typebox';
import type { SavedViewStateValue } from '../../shared/entities/saved-view-values';
import { SavedViewInputSchema, SavedViewSchema } from '../../shared/entities/saved-views';
import type { DB } from '../db/database';
import { ValidationError } from '../errors/http-errors';
import type { CrudContext, Submitted } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { notNullableFields } from '../http/crud/writes';
import { iso } from '../http/schema-types';
import { allValid, notEmptied } from '../http/field-checks';
import { inTransaction } from '../db/in-transaction';

type Body = Submitted<{
  list: string;
  name: string;
  state: SavedViewStateValue;
  is_default?: boolean;
}>;

const NOT_NULLABLE = notNullableFields(SavedViewInputSchema);

/** 422 under `name` when the user has another view of this name on the list. */
async function nameFree(
  ctx: CrudContext,
  list: string,
  name: string | null | undefined,
  exceptId: number | null,
) {
  if (!name) return;
  let query = ctx.db
    .selectFrom('saved_views')
    .select('id')
    .where('company_id', '=', ctx.session.company.id)
    .where('user_id', '=', ctx.session.user.id)
    .where('list', '=', list)
    .where('name', '=', name);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst())
    throw new ValidationError({ name: ['The name has already been taken.'] });
}

/** Clears the user's default of the list (inside the write's transaction, before another becomes it). */
const clearDefault = (db: DB, ctx: CrudContext, list: string) =>
  db
    .updateTable('saved_views')
    .set({ is_default: false, updated_at: new Date() })
    .where('company_id', '=', ctx.session.company.id)
    .where('user_id', '=', ctx.session.user.id)
    .where('list', '=', list)
    .where('is_default', '=', true)
    .execute();

export default defineEntity({
  collection: 'saved-views',
  tag: 'saved-views',
  model: 'SavedView',
  entity: 'saved_view',
  // A user's own way of looking at the lists (issue 33), not the company's data: not in the activity.
  activity: false,
  table: 'saved_views',
  owner: 'user_id',
  abilities: SAVED_VIEW_ABILITIES,
  schemas: {
    input: SavedViewInputSchema,
    item: SavedViewSchema,
    // A view stays on its list: an update renames it, replaces its state or makes it (no longer) the default.
    update: Type.Partial(Type.Omit(SavedViewInputSchema, ['list'])),
  },
  rows: (db, companyId) =>
    db.selectFrom('saved_views').selectAll().where('saved_views.company_id', '=', companyId),
  nameOf: (row) => row.name,
  list: () => ({
    sorts: {
      name: 'saved_views.name',
      created_at: 'saved_views.created_at',
      updated_at: 'saved_views.updated_at',
    },
    defaultSort: 'name',
    search: ['saved_views.name'],
    filters: {
      list: { type: 'string', where: (eb, lists) => eb('saved_views.list', 'in', lists) },
      is_default: { type: 'boolean', where: (eb, values) => eb('saved_views.is_default', 'in', values) },
    },
  }),
  present: async (_ctx, rows) =>
    rows.map((row) => ({
      id: row.id,
      list: row.list,
      name: row.name,
      state: row.state,
      is_default: row.is_default,
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    })),
  async create(ctx, input) {
    const body = input as Body;
    await allValid([notEmptied(body, NOT_NULLABLE), nameFree(ctx, body.list!, body.name, null)]);
    const id = await inTransaction(ctx.db, async (trx) => {
      if (body.is_default) await clearDefault(trx, ctx, body.list!);
      const row = await trx
        .insertInto('saved_views')
        .values({
          company_id: ctx.session.company.id,
          user_id: ctx.session.user.id,
          list: body.list!,
          name: body.name!,
          state: JSON.stringify(body.state),
          is_default: body.is_default ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    return { id };
  },
  async update(ctx, row, input) {
    const body = input as Body;
    const { list } = row;
    await allValid([notEmptied(body, NOT_NULLABLE), nameFree(ctx, list, body.name, row.id)]);
    await inTransaction(ctx.db, async (trx) => {
      if (body.is_default) await clearDefault(trx, ctx, list);
      await trx
        .updateTable('saved_views')
        .set({
          ...(body.name && { name: body.name }),
          ...(body.state && { state: JSON.stringify(body.state) }),
          ...(body.is_default !== undefined && body.is_default !== null && { is_default: body.is_default }),
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
    });
  },
  bulk: { actions: { delete: 'delete' } },
});

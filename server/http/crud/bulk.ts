/**
 * `POST /{collection}/update` with `{key}[n][id]` and `action` (spec 2 §7): the action runs on each row in its own
 * transaction, so a row that fails (not found in the company, refused by the action's hook, or any error) is left
 * exactly as it was while the others are applied. Answers `{action, success: [{id, name}], failed: [{id, name,
 * message}]}`; the guard lets in anyone holding one of the actions' abilities, the handler then checks the
 * chosen action's ability. The action `edit` (a declaration's `bulk.edit`, issue 46) sets `values` on each row
 * through the entity's update, in the row's transaction under its lock; each success names the values it replaced
 * (`previous`).
 */
import { type Static, type TObject, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, invalidField } from '../../errors/http-errors';
import { FORM_CONTENT_TYPES } from '../request-input';
import { type BulkFailure, bulkResult, BulkResultSchema } from '../responses';
import { StringEnum } from '../schema-types';
import type { BulkAction, CrudContext, Followup, Submitted } from './declaration';
import { contextOf, eitherOf, requireAbility } from './context';
import { undoTokenFor } from './undo-token';
import type { Entity } from './declared-entity';
import { Id, NameKey, type RowKey } from './ids';

export const BulkSuccessSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** An edit's: the values it replaced, by field. */
  previous: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/** The bulk action that sets the same values on every row (`bulk.edit`). */
export const EDIT_ACTION = 'edit';

/** What applying an action to one row gave: a followup to run after all rows, an edit's replaced values. */
interface Applied {
  followup?: Followup | void;
  previous?: Record<string, unknown>;
}

export async function registerBulkEndpoint<
  TB extends keyof Database,
  Row extends { id: number },
  Input extends TObject,
  Item extends TObject,
  Detail extends TObject,
>(app: FastifyInstance, entity: Entity<TB, Row, Input, Item, Detail>): Promise<void> {
  const { bulk, abilities } = entity;
  if (!bulk) return;
  const key = bulk.key ?? entity.collection.split('/').at(-1)!;
  const idField = entity.idField ?? 'id';
  const actions = new Map<string, BulkAction<Row>>();
  for (const [name, action] of Object.entries(bulk.actions)) {
    if (action !== 'delete') actions.set(name, action);
    else if (abilities.delete) {
      actions.set(name, {
        ability: abilities.delete,
        run: (ctx, row) => entity.removeOne(ctx, row),
      });
    } else throw new Error(`${entity.collection}: the bulk delete needs a delete ability`);
  }
  const edit = bulk.edit;
  if (edit && !abilities.update)
    throw new Error(`${entity.collection}: the bulk edit needs an update ability`);
  // The edit is listed with the others for the guard and the body's enum; it runs apart (`editRow`).
  if (edit && abilities.update) actions.set(EDIT_ACTION, { ability: abilities.update, run: async () => {} });
  type Body = Submitted<Static<Input>>;
  /** The values an edit replaces, from the row: the declaration's `current`, or its columns of these names. */
  const currentOf = (ctx: CrudContext, row: Row): Promise<Record<string, unknown>> =>
    edit?.current ? edit.current(ctx, row) : Promise.resolve(row as unknown as Record<string, unknown>);
  /** Told the row found in the request's company, before the action runs on it (its name for the answer). */
  type Found = (row: Row) => void;
  const runInTransaction =
    (ctx: CrudContext, action: BulkAction<Row>) =>
    (id: RowKey, found: Found): Promise<Applied> =>
      ctx.db.transaction().execute(async (trx) => {
        const row = await entity.findFor({ ...ctx, db: trx }, id);
        found(row);
        return { followup: await action.run({ ...ctx, db: trx }, row) };
      });
  // The values an edit replaces are read under the row's lock, in the transaction that changes it: a write between
  // the two (another user's) waits, so `previous` is what the edit replaced and its Undo puts back.
  const editRow =
    (ctx: CrudContext, values: Body) =>
    (id: RowKey, found: Found): Promise<Applied> =>
      ctx.db.transaction().execute(async (trx) => {
        const rowCtx = { ...ctx, db: trx };
        const row = await entity.findFor(rowCtx, id);
        await sql`select 1 from ${sql.table(entity.table)} where id = ${row.id} for update`.execute(trx);
        found(row);
        const current = await currentOf(rowCtx, row);
        const previous = Object.fromEntries(
          Object.keys(values).map((field) => [field, current[field] ?? null]),
        );
        return { followup: await entity.updateOne(rowCtx, row, values), previous };
      });
  const anyAbility = eitherOf([...actions.values()].map((action) => action.ability));
  app.post<{ Body: { action: string } & Record<string, unknown> }>(
    `/${entity.writeCollection ?? entity.collection}/update`,
    entity.route(
      anyAbility,
      entity.summaries?.bulk ??
        `Applies an action (${[...actions.keys()].join(', ')}) to several ${entity.tag}, each row on its own`,
      {
        consumes: FORM_CONTENT_TYPES,
        body: Type.Object({
          ...bulk.body,
          ...(edit && {
            values: Type.Optional(
              Type.Partial(Type.Pick(entity.schemas.update ?? entity.schemas.input, [...edit.fields])),
            ),
          }),
          action: StringEnum([...actions.keys()]),
          [key]: Type.Array(Type.Object({ [idField]: idField === 'name' ? NameKey : Id }), {
            minItems: 1,
          }),
        }),
        response: { 200: BulkResultSchema(BulkSuccessSchema) },
      },
    ),
    async (request) => {
      const ctx = await contextOf(request);
      const action = actions.get(request.body.action)!;
      // Every signed-in user may use an action of SIGNED_IN (a user's own rows): the guard checked the token.
      requireAbility(ctx.session, action.ability);
      const ids = (request.body[key] as Array<Record<string, RowKey>>).map((item) => item[idField]);
      let applyTo = runInTransaction(ctx, action);
      if (request.body.action === EDIT_ACTION) {
        const values = (request.body.values ?? {}) as Body;
        if (!Object.keys(values).length) throw invalidField('values', 'The values field is required.');
        applyTo = editRow(ctx, values);
      }
      const success: Array<Static<typeof BulkSuccessSchema>> = [];
      const failed: BulkFailure[] = [];
      const followups: Followup[] = [];
      for (const id of new Set(ids)) {
        let name = String(id);
        let rowId = typeof id === 'number' ? id : 0;
        try {
          const { followup, previous } = await applyTo(id, (row) => {
            name = entity.nameOf(row);
            rowId = row.id;
          });
          if (followup) followups.push(followup);
          success.push(previous ? { id: rowId, name, previous } : { id: rowId, name });
        } catch (error) {
          if (!(error instanceof HttpError)) request.log.error(error);
          const message = error instanceof HttpError ? error.message : 'Server Error';
          failed.push({ id: rowId, name, message });
        }
      }
      for (const followup of followups) await followup();
      const result = bulkResult(request.body.action, success, failed);
      // Records a delete sent to the recycling bin: its user may undo it without the bin's restore ability.
      const trashed = request.body.action === 'delete' && entity.softDelete && success.length > 0;
      if (!trashed) return result;
      const keys = success.map((entry) => (idField === 'name' ? entry.name : entry.id));
      return { ...result, undo_token: undoTokenFor(ctx, entity.collection, keys) };
    },
  );
}

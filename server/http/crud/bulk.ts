/**
 * `POST /{collection}/update` with `{key}[n][id]` and `action` (spec 2 §7): the action runs on each row in its own
 * transaction, so a row that fails (not found in the company, refused by the action's hook, or any error) is left
 * exactly as it was while the others are applied. Answers `{action, success: [{id, name}], failed: [{id, name,
 * message}]}`; the guard lets in anyone holding one of the actions' abilities, the handler then checks the
 * chosen action's ability.
 */
import { type TObject, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { anyOfRequired, type RequiredAbilities } from '../../../shared/abilities';
import { authorize, requireAdmin } from '../../auth/session';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors/http-errors';
import { FORM_CONTENT_TYPES } from '../request-input';
import { type BulkFailure, bulkResult, BulkResultSchema } from '../responses';
import { StringEnum } from '../schema-types';
import {
  type AbilityRequirement,
  ADMIN_ONLY,
  type BulkAction,
  type Followup,
  SIGNED_IN,
} from './declaration';
import { contextOf } from './context';
import type { Entity } from './declared-entity';
import { Id, NameKey, type RowKey } from './ids';

export const BulkSuccessSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

/**
 * The bulk route's guard: what lets in anyone who may run one of the actions (the handler then checks the chosen
 * one's). A valid token when an action is SIGNED_IN; the admin flag when every action is ADMIN_ONLY; else any one of
 * the actions' abilities (administrators pass those too, so ADMIN_ONLY adds nothing).
 */
function eitherOf(requirements: readonly AbilityRequirement[]): AbilityRequirement {
  const abilities: RequiredAbilities[] = [];
  for (const requirement of requirements) {
    if (requirement === SIGNED_IN) return SIGNED_IN;
    if (requirement !== ADMIN_ONLY) abilities.push(requirement);
  }
  const [first, ...rest] = abilities;
  return first === undefined ? ADMIN_ONLY : anyOfRequired(first, ...rest);
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
      // An action of ADMIN_ONLY needs the admin flag; every signed-in user may use one of SIGNED_IN (a user's own
      // rows), the guard checked the token.
      if (action.ability === ADMIN_ONLY) requireAdmin(ctx.session);
      else if (action.ability !== SIGNED_IN) authorize(ctx.session, action.ability);
      const ids = (request.body[key] as Array<Record<string, RowKey>>).map((item) => item[idField]);
      const success: Array<{ id: number; name: string }> = [];
      const failed: BulkFailure[] = [];
      const followups: Followup[] = [];
      for (const id of new Set(ids)) {
        let name = String(id);
        let rowId = typeof id === 'number' ? id : 0;
        try {
          const followup = await ctx.db.transaction().execute(async (trx) => {
            const row = await entity.findFor({ ...ctx, db: trx }, id);
            name = entity.nameOf(row);
            rowId = row.id;
            return action.run({ ...ctx, db: trx }, row);
          });
          if (followup) followups.push(followup);
          success.push({ id: rowId, name });
        } catch (error) {
          if (!(error instanceof HttpError)) request.log.error(error);
          const message = error instanceof HttpError ? error.message : 'Server Error';
          failed.push({ id: rowId, name, message });
        }
      }
      for (const followup of followups) await followup();
      return bulkResult(request.body.action, success, failed);
    },
  );
}

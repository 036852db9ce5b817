/**
 * `defineEntity` completes a declaration with what every endpoint of the entity (standard or special) uses:
 * find-or-404 in the company, the full list spec, the single answer and the route options (the guard of an
 * ability, with the declaration's licence, and the OpenAPI tag; `guarded` in http/guarded-route.ts) of a special
 * endpoint, so none of them is written per entity.
 */
import type { Static, TObject } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { DB } from '../../db/database';
import { TRASH_RETENTION_DAYS } from '../../../shared/trash';
import type { Database } from '../../db/schema';
import { guard, guarded, type RouteDeclaration } from '../guarded-route';
import {
  type AbilityRequirement,
  ADMIN_ONLY,
  type EntityDeclaration,
  type Followup,
  SIGNED_IN,
} from './declaration';
import { type Entity, ENTITY, type FindOptions, type RouteAbility } from './declared-entity';
import { foundOr404, type RowKey } from './ids';
import { registerEntity } from './routes';
import { allValid, notEmptied } from '../field-checks';
import {
  checkUnique,
  inputColumns,
  insertRow,
  notNullableFields,
  removeRow,
  restoreRow,
  updateRow,
} from './writes';
import { inTransaction } from '../../db/in-transaction';
import { fieldChanges, recordFieldChanges } from '../../db/record-changes';

/** Live rows, or with `trashed` also those still in the recycling bin (deleted within the retention). */
export function addressable(deletedAt: string, trashed: boolean) {
  const column = sql.ref(deletedAt);
  return trashed
    ? sql<SqlBool>`(${column} is null or ${column} > now() - make_interval(days => ${TRASH_RETENTION_DAYS}))`
    : sql<SqlBool>`${column} is null`;
}

/** The guard of an ability: the admin flag, a valid token alone, or the ability (`anyOf(a, b)`: any of them). */
const abilityGuard = (ability: AbilityRequirement) =>
  ability === ADMIN_ONLY ? guard.admin : ability === SIGNED_IN ? guard.signedIn : guard.ability(ability);

export function defineEntity<
  TB extends keyof Database,
  Row extends { id: number },
  Input extends TObject,
  Item extends TObject,
  Detail extends TObject = Item,
>(declaration: EntityDeclaration<TB, Row, Input, Item, Detail>): Entity<TB, Row, Input, Item, Detail> {
  const { table, softDelete, model, tag } = declaration;
  const fields = Object.keys(declaration.schemas.item.properties) as Array<keyof Static<Item> & string>;
  const fieldPrefix = declaration.resource ?? declaration.collection.split('/').at(-1)!;
  const notNullable = notNullableFields(declaration.schemas.input);
  /** The row whose `column` is `id`; by name, in the bin too: the live one, else the one deleted last. */
  const findBy = (
    db: DB,
    companyId: number,
    column: 'id' | 'name',
    id: RowKey,
    { trashed = false, userId }: FindOptions = {},
  ) => {
    let query = declaration.rows(db, companyId).where(sql<SqlBool>`${sql.ref(`${table}.${column}`)} = ${id}`);
    if (declaration.owner && userId !== undefined) query = query.where(ownedBy(userId));
    if (softDelete) query = query.where(addressable(`${table}.deleted_at`, trashed));
    if (softDelete && trashed && column === 'name') {
      query = query.orderBy(sql`${sql.ref(`${table}.deleted_at`)} desc nulls first`);
    }
    return foundOr404(query.executeTakeFirst() as Promise<Row | undefined>, model, id);
  };
  /** The rows of one user (`owner`). */
  const ownedBy = (userId: number) => sql<SqlBool>`${sql.ref(`${table}.${declaration.owner}`)} = ${userId}`;
  /** A hatch-only entity's routes also need the company's licence (`licence`). */
  const guardOf = (ability: RouteAbility) => {
    const own =
      typeof ability === 'object' && 'orUndo' in ability
        ? guard.abilityOrUndo(ability.orUndo, declaration.collection)
        : abilityGuard(ability);
    return declaration.licence ? guard.licence(declaration.licence, own) : own;
  };
  const entity: Entity<TB, Row, Input, Item, Detail> = {
    ...declaration,
    [ENTITY]: true,
    register: (app) => registerEntity(app, entity),
    nameById: (db, companyId, id) => entity.findById(db, companyId, id).then(declaration.nameOf, () => null),
    detailSchema: declaration.schemas.detail ?? declaration.schemas.item,
    fieldPrefix,
    find: (db, companyId, id, options) => findBy(db, companyId, declaration.idField ?? 'id', id, options),
    findById: (db, companyId, id, options) => findBy(db, companyId, 'id', id, options),
    findFor: (ctx, id, { byId = false, ...options } = {}) =>
      findBy(ctx.db, ctx.session.company.id, byId ? 'id' : (declaration.idField ?? 'id'), id, {
        ...options,
        userId: ctx.session.user.id,
      }),
    rowsFor: (ctx) => {
      const rows = declaration.rows(ctx.db, ctx.session.company.id);
      return declaration.owner ? rows.where(ownedBy(ctx.session.user.id)) : rows;
    },
    listSpec(ctx) {
      return {
        ...declaration.list(ctx),
        resource: fieldPrefix,
        tiebreaker: `${table}.id`,
        deletedAt: softDelete ? `${table}.deleted_at` : undefined,
        fields,
        present: (rows, selected) => declaration.present(ctx, rows, selected),
      };
    },
    async itemOf(ctx, row) {
      const [item] = await declaration.present(ctx, [row], new Set(fields));
      return item;
    },
    async detailOf(ctx, row) {
      if (declaration.detail) return declaration.detail(ctx, row);
      return (await entity.itemOf(ctx, row)) as Static<Detail>;
    },
    scopeOf: (ctx) => (declaration.scope === 'platform' ? null : ctx.session.company.id),
    removeOne: (ctx, row) =>
      declaration.remove
        ? declaration.remove(ctx, row)
        : removeRow(ctx.db, table, entity.scopeOf(ctx), row.id, softDelete),
    async checkInput(ctx, body, row) {
      await allValid([
        notEmptied(body, notNullable),
        checkUnique(
          ctx.db,
          table,
          entity.scopeOf(ctx),
          declaration.unique ?? [],
          body,
          row?.id ?? null,
          Boolean(softDelete),
        ),
        declaration.check ? declaration.check(ctx, body, row) : Promise.resolve(),
      ]);
    },
    async createOne(ctx, body) {
      if (declaration.create) return declaration.create(ctx, body);
      await entity.checkInput(ctx, body, null);
      const columns = inputColumns(declaration.schemas.input, body);
      const id = await inTransaction(ctx.db, (trx) => insertRow(trx, table, entity.scopeOf(ctx), columns));
      return { id };
    },
    async updateOne(ctx, row, body) {
      // The record's history (db/record-changes.ts): its answer before and after, compared field by field.
      const kept = declaration.activity !== false;
      const before = kept ? await entity.detailOf(ctx, row) : null;
      let followup: Followup | void = undefined;
      if (declaration.update) followup = await declaration.update(ctx, row, body);
      else {
        await entity.checkInput(ctx, body, row);
        const columns = inputColumns(declaration.schemas.input, body);
        await inTransaction(ctx.db, (trx) => updateRow(trx, table, row.id, columns));
      }
      if (before) {
        const record = async () => {
          const after = await entity.detailOf(ctx, await entity.findFor(ctx, row.id, { byId: true }));
          await recordFieldChanges(ctx.db, {
            companyId: entity.scopeOf(ctx),
            userId: ctx.session.user.id,
            collection: declaration.collection,
            recordId: row.id,
            changes: fieldChanges(before, after),
          });
        };
        // Inside a caller's transaction (a bulk edit's row, an import) a failure undoes the row with it; after an
        // update that has committed on its own, a history that could not be kept is logged, not the update's error.
        if (ctx.db.isTransaction) await record();
        else await record().catch((error: unknown) => ctx.request.log.error(error, 'record history not kept'));
      }
      return followup;
    },
    restoreOne: (ctx, row) =>
      declaration.restore
        ? declaration.restore(ctx, row)
        : restoreRow(ctx.db, table, ctx.session.company.id, row.id),
    // An entity whose writes are not recorded says so for every route of it; a route may state its own wording.
    route: <S extends FastifySchema>(
      ability: RouteAbility,
      summary: string,
      schema?: S,
      routeDeclaration?: RouteDeclaration,
    ) =>
      guarded(
        guardOf(ability),
        { ...(schema as S), tags: [tag], summary },
        declaration.activity === false ? { activity: false } : routeDeclaration,
      ),
  };
  return entity;
}

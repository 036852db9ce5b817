/**
 * `defineEntity` completes a declaration with what every endpoint of the entity (standard or special) uses:
 * find-or-404 in the company, the full list spec, the single answer and the route options (the guard of an
 * ability, with the declaration's licence, and the OpenAPI tag; `guarded` in http/guarded-route.ts) of a special
 * endpoint, so none of them is written per entity.
 */
import type { Static, TObject } from '@sinclair/typebox';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { DB } from '../../db/database';
import { TRASH_RETENTION_DAYS } from '../../../shared/trash';
import type { Database } from '../../db/schema';
import { guard, guarded, type RouteGuard } from '../guarded-route';
import type { ListSpec } from '../listing';
import {
  ADMIN_ONLY,
  type CrudContext,
  type EntityDeclaration,
  type Followup,
  SIGNED_IN,
} from './declaration';
import { foundOr404, type RowKey } from './ids';
import { registerEntity } from './routes';
import { removeRow, restoreRow } from './writes';

const ENTITY = Symbol('entity');

/** What the API registry needs of a declared entity, whatever its types. */
export interface RegistrableEntity {
  readonly [ENTITY]: true;
  collection: string;
  /** Where its writes go, its singular and its word in activity entries (server/api/activity-messages.ts). */
  writeCollection?: string;
  entity: string;
  activity?: string;
  /** Its table, and whether deletes go to the recycling bin (the purge's tables, server/api/trash-purge.ts). */
  table: keyof Database;
  softDelete?: boolean;
  /** Registers the standard endpoints (routes.ts). */
  register(app: FastifyInstance): Promise<void>;
  /** The name (`nameOf`) of the company's live row of this id; null where there is none. */
  nameById(db: DB, companyId: number, id: number): Promise<string | null>;
}

export const isEntity = (value: unknown): value is RegistrableEntity =>
  typeof value === 'object' && value !== null && ENTITY in value;

export interface Entity<
  TB extends keyof Database,
  Row extends { id: number },
  Input extends TObject,
  Item extends TObject,
  Detail extends TObject,
>
  extends EntityDeclaration<TB, Row, Input, Item, Detail>, RegistrableEntity {
  /**
   * The company's row keyed `id` (its id, or its name with `idField: 'name'`; 404 otherwise): live, or with
   * `trashed` one in the recycling bin too (by name: the live one, else the one deleted last).
   */
  find(db: DB, companyId: number, id: RowKey, options?: { trashed?: boolean }): Promise<Row>;
  /** The company's row of the integer `id`, whatever keys it in routes (`find` by id even with `idField`). */
  findById(db: DB, companyId: number, id: number, options?: { trashed?: boolean }): Promise<Row>;
  /** The full ListSpec of the entity's list endpoint. */
  listSpec(ctx: CrudContext): ListSpec<TB, Row, Static<Item>>;
  /** The row as a list item with every field. */
  itemOf(ctx: CrudContext, row: Row): Promise<Static<Item>>;
  /** The single answer of the row (`{data: …}` of show, create, update, restore). */
  detailOf(ctx: CrudContext, row: Row): Promise<Static<Detail>>;
  /** The company a row belongs to for writes and unique checks: the request's, or none for platform entities. */
  scopeOf(ctx: CrudContext): number | null;
  /** The declared delete, or deleting (trashing) the row; call it inside a transaction (`ctx.db`). */
  removeOne(ctx: CrudContext, row: Row): Promise<Followup | void>;
  /** The declared restore, or clearing the row's `deleted_at`; call it inside a transaction (`ctx.db`). */
  restoreOne(ctx: CrudContext, row: Row): Promise<Followup | void>;
  /** The response schema of single answers. */
  detailSchema: TObject;
  /** The prefix a requested field may carry (`included_fields[]=libraries.name`): the list's resource name. */
  fieldPrefix: string;
  /** The options of a route (`guarded`): the guard of the ability, the tag, the summary and the schema parts. */
  route<S extends FastifySchema = FastifySchema>(
    ability: string,
    summary: string,
    schema?: S,
  ): EntityRouteOptions<S>;
}

/** Live rows, or with `trashed` also those still in the recycling bin (deleted within the retention). */
export function addressable(deletedAt: string, trashed: boolean) {
  const column = sql.ref(deletedAt);
  return trashed
    ? sql<SqlBool>`(${column} is null or ${column} > now() - make_interval(days => ${TRASH_RETENTION_DAYS}))`
    : sql<SqlBool>`${column} is null`;
}

/** What `entity.route` gives a route: its guard and its documented schema. */
export interface EntityRouteOptions<S extends FastifySchema> {
  config: { guard: RouteGuard };
  schema: S & { tags: string[]; summary: string };
}

/** The guard of an ability: the admin flag, a valid token alone, or the ability (`a|b`: any of them). */
const abilityGuard = (ability: string) =>
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
  /** The row whose `column` is `id`; by name, in the bin too: the live one, else the one deleted last. */
  const findBy = (
    db: DB,
    companyId: number,
    column: 'id' | 'name',
    id: RowKey,
    { trashed = false }: { trashed?: boolean } = {},
  ) => {
    let query = declaration.rows(db, companyId).where(sql<SqlBool>`${sql.ref(`${table}.${column}`)} = ${id}`);
    if (softDelete) query = query.where(addressable(`${table}.deleted_at`, trashed));
    if (softDelete && trashed && column === 'name') {
      query = query.orderBy(sql`${sql.ref(`${table}.deleted_at`)} desc nulls first`);
    }
    return foundOr404(query.executeTakeFirst() as Promise<Row | undefined>, model, id);
  };
  /** A hatch-only entity's routes also need the company's licence (`licence`). */
  const guardOf = (ability: string) =>
    declaration.licence ? guard.licence(declaration.licence, abilityGuard(ability)) : abilityGuard(ability);
  const entity: Entity<TB, Row, Input, Item, Detail> = {
    ...declaration,
    [ENTITY]: true,
    register: (app) => registerEntity(app, entity),
    nameById: (db, companyId, id) => entity.findById(db, companyId, id).then(declaration.nameOf, () => null),
    detailSchema: declaration.schemas.detail ?? declaration.schemas.item,
    fieldPrefix,
    find: (db, companyId, id, options) => findBy(db, companyId, declaration.idField ?? 'id', id, options),
    findById: (db, companyId, id, options) => findBy(db, companyId, 'id', id, options),
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
    restoreOne: (ctx, row) =>
      declaration.restore
        ? declaration.restore(ctx, row)
        : restoreRow(ctx.db, table, ctx.session.company.id, row.id),
    route: <S extends FastifySchema>(ability: string, summary: string, schema?: S) =>
      guarded(guardOf(ability), { ...(schema as S), tags: [tag], summary }),
  };
  return entity;
}

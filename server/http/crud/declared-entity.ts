/**
 * What a declared entity is, apart from how `defineEntity` (entity.ts) makes one: what the API registry needs of it
 * (`RegistrableEntity`, told apart by `isEntity`), and the `Entity` every endpoint of it uses, the standard ones
 * (routes.ts, bulk.ts) and the special ones alike.
 */
import type { Static, TObject } from '@sinclair/typebox';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import type { RequiredAbilities } from '../../../shared/abilities';
import type { GuardedConfig, RouteDeclaration } from '../guarded-route';
import type { ListSpec } from '../listing';
import type { AbilityRequirement, CrudContext, EntityDeclaration, Followup, Submitted } from './declaration';
import type { RowKey } from './ids';

/**
 * Who may call an entity's route: an ability requirement, or (`{orUndo}`) the ability or an undo token of one's own
 * delete of the record (a restore; server/auth/undo-tokens.ts).
 */
export type RouteAbility = AbilityRequirement | { readonly orUndo: RequiredAbilities };

/** The mark of a `defineEntity(…)` result (`isEntity`). */
export const ENTITY = Symbol('entity');

/** What the API registry needs of a declared entity, whatever its types. */
export interface RegistrableEntity {
  readonly [ENTITY]: true;
  collection: string;
  /**
   * Where its writes go, its singular and its word in activity entries (server/domain/activity-messages.ts; false:
   * its writes are not recorded).
   */
  writeCollection?: string;
  entity: string;
  activity?: string | false;
  /** Its table, and whether deletes go to the recycling bin (the purge's tables, server/domain/trash-purge.ts). */
  table: keyof Database;
  softDelete?: boolean;
  /** The columns of its table that hold stored files (the company deletion's sweep, admin-companies-files.ts). */
  fileColumns?: readonly string[];
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
  find(db: DB, companyId: number, id: RowKey, options?: FindOptions): Promise<Row>;
  /** The company's row of the integer `id`, whatever keys it in routes (`find` by id even with `idField`). */
  findById(db: DB, companyId: number, id: number, options?: FindOptions): Promise<Row>;
  /**
   * The row keyed `id` as the request may address it: the request's company's, and with `owner` the signed-in
   * user's (another user's row is a 404); `ctx.db` reads it (the transaction inside a write).
   */
  findFor(ctx: CrudContext, id: RowKey, options?: { trashed?: boolean; byId?: boolean }): Promise<Row>;
  /** The rows the request may list: `rows` of its company, with `owner` only the signed-in user's. */
  rowsFor(ctx: CrudContext): ReturnType<EntityDeclaration<TB, Row, Input, Item, Detail>['rows']>;
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
  /** Every check before a default create or update (`row` null on create), reported together in one 422. */
  checkInput(ctx: CrudContext, body: Submitted<Static<Input>>, row: Row | null): Promise<void>;
  /**
   * The declared create, or the checks and then inserting the input's columns; answers the new id and the work for
   * after the answer. It opens its own transaction, or runs in the one `ctx.db` is (an import's).
   */
  createOne(ctx: CrudContext, body: Submitted<Static<Input>>): Promise<{ id: number; followup?: Followup }>;
  /**
   * The declared update, or the checks and then setting the input's columns. It opens its own transaction, or runs
   * in the one `ctx.db` is (an import's).
   */
  updateOne(ctx: CrudContext, row: Row, body: Submitted<Static<Input>>): Promise<Followup | void>;
  /** The declared restore, or clearing the row's `deleted_at`; call it inside a transaction (`ctx.db`). */
  restoreOne(ctx: CrudContext, row: Row): Promise<Followup | void>;
  /** The response schema of single answers. */
  detailSchema: TObject;
  /** The prefix a requested field may carry (`included_fields[]=libraries.name`): the list's resource name. */
  fieldPrefix: string;
  /**
   * The options of a route (`guarded`): the guard of the ability, the tag, the summary and the schema parts, and
   * what a write through it records in the activity (`activity: false` of the declaration holds for every route).
   */
  route<S extends FastifySchema = FastifySchema>(
    ability: RouteAbility,
    summary: string,
    schema?: S,
    declaration?: RouteDeclaration,
  ): EntityRouteOptions<S>;
}

/**
 * `trashed`: rows in the recycling bin too; `userId`: only that user's rows (a declaration with `owner`, which
 * `findFor` always gives).
 */
export interface FindOptions {
  trashed?: boolean;
  userId?: number;
}

/** What `entity.route` gives a route: its guard (and activity) and its documented schema. */
export interface EntityRouteOptions<S extends FastifySchema> {
  config: GuardedConfig;
  schema: S & { tags: string[]; summary: string };
}

/**
 * What an entity's server declaration says (one `*.entity.ts` file in server/api/, or the declaration inside an
 * entity module with special endpoints): its collection and names, table and tenant-scoped rows, abilities per
 * action, list rules, how a row is presented, and hooks for the writes that need more than writing the input's
 * columns. `registerEntity` (routes.ts) turns it into the standard endpoints.
 */
import type { Static, TObject, TProperties } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import type { Session } from '../../auth/session';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import type { RequiredLicences } from '../../../shared/abilities';
import type { ImportDeclaration } from '../../../shared/import';
import type { AbilityRequirement, CrudAction, EntityAbilities } from '../../../shared/entity-abilities';
import type { ListSpec } from '../listing';

// ADMIN_ONLY (the admin flag in place of an ability), SIGNED_IN (a valid token alone) and the standard endpoints,
// once in shared/ beside each entity's abilities (shared/entities/<entity>-values.ts), which the portal reads too.
export {
  ADMIN_ONLY,
  SIGNED_IN,
  type AbilityRequirement,
  type CrudAction,
} from '../../../shared/entity-abilities';

/** The request, its session and the database, or the transaction inside a write hook. */
export interface CrudContext {
  request: FastifyRequest;
  session: Session;
  db: DB;
}

/** Work for after the write has committed and the answer is composed: events, queueing, file clean-up. */
export type Followup = () => Promise<void>;

/** A request body after request-input.ts: any field may be absent, and null where the client sent it empty. */
export type Submitted<T> = { [K in keyof T]?: T[K] | null };

/** The list rules of an entity; the resource name, tiebreaker, soft-delete column and fields come from the rest. */
export type ListRules<TB extends keyof Database, Row, Item extends object> = Omit<
  ListSpec<TB, Row, Item>,
  'resource' | 'tiebreaker' | 'deletedAt' | 'fields' | 'present'
>;

export interface BulkAction<Row> {
  /** The entity's ability of the action (`LIBRARY_ABILITIES.update`), ADMIN_ONLY or SIGNED_IN. */
  ability: AbilityRequirement;
  /**
   * Applies the action to one row inside the row's own transaction (`ctx.db` is that transaction). Throwing
   * (e.g. `new HttpError(422, 'Still connected to a model.')`) fails the row, which is then left as it was.
   */
  run(ctx: CrudContext, row: Row): Promise<Followup | void>;
}

/** Route names for OpenAPI summaries. */
export type CrudRoute = CrudAction | 'restore' | 'bulk' | 'history';

export interface EntityDeclaration<
  TB extends keyof Database,
  Row extends { id: number },
  Input extends TObject,
  Item extends TObject,
  Detail extends TObject = Item,
> {
  /** The URL collection under /api/v2: `labels`, `projects/models`. */
  collection: string;
  /**
   * The URL collection of the writes (create, update, delete and bulk) when it is not `collection`: a platform
   * entity every user reads at `collection` and administrators write under /admin (the FAQ's categories:
   * `questions/categories` and `admin/questions/categories`).
   */
  writeCollection?: string;
  /**
   * The list's resource name (`included_fields[]={resource}.id`) when it is not the collection's last segment
   * (`feedback_reports` of `admin/feedback-reports`).
   */
  resource?: string;
  /** OpenAPI tag of every route of the entity. */
  tag: string;
  /** Laravel's model name for 404s: `No query results for model [App\Models\{model}] {id}`. */
  model: string;
  /** The singular of delete answers `{<entity>_name, status}`. */
  entity: string;
  /**
   * The entity's word in activity entries, the context of their stored messages ('Updated user Bob Brink':
   * `account:activity.messages.updated_user`, server/domain/activity-messages.ts) when it is not `entity` in camel
   * case (`property_map` → `propertyMap`); without a text of its own an entry says 'Updated {name}'. `false`: its
   * writes are not recorded (a user's own way of looking at the lists: saved views).
   */
  activity?: string | false;
  /**
   * The table writes go to. It has `id`, `company_id` and `updated_at` (and `deleted_at` with softDelete); the
   * default create and update write the input schema's fields as columns of it.
   */
  table: keyof Database;
  /**
   * The column that keys a row in routes and bulk calls: `id` (default, an integer) or `name` (a string unique
   * among the company's live rows, URL-encoded in paths; materials). Bulk calls send `{key}[n][{idField}]`.
   */
  idField?: 'id' | 'name';
  /**
   * Deletes go to the recycling bin (the table has `company_id` and `deleted_at`; the purge takes it from here) and
   * `{id}/restore` brings back.
   */
  softDelete?: boolean;
  /**
   * The columns of `table` that hold stored files (FileStorage keys: uploads, previews, files made from them).
   * Deleting a company removes the files its rows name, keeping any another row still names
   * (server/domain/admin-companies-files.ts reads them here), so a new entity's files are not left behind;
   * tests/server/admin-companies.test.ts checks them against the database's columns.
   */
  fileColumns?: readonly string[];
  /**
   * Whose rows these are: a company's (the default: the table has `company_id`, and reads, writes and unique
   * checks are scoped to the request's company) or the platform's (`'platform'`: admin entities such as companies
   * and planned maintenance, one set for the whole platform; the table has no `company_id`, `rows` ignores the
   * company and unique fields are unique across the table).
   */
  scope?: 'company' | 'platform';
  /**
   * The column naming the user a row belongs to (`user_id`: a user's own rows, such as saved views): every standard
   * endpoint reads and changes only the signed-in user's rows of the company, and another user's row answers 404
   * like a missing one (no 403: nothing says it exists). Hooks write the column themselves.
   */
  owner?: string;
  /**
   * The licence the request's company must have bought for every route of the entity, special routes made with
   * `entity.route` included (`'hatch'` for the authoring-only materials and categories); 403 otherwise.
   */
  licence?: RequiredLicences;
  /** The key of the name in the delete answer when it is not `{entity}_name` (e.g. `name`). */
  answerNameKey?: string;
  /**
   * Ability (`anyOf(a, b)`: any of them) per standard endpoint, or ADMIN_ONLY or SIGNED_IN; an endpoint without
   * one is not registered. The entity's `X_ABILITIES` of shared/entities/<entity>-values.ts.
   */
  abilities: EntityAbilities;
  /**
   * `input` (create body; its Partial is the update body unless `update` says more, e.g. an `archived` flag),
   * `item` (list item), `detail` (single answers).
   */
  schemas: { input: Input; item: Item; detail?: Detail; update?: TObject };
  /** Fields unique among the company's (live) rows: 422 "The {field} has already been taken.". */
  unique?: ReadonlyArray<keyof Static<Input> & string>;
  /** The company's rows as the endpoints read them (tenant scoping; joins the presentation needs). */
  rows(db: DB, companyId: number): SelectQueryBuilder<Database, TB, Row>;
  /** The name a delete or a bulk result answers for the row. */
  nameOf(row: Row): string;
  list: (ctx: CrudContext) => ListRules<TB, Row, Static<Item>>;
  /** A page of rows as list items; `fields` lets it skip relations nobody asked for. */
  present(ctx: CrudContext, rows: Row[], fields: Set<string>): Promise<Array<Static<Item>>>;
  /** A single answer; default: the row presented as a list item with every field. */
  detail?(ctx: CrudContext, row: Row): Promise<Static<Detail>>;
  /** Checks of the default create and update that the schema cannot make (reported with the others in one 422). */
  check?(ctx: CrudContext, input: Submitted<Static<Input>>, row: Row | null): Promise<void>;
  /** A create that is more than inserting the input's columns (relations, files); answers the new id. */
  create?(ctx: CrudContext, input: Submitted<Static<Input>>): Promise<{ id: number; followup?: Followup }>;
  /** An update that is more than setting the input's columns. */
  update?(ctx: CrudContext, row: Row, input: Submitted<Static<Input>>): Promise<Followup | void>;
  /** A delete that is more than deleting (or trashing) the row; runs in a transaction (`ctx.db`). */
  remove?(ctx: CrudContext, row: Row): Promise<Followup | void>;
  /** A restore that is more than clearing `deleted_at`; runs in a transaction (`ctx.db`). */
  restore?(ctx: CrudContext, row: Row): Promise<Followup | void>;
  /**
   * `POST /{collection}/update` with `{key}[n][id]` and `action`: `'delete'` is the declared delete, other
   * actions are declared here. `key` defaults to the collection's last segment.
   */
  bulk?: {
    key?: string;
    actions: Record<string, BulkAction<Row> | 'delete'>;
    /** Further fields of the bulk body some actions read from `ctx.request.body` (a move's targets). */
    body?: TProperties;
    /**
     * The action `edit` (issue 46's bulk edit): the same `values` (one or more of these input fields) set on every
     * row through the entity's update (`updateOne`), checked as the form's update is, with the update ability.
     * Each success names the values it replaced (`previous`), which an edit sending them back undoes: `current`
     * reads them from the row (default: the row's columns of these names).
     */
    edit?: {
      fields: ReadonlyArray<keyof Static<Input> & string>;
      current?(ctx: CrudContext, row: Row): Promise<Record<string, unknown>>;
    };
  };
  /**
   * `POST /{collection}/import-rows` and `/import-rows/preview` (issue 46, server/http/crud/import.ts): the input fields a
   * spreadsheet's rows may set, each row through `createOne` or `updateOne`, all in one transaction. The entity's
   * `*_IMPORT` of shared/entities/<entity>-values.ts, which the portal's Import dialog reads too.
   */
  import?: ImportDeclaration;
  /** OpenAPI summaries that say more than the default ones. */
  summaries?: Partial<Record<CrudRoute, string>>;
}

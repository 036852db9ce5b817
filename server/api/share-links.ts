/**
 * Share links (issue 46): a company's read-only links to one of its models for people without an account, made
 * and revoked by users with share-project-models.
 * - `POST /projects/models/{id}/share-links` (and `/libraries/items/{id}/…`, `/materials/{name}/…`, issue 46's
 *   items and materials; a material's link allows no download and has no version): a new link to a live model of
 *   the company (optional `expires_at` in
 *   the future, `password` of 4 to 255 characters, kept as a hash, `allow_download` of the original file,
 *   `pin_version`: it shows the model's current version whatever is uploaded after, else always the latest); its
 *   token is 32 random characters.
 * - `GET /share-links` (list conventions; `filter[model]`; sorts created_at, expires_at, views, last_opened_at;
 *   search on the model's name): the company's links that are not revoked, of models not deleted, each with its
 *   public address, who made it, how often and when last it was opened.
 * - `DELETE /share-links/{id}`: revokes the link at once (its page then says so); the row stays.
 * The public page's own calls are server/api/shared.ts. The table's type is in server/db/schema.ts.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import {
  SHARE_LINK_ABILITIES,
  SHARED_PAGE_PATH,
  SHARED_RECORD_TYPES,
  SHARED_RECORDS,
  type SharedRecordType,
} from '../../shared/entities/share-link-values';
import { ShareLinkInputSchema, ShareLinkSchema } from '../../shared/entities/share-links';
import { hashPassword } from '../auth/passwords';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import type { FileVersionTable } from '../processing/file-versions';
import { invalidField, modelNotFound } from '../errors/http-errors';
import { contextOf } from '../http/crud/context';
import { defineEntity } from '../http/crud/entity';
import { Id, NameKey } from '../http/crud/ids';
import type { ActivityMessageKey } from '../http/guarded-route';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { DataSchema } from '../http/responses';
import { iso, MessageSchema, toBoolean } from '../http/schema-types';

/** The public page of a token on the host the request came to (the company's). */
export function sharedPageUrl(request: FastifyRequest, token: string): string {
  return `${request.protocol}://${request.host}${SHARED_PAGE_PATH}/${encodeURIComponent(token)}`;
}

/**
 * The company's links that are not revoked, to records that are not deleted (a model or a library item, by the
 * link's `record_type`), with their record's and maker's names.
 */
const linksOf = (db: DB, companyId: number) =>
  db
    .selectFrom('share_links')
    .leftJoin('project_models', (join) =>
      join
        .onRef('project_models.id', '=', 'share_links.record_id')
        .on('share_links.record_type', '=', 'model')
        .on('project_models.deleted_at', 'is', null),
    )
    .leftJoin('library_items', (join) =>
      join
        .onRef('library_items.id', '=', 'share_links.record_id')
        .on('share_links.record_type', '=', 'item')
        .on('library_items.deleted_at', 'is', null),
    )
    .leftJoin('materials', (join) =>
      join
        .onRef('materials.id', '=', 'share_links.record_id')
        .on('share_links.record_type', '=', 'material')
        .on('materials.deleted_at', 'is', null),
    )
    .leftJoin('users', 'users.id', 'share_links.created_by')
    .selectAll('share_links')
    .select((eb) => [
      eb.fn
        .coalesce('project_models.name', 'library_items.name', 'materials.name')
        .$notNull()
        .as('record_name'),
      'users.name as creator_name',
    ])
    .where('share_links.company_id', '=', companyId)
    .where('share_links.revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('project_models.id', 'is not', null),
        eb('library_items.id', 'is not', null),
        eb('materials.id', 'is not', null),
      ]),
    );

/** The shared record's name as the list sorts it. */
const RECORD_NAME = sql`coalesce(project_models.name, library_items.name, materials.name)`;

/**
 * The table of each kind of shared record, its model's name for a 404 and, for the processed files (models and
 * items: the same processed-file columns, which the public page reads), where their versions are kept.
 */
export const SHARED_TABLES = {
  model: {
    table: 'project_models',
    model: 'ProjectModel',
    versions: { table: 'model_versions', owner: 'model_id' },
  },
  item: {
    table: 'library_items',
    model: 'LibraryItem',
    versions: { table: 'library_item_versions', owner: 'item_id' },
  },
  material: { table: 'materials', model: 'Material', versions: null },
} as const satisfies Record<
  SharedRecordType,
  { table: keyof Database; model: string; versions: FileVersionTable | null }
>;

/** The activity wording of a new link, per kind ('Shared model X by link'). */
const SHARED_MESSAGES = {
  model: 'sharedModel',
  item: 'sharedItem',
  material: 'sharedMaterial',
} as const satisfies Record<SharedRecordType, ActivityMessageKey>;

type LinkRow = Awaited<ReturnType<ReturnType<typeof linksOf>['executeTakeFirstOrThrow']>>;

export const shareLinks = defineEntity({
  collection: 'share-links',
  tag: 'share-links',
  model: 'ShareLink',
  entity: 'share_link',
  activity: 'shareLink',
  table: 'share_links',
  abilities: SHARE_LINK_ABILITIES,
  schemas: { input: ShareLinkInputSchema, item: ShareLinkSchema },
  rows: linksOf,
  nameOf: (link: LinkRow) => link.record_name,
  list: () => ({
    sorts: {
      created_at: 'share_links.created_at',
      expires_at: 'share_links.expires_at',
      views: 'share_links.views',
      last_opened_at: 'share_links.last_opened_at',
      name: RECORD_NAME,
    },
    defaultSort: '-created_at',
    search: ['project_models.name', 'library_items.name', 'materials.name'],
    filters: {
      model: {
        type: 'integer',
        where: (eb, ids) =>
          eb.and([eb('share_links.record_type', '=', 'model'), eb('share_links.record_id', 'in', ids)]),
      },
      item: {
        type: 'integer',
        where: (eb, ids) =>
          eb.and([eb('share_links.record_type', '=', 'item'), eb('share_links.record_id', 'in', ids)]),
      },
      material: {
        type: 'integer',
        where: (eb, ids) =>
          eb.and([eb('share_links.record_type', '=', 'material'), eb('share_links.record_id', 'in', ids)]),
      },
    },
  }),
  present: async ({ request }, rows) =>
    rows.map((row) => ({
      id: row.id,
      token: row.token,
      url: sharedPageUrl(request, row.token),
      record_type: row.record_type,
      record_id: row.record_id,
      record_name: row.record_name,
      created_by: row.creator_name,
      expires_at: iso(row.expires_at),
      has_password: row.password_hash !== null,
      allow_download: row.allow_download,
      version: row.version,
      views: row.views,
      last_opened_at: iso(row.last_opened_at),
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    })),
  /** Revoking: the link stops opening at once; its row stays, so its page can say it was revoked. */
  async remove({ db }, link) {
    await db
      .updateTable('share_links')
      .set({ revoked_at: new Date(), updated_at: new Date() })
      .where('id', '=', link.id)
      .execute();
  },
  summaries: {
    list: "The company's share links that are not revoked (sorts created_at, expires_at, views, last_opened_at, name; filter model; search on the model's name)",
    delete: 'Revokes a share link at once: its page says it was revoked',
  },
});

export default async function shareLinkRoutes(app: FastifyInstance): Promise<void> {
  await shareLinks.register(app);

  // A link to a live record of the company, made at `{collection}/{id}/share-links` of each kind: the id of a model
  // or an item, the name of a material (as the materials' own calls name one in the same place).
  for (const type of SHARED_RECORD_TYPES) {
    const { collection, ability, key, processed } = SHARED_RECORDS[type];
    const { table, model } = SHARED_TABLES[type];
    app.post<{ Params: { id: number | string }; Body: Record<string, unknown> }>(
      `/${collection}/:id/share-links`,
      shareLinks.route(
        ability,
        processed
          ? `Creates a read-only link to the ${type} for people without an account (expires_at, password, allow_download, pin_version)`
          : `Creates a read-only link to the ${type} for people without an account (expires_at, password)`,
        {
          consumes: FORM_CONTENT_TYPES,
          params: Type.Object({ id: key === 'id' ? Id : NameKey }),
          body: ShareLinkInputSchema,
          response: { 201: DataSchema(ShareLinkSchema), 404: MessageSchema },
        },
        { activity: { message: SHARED_MESSAGES[type], param: 'name' } },
      ),
      async (request, reply) => {
        const ctx = await contextOf(request);
        const record = await ctx.db
          .selectFrom(table)
          .select(['id', processed ? sql<number>`version`.as('version') : sql<null>`null`.as('version')])
          .where(key, '=', request.params.id)
          .where('company_id', '=', ctx.session.company.id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!record) throw modelNotFound(model, request.params.id);
        const body = request.body as {
          expires_at?: string | null;
          password?: string | null;
          allow_download?: unknown;
          pin_version?: unknown;
        };
        const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
        if (expiresAt && expiresAt.getTime() <= Date.now())
          throw invalidField('expires_at', 'The expires at field must be a date after now.');
        const row = await ctx.db
          .insertInto('share_links')
          .values({
            company_id: ctx.session.company.id,
            token: randomBytes(24).toString('base64url'),
            record_type: type,
            record_id: record.id,
            created_by: ctx.session.user.id,
            expires_at: expiresAt,
            password_hash: body.password ? await hashPassword(body.password) : null,
            // A material has no file to download and no versions: its link shows it as it is.
            allow_download: processed && toBoolean(body.allow_download as string | boolean | undefined),
            version: toBoolean(body.pin_version as string | boolean | undefined) ? record.version : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const link = await shareLinks.findFor(ctx, row.id, { byId: true });
        return reply.status(201).send({ data: await shareLinks.detailOf(ctx, link) });
      },
    );
  }
}

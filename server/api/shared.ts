/**
 * The public page of a share link (issue 46; the links: share-links.ts), on the host of the link's company, for
 * anyone holding its token, no account needed. A link shows a model or a library item (the same processed-file
 * columns), both called the model here, or a material (`kind`; its base-colour map, shown on a sphere):
 * - `GET /shared/{token}`: the shared model as the page shows it (name, description, preview, statistics, the
 *   viewer's glb, whether it may be downloaded) and the company's name and logo, nothing else of the company;
 *   every answer counts as an opening (views, last opened).
 * - `GET /shared/{token}/download`: the model's original file, where the link allows it.
 * A link pinned to a version shows that version's files and figures, whatever was uploaded after it.
 * A link with a password needs it in the `X-Share-Password` header of each call (percent-encoded) (401 with `reason: 'password'`
 * without it or when wrong); wrong passwords are throttled like sign-ins, per link and per address (429). A token
 * of no link of this host's company answers 404, a revoked or expired link 410 with `reason` saying which, a link
 * whose record was deleted 410 `removed`.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SHARE_PASSWORD_HEADER,
  type SharedRecordType,
  sharePasswordOf,
} from '../../shared/entities/share-link-values';
import { SharedModelSchema } from '../../shared/entities/share-links';
import { loginThrottle } from '../auth/login-throttle';
import { SHARED_TABLES } from './share-links';
import { verifyPassword } from '../auth/passwords';
import { requestTenant } from '../auth/tenancy';
import { HttpError, notFound } from '../errors/http-errors';
import { guard, guarded } from '../http/guarded-route';
import { SENT_AS_STORED } from '../http/compression';
import { DataSchema } from '../http/responses';
import { iso, MessageSchema } from '../http/schema-types';
import { attachmentDisposition, fileUrl, viewerFileUrls } from '../http/stored-files';
import { keptVersion } from '../processing/file-versions';

const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 64 }) });
type TokenParams = { token: string };

/** Why a link does not open: a 410 or 401 the page words by its `reason`. */
export const SHARE_REFUSALS = {
  revoked: { status: 410, message: 'This link has been revoked.' },
  expired: { status: 410, message: 'This link has expired.' },
  removed: { status: 410, message: 'The shared record is no longer available.' },
  password: { status: 401, message: 'This link needs its password.' },
  wrongPassword: { status: 401, message: 'The password is incorrect.' },
} as const;

const refused = (reason: keyof typeof SHARE_REFUSALS) => {
  const { status, message } = SHARE_REFUSALS[reason];
  return new HttpError(status, message, {
    message,
    reason: reason === 'wrongPassword' ? 'password' : reason,
  });
};

const RefusalSchema = Type.Object({ message: Type.String(), reason: Type.String() });

export default async function sharedRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  const throttle = loginThrottle(db, config.loginRateLimit);

  /**
   * The live record a link shows, if any: a model or a library item (the same processed-file columns), or a material
   * (its base-colour map for the viewer's sphere; no file, figures or versions).
   */
  async function sharedRecord(type: SharedRecordType, id: number) {
    if (type === 'material') {
      const material = await db
        .selectFrom('materials')
        .select(['name', 'description', 'status', 'preview_image_url', 'viewer_texture_key'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return (
        material && {
          ...material,
          file_key: null,
          file_name: null,
          viewer_model_key: null,
          geometry_statistics: null,
          version: null,
        }
      );
    }
    const record = await db
      .selectFrom(SHARED_TABLES[type].table)
      .select([
        'name',
        'description',
        'status',
        'preview_image_url',
        'file_key',
        'file_name',
        'viewer_model_key',
        'geometry_statistics',
        'version',
      ])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return record && { ...record, viewer_texture_key: null };
  }

  /**
   * What a link shows of its record: the record as it is, or for a link pinned to an earlier version that version's
   * files and figures (kept immutably with the record, server/processing/file-versions.ts).
   */
  async function pinnedVersionOf(
    link: { record_type: SharedRecordType; record_id: number; pinned_version: number | null },
    record: Awaited<ReturnType<typeof sharedRecord>>,
  ) {
    const versions = SHARED_TABLES[link.record_type].versions;
    if (!record || !versions || link.pinned_version === null || link.pinned_version === record.version)
      return record;
    const kept = await keptVersion(db, versions, link.record_id, link.pinned_version);
    if (!kept) return undefined;
    return {
      ...record,
      status: kept.status,
      preview_image_url: kept.preview_image_url,
      file_key: kept.file_key,
      file_name: kept.file_name,
      viewer_model_key: kept.viewer_model_key,
      geometry_statistics: kept.geometry_statistics,
    };
  }

  /**
   * The link and its record, once the request may open it (its company's host, not revoked or expired, its
   * password).
   */
  async function openLink(request: FastifyRequest<{ Params: TokenParams }>) {
    const company = await requestTenant(request);
    const link =
      company &&
      (await db
        .selectFrom('share_links')
        .select([
          'id',
          'record_type',
          'record_id',
          'expires_at',
          'revoked_at',
          'password_hash',
          'allow_download',
          'version as pinned_version',
        ])
        .where('token', '=', request.params.token)
        .where('company_id', '=', company.id)
        .executeTakeFirst());
    if (!company || !link) throw notFound('This link does not exist.');
    if (link.revoked_at) throw refused('revoked');
    if (link.expires_at && link.expires_at.getTime() <= Date.now()) throw refused('expired');
    const record = await pinnedVersionOf(link, await sharedRecord(link.record_type, link.record_id));
    if (!record) throw refused('removed');
    if (link.password_hash) {
      const header = request.headers[SHARE_PASSWORD_HEADER];
      const given = typeof header === 'string' && header ? sharePasswordOf(header) : null;
      if (given === null) throw refused('password');
      const identity = `share-link:${link.id}`;
      await throttle.attempt(identity, request.ip);
      if (!(await verifyPassword(given, link.password_hash)).matches) {
        await throttle.failed(identity);
        throw refused('wrongPassword');
      }
      await throttle.succeeded(identity);
    }
    return { company, link: { ...link, ...record } };
  }

  app.get<{ Params: TokenParams }>(
    '/shared/:token',
    guarded(
      guard.public('a share link: its token (and its password, where it has one) is the credential'),
      {
        tags: ['shared'],
        summary:
          'The model a share link shows (X-Share-Password where the link has a password); counts an opening',
        params: TokenParams,
        response: {
          200: DataSchema(SharedModelSchema),
          401: RefusalSchema,
          404: MessageSchema,
          410: RefusalSchema,
          429: MessageSchema,
        },
      },
      { activity: false },
    ),
    async (request) => {
      const { company, link } = await openLink(request);
      await db
        .updateTable('share_links')
        .set((eb) => ({ views: eb('views', '+', 1), last_opened_at: new Date() }))
        .where('id', '=', link.id)
        .execute();
      const finished = link.status === 'FINISHED';
      return {
        data: {
          name: link.name,
          description: link.description,
          preview_image_url: fileUrl(request, link.preview_image_url),
          allow_download: link.allow_download && link.file_key !== null,
          expires_at: iso(link.expires_at),
          version: link.pinned_version,
          kind: link.record_type,
          viewer_texture_url: fileUrl(request, link.viewer_texture_key),
          company: { name: company.name, logo: fileUrl(request, company.logo) },
          ...viewerFileUrls(request, finished ? link.viewer_model_key : null, link.geometry_statistics),
          statistics: finished ? link.geometry_statistics : null,
        },
      };
    },
  );

  app.get<{ Params: TokenParams }>(
    '/shared/:token/download',
    {
      ...guarded(
        guard.public('a share link that allows downloads: its token (and password) is the credential'),
        {
          tags: ['shared'],
          summary: "The shared model's original file, as an attachment, where the link allows downloads",
          params: TokenParams,
          response: { 401: RefusalSchema, 403: MessageSchema, 404: MessageSchema, 410: RefusalSchema },
        },
        { activity: false },
      ),
      ...SENT_AS_STORED,
    },
    async (request, reply) => {
      const { link } = await openLink(request);
      if (!link.allow_download) throw new HttpError(403, 'This link does not allow downloads.');
      const stored = link.file_key ? await app.ctx.storage.read(link.file_key) : null;
      if (!stored) throw notFound('File not found.');
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Length', String(stored.size))
        .header('Content-Disposition', attachmentDisposition(link.file_name ?? link.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stored.stream);
    },
  );
}

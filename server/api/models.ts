/**
 * Project models (spec 2 §3): the list (global search, processor) with the list conventions and `count=1` for
 * the dashboard tile. `included_fields[]=models.status.finished` lists finished models only (the demo-model
 * picker's call).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { can } from '../auth/guards';
import { authenticate } from '../auth/session';
import { liveRowCount } from '../db/live-row-counts';
import type { ModelStatus, ProjectModelsTable } from '../db/schema';
import { listQueryProperties } from '../http/list-query';
import { type ListSpec, listEndpoint } from '../http/listing';
import { ListResponseSchema, PaginatedSchema } from '../http/responses';
import { DateTime, iso, Nullable } from '../http/schema-types';
import { fileUrl } from './files';
import { MODEL_STATUS_COLORS } from '../db/status-colors';

export const MODEL_STATUSES = Object.keys(MODEL_STATUS_COLORS) as ModelStatus[];

export const ModelSchema = Type.Object({
  id: Type.Integer(),
  project_id: Nullable(Type.Integer()),
  name: Type.String(),
  description: Nullable(Type.String()),
  status: Type.String({ enum: MODEL_STATUSES }),
  status_color: Type.String(),
  preview_image_url: Nullable(Type.String()),
  created_at: DateTime,
  updated_at: DateTime,
  started_at: Nullable(DateTime),
  finished_at: Nullable(DateTime),
  deleted_at: Nullable(DateTime),
  uploader_name: Nullable(Type.String()),
  latest_geometry_event: Nullable(Type.Object({ message: Type.String(), created_at: DateTime })),
});

type ModelRow = Selectable<ProjectModelsTable> & { uploader_name: string | null };
type Model = {
  id: number;
  project_id: number | null;
  name: string;
  description: string | null;
  status: ModelStatus;
  status_color: string;
  preview_image_url: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  deleted_at: string | null;
  uploader_name: string | null;
  latest_geometry_event: { message: string; created_at: string } | null;
};

const MODEL_FIELDS = Object.keys(ModelSchema.properties) as Array<keyof Model>;

function modelList(
  request: FastifyRequest,
  companyId: number,
): ListSpec<'project_models' | 'users', ModelRow, Model> {
  const { db } = request.server.ctx;
  return {
    resource: 'models',
    sorts: {
      name: 'project_models.name',
      created_at: 'project_models.created_at',
      updated_at: 'project_models.updated_at',
      status: 'project_models.status',
      finished_at: 'project_models.finished_at',
    },
    defaultSort: '-created_at',
    tiebreaker: 'project_models.id',
    search: ['project_models.name'],
    deletedAt: 'project_models.deleted_at',
    filters: {
      status: (eb, values) =>
        eb('project_models.status', 'in', values.map((value) => value.toUpperCase()) as ModelStatus[]),
      project_id: (eb, values) =>
        eb('project_models.project_id', 'in', values.map(Number).filter(Number.isInteger)),
    },
    fieldScopes: { 'status.finished': (eb) => eb('project_models.status', '=', 'FINISHED') },
    fields: MODEL_FIELDS,
    quickCount: () => liveRowCount(db, companyId, 'project_models'),
    async present(rows, fields) {
      const ids = rows.map((row) => row.id);
      const events =
        fields.has('latest_geometry_event') && ids.length
          ? await db
              .selectFrom('model_geometry_events')
              .distinctOn('model_id')
              .select(['model_id', 'message', 'created_at'])
              .where('model_id', 'in', ids)
              .orderBy('model_id')
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc')
              .execute()
          : [];
      const latest = new Map(events.map((event) => [event.model_id, event]));
      return rows.map((row) => {
        const event = latest.get(row.id);
        return {
          id: row.id,
          project_id: row.project_id,
          name: row.name,
          description: row.description,
          status: row.status,
          status_color: row.status_color,
          preview_image_url: fileUrl(request, row.preview_image_url),
          created_at: iso(row.created_at)!,
          updated_at: iso(row.updated_at)!,
          started_at: iso(row.started_at),
          finished_at: iso(row.finished_at),
          deleted_at: iso(row.deleted_at),
          uploader_name: row.uploader_name,
          latest_geometry_event: event
            ? { message: event.message, created_at: iso(event.created_at)! }
            : null,
        };
      });
    },
  };
}

export async function modelRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/projects/models',
    {
      preValidation: can('list-project-models'),
      schema: {
        tags: ['models'],
        summary:
          'Project models of the tenant (sorts name, created_at, updated_at, status, finished_at; filters search, status, project_id)',
        security: [{ bearer: [] }],
        querystring: Type.Object(listQueryProperties),
        response: { 200: ListResponseSchema(PaginatedSchema(ModelSchema)) },
      },
    },
    async (request) => {
      const { company } = await authenticate(request);
      const base = app.ctx.db
        .selectFrom('project_models')
        .leftJoin('users', 'users.id', 'project_models.uploader_id')
        .selectAll('project_models')
        .select('users.name as uploader_name')
        .where('project_models.company_id', '=', company.id);
      return listEndpoint(request, base, modelList(request, company.id), request.query);
    },
  );
}

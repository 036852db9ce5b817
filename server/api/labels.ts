/**
 * Labels (spec 2 §3): the list the project form's label picker reads, with the list conventions (search on name;
 * sorts name, created_at, updated_at; default -created_at). The labels management screens come with their own
 * issue and add their endpoints here.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { can } from '../auth/guards';
import { authenticate } from '../auth/session';
import type { LabelsTable } from '../db/schema';
import { listQueryProperties } from '../http/list-query';
import { type ListSpec, listEndpoint } from '../http/listing';
import { ListResponseSchema, PaginatedSchema } from '../http/responses';
import { DateTime, iso } from '../http/schema-types';

export const LabelSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
});

type LabelRow = Selectable<LabelsTable>;

const presentLabel = (row: LabelRow) => ({
  id: row.id,
  name: row.name,
  color: row.color,
  created_at: iso(row.created_at)!,
  updated_at: iso(row.updated_at)!,
});

type Label = ReturnType<typeof presentLabel>;

const labelList: ListSpec<'labels', LabelRow, Label> = {
  resource: 'labels',
  sorts: { name: 'labels.name', created_at: 'labels.created_at', updated_at: 'labels.updated_at' },
  defaultSort: '-created_at',
  tiebreaker: 'labels.id',
  search: ['labels.name'],
  fields: Object.keys(LabelSchema.properties) as Array<keyof Label>,
  present: async (rows) => rows.map(presentLabel),
};

export async function labelRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/labels',
    {
      preValidation: can('list-labels'),
      schema: {
        tags: ['labels'],
        summary: 'Labels of the tenant (sorts name, created_at, updated_at; filter search on name)',
        security: [{ bearer: [] }],
        querystring: Type.Object(listQueryProperties),
        response: { 200: ListResponseSchema(PaginatedSchema(LabelSchema)) },
      },
    },
    async (request) => {
      const { company } = await authenticate(request);
      const base = app.ctx.db
        .selectFrom('labels')
        .selectAll('labels')
        .where('labels.company_id', '=', company.id);
      return listEndpoint(request, base, labelList, request.query);
    },
  );
}

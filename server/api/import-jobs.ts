/**
 * `GET /import-jobs/{id}` (issue 46): how far one of the user's jobs checking or importing a large file's rows is,
 * and its outcome once FINISHED (the import endpoint's preview or result, or an import's 422 errors). Queued by
 * `POST /{collection}/import-jobs` (server/http/crud/import.ts), worked by
 * server/processing/row-import-processing.ts. Another user's job answers 404.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/session';
import { notFound } from '../errors/http-errors';
import { IdParams } from '../http/crud/ids';
import { ImportJobSchema, presentImportJob } from '../http/crud/import';
import { guard, guarded } from '../http/guarded-route';
import { DataSchema } from '../http/responses';
import { MessageSchema } from '../http/schema-types';

export default async function importJobRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/import-jobs/:id',
    guarded(
      guard.signedIn,
      {
        tags: ['import-jobs'],
        summary: 'One of the user’s import jobs: how far it is, and its outcome once finished',
        params: IdParams,
        response: { 200: DataSchema(ImportJobSchema), 404: MessageSchema },
      },
      { activity: false },
    ),
    async (request) => {
      const { user, company } = await authenticate(request);
      const row = await db
        .selectFrom('row_imports')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('company_id', '=', company.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!row) throw notFound('Import not found.');
      return { data: presentImportJob(row) };
    },
  );
}

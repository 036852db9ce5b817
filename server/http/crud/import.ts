/**
 * A list's import from a spreadsheet (issue 46; a declaration's `import`, shared/import.ts):
 * `POST /{collection}/import-rows/preview` and `POST /{collection}/import-rows` with `rows: [{key?, values}]`.
 *
 * Every row goes through the entity's own create (no key) or update (the record of its key), so it is checked as the
 * form's create or update is, with the same 422 messages: first by the route's schema (each row's values are a
 * part of the input schema; a row that breaks it fails on its own, `attachValidation`), then by the entity's checks
 * (unique names, records of the company, its hooks). All rows run in one transaction, each in a savepoint so a
 * failing row leaves the others' checks intact; a row sees the rows before it (two rows of one name: the second is
 * taken). The preview then rolls everything back and answers the counts and each failing row's errors; the import
 * commits only when no row failed (422 otherwise, keyed `rows.{n}.{field}`), so it writes every row or none. The work
 * for after a write (events, queueing) runs after the commit. Rows with a key need the update ability, rows without
 * the create ability (and an entity that declares `create`).
 */
import { type Static, type TObject, Type } from '@sinclair/typebox';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { privateChannel, userChannel } from '../../../shared/channels';
import { IMPORT_JOB_EVENT, wireEventName } from '../../../shared/events';
import {
  type ImportJob,
  IMPORT_JOB_HEADER,
  IMPORT_JOB_MAX,
  IMPORT_LIMIT,
  importErrorKey,
  type ImportPreview,
  type ImportResult,
  type ImportRowErrors,
} from '../../../shared/import';
import { ROW_IMPORT, type RowImportRow, runningRowImport } from '../../db/row-imports';
import type { Database } from '../../db/schema';
import { type FieldErrors, HttpError, ValidationError } from '../../errors/http-errors';
import { schemaValidationErrors } from '../errors';
import { requestLanguage, translateText } from '../language';
import { DataSchema } from '../responses';
import type { CrudContext, Followup, Submitted } from './declaration';
import { contextOf, eitherOf, requireAbility } from './context';
import type { Entity } from './declared-entity';
import { Id, NameKey, type RowKey } from './ids';

interface SchemaIssue {
  keyword: string;
  instancePath?: string;
  params?: Record<string, unknown>;
}

/** What the rows came to: the counts, each failing row's errors, and the work for after a commit. */
interface Outcome {
  created: number;
  updated: number;
  failed: ImportRowErrors[];
  followups: Followup[];
}

/** Thrown out of the transaction to roll it back (a preview, or an import with a failing row). */
class RolledBack extends Error {
  constructor(readonly outcome: Outcome) {
    super('rolled back');
  }
}

const ImportPreviewSchema = Type.Object({
  create: Type.Integer(),
  update: Type.Integer(),
  failed: Type.Array(
    Type.Object({ row: Type.Integer(), errors: Type.Record(Type.String(), Type.Array(Type.String())) }),
  ),
});
const ImportResultSchema = Type.Object({ created: Type.Integer(), updated: Type.Integer() });

/** The errors of a row that failed its write: a 422's fields, a missing key's, or one message for the row. */
function rowErrors(error: unknown, log: (error: unknown) => void): FieldErrors {
  if (error instanceof ValidationError) return error.errors;
  if (error instanceof HttpError && error.statusCode === 404)
    return { key: ['The selected key is invalid.'] };
  if (error instanceof HttpError) return { row: [error.message] };
  log(error);
  return { row: ['Server Error'] };
}

/**
 * The schema's errors per row (`/rows/3/values/email` → row 3, `email`; `/rows/3/key` → `key`); an error outside
 * the rows (no rows, too many) refuses the whole request.
 */
function schemaErrorsByRow(issues: SchemaIssue[], fieldOrder: string[]): Map<number, FieldErrors> {
  const byRow = new Map<number, SchemaIssue[]>();
  const outside: SchemaIssue[] = [];
  for (const issue of issues) {
    const match = /^\/rows\/(\d+)(?:\/values)?(\/.*)?$/.exec(issue.instancePath ?? '');
    if (!match) {
      outside.push(issue);
      continue;
    }
    const row = Number(match[1]);
    // `/rows/3` missing `values` or `key`: the property names the field.
    byRow.set(row, [...(byRow.get(row) ?? []), { ...issue, instancePath: match[2] ?? '' }]);
  }
  if (outside.length) {
    const errors = schemaValidationErrors(outside);
    throw new ValidationError(errors);
  }
  return new Map([...byRow].map(([row, rowIssues]) => [row, schemaValidationErrors(rowIssues, fieldOrder)]));
}

/** A job's rows travel in one body: a few hundred bytes a row. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** How often a job's run tells how far it is, in rows. */
const PROGRESS_EVERY = 250;

export const ImportJobSchema = Type.Object({
  id: Type.Integer(),
  write: Type.Boolean(),
  status: Type.String(),
  rows_done: Type.Integer(),
  rows_total: Type.Integer(),
  preview: Type.Union([ImportPreviewSchema, Type.Null()]),
  result: Type.Union([ImportResultSchema, Type.Null()]),
  errors: Type.Union([Type.Record(Type.String(), Type.Array(Type.String())), Type.Null()]),
});

/** A job as `GET /import-jobs/{id}` and its event answer it. */
export function presentImportJob(row: RowImportRow): ImportJob {
  const outcome = row.status === 'FINISHED' ? row.outcome : null;
  const data = outcome && 'data' in outcome ? outcome.data : null;
  return {
    id: row.id,
    write: row.write,
    status: row.status,
    rows_done: row.rows_done,
    rows_total: row.rows_total,
    preview: !row.write && data ? (data as ImportPreview) : null,
    result: row.write && data ? (data as ImportResult) : null,
    errors: outcome && 'errors' in outcome ? outcome.errors : null,
  };
}

/**
 * Tells the job's user how far its rows are (`IMPORT_JOB_EVENT` on their channel), through the app's push service;
 * a push that fails is logged and never fails the import.
 */
const jobProgress = (request: FastifyRequest, job: RowImportRow) => async (done: number) => {
  try {
    await request.server.ctx.broadcaster.publish(
      [privateChannel(userChannel(job.company_id, job.user_id))],
      wireEventName(IMPORT_JOB_EVENT),
      { id: job.id, status: 'RUNNING', rows_done: done, rows_total: job.rows_total },
    );
  } catch (error) {
    request.log.error({ err: error, job: job.id }, 'Telling an import job’s progress failed');
  }
};

export async function registerImportEndpoints<
  TB extends keyof Database,
  Row extends { id: number },
  Input extends TObject,
  Item extends TObject,
  Detail extends TObject,
>(app: FastifyInstance, entity: Entity<TB, Row, Input, Item, Detail>): Promise<void> {
  const declared = entity.import;
  if (!declared) return;
  const { update, create } = entity.abilities;
  if (!update || (declared.create && !create))
    throw new Error(`${entity.collection}: an import needs the update ability (and create, to create)`);
  const fields = [...declared.fields];
  const unknown = fields.filter((field) => !Object.hasOwn(entity.schemas.input.properties, field));
  if (unknown.length)
    throw new Error(`${entity.collection}: import names no input field ${unknown.join(', ')}`);
  const required = (entity.schemas.input.required ?? []).filter((field: string) => fields.includes(field));
  type Values = Submitted<Static<Input>>;
  type Body = { rows: Array<{ key?: RowKey; values: Values }> };
  const collection = entity.writeCollection ?? entity.collection;
  const path = `/${collection}/import-rows`;
  const ability = eitherOf(declared.create && create ? [update, create] : [update]);
  const body = Type.Object({
    rows: Type.Array(
      Type.Object({
        key: Type.Optional(entity.idField === 'name' ? NameKey : Id),
        values: Type.Partial(Type.Pick(entity.schemas.input, fields)),
      }),
      { minItems: 1, maxItems: IMPORT_JOB_MAX },
    ),
  });
  /** A job's rows as sent: checked when its run sends them here (`IMPORT_JOB_HEADER`). */
  const jobBody = Type.Object({
    rows: Type.Array(Type.Unknown(), { minItems: 1, maxItems: IMPORT_JOB_MAX }),
    write: Type.Boolean(),
  });

  /** A new row's required fields it lacks, worded as the create form's schema words them. */
  const missing = (values: Values): FieldErrors =>
    schemaValidationErrors(
      required
        .filter(
          (field) => values[field as keyof Values] === undefined || values[field as keyof Values] === null,
        )
        .map((field) => ({ keyword: 'required', instancePath: '', params: { missingProperty: field } })),
      fields,
    );

  async function run(
    ctx: CrudContext,
    rows: Body['rows'],
    schemaErrors: Map<number, FieldErrors>,
    write: boolean,
    /** Told every `PROGRESS_EVERY` rows how many are done (a job's run). */
    onProgress?: (done: number) => Promise<void>,
  ) {
    // Rows the schema refused (even ones that are no object) fail on their own; the others decide the abilities.
    const checked = rows.filter((_, index) => !schemaErrors.has(index));
    if (checked.some((row) => row.key === undefined)) {
      if (!declared!.create || !create)
        throw new ValidationError({ key: ['Every row needs the key of a record.'] });
      requireAbility(ctx.session, create);
    }
    if (checked.some((row) => row.key !== undefined)) requireAbility(ctx.session, update!);
    const log = (error: unknown) => ctx.request.log.error(error);
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const rowCtx = { ...ctx, db: trx };
        const outcome: Outcome = { created: 0, updated: 0, failed: [], followups: [] };
        for (const [index, row] of rows.entries()) {
          if (onProgress && index > 0 && index % PROGRESS_EVERY === 0) await onProgress(index);
          const errors = schemaErrors.get(index) ?? (row.key === undefined ? missing(row.values) : {});
          if (Object.keys(errors).length) {
            outcome.failed.push({ row: index, errors });
            continue;
          }
          await sql`savepoint import_row`.execute(trx);
          try {
            if (row.key === undefined) {
              const created = await entity.createOne(rowCtx, row.values);
              if (created.followup) outcome.followups.push(created.followup);
              outcome.created += 1;
            } else {
              const found = await entity.findFor(rowCtx, row.key);
              const followup = await entity.updateOne(rowCtx, found, row.values);
              if (followup) outcome.followups.push(followup);
              outcome.updated += 1;
            }
            await sql`release savepoint import_row`.execute(trx);
          } catch (error) {
            await sql`rollback to savepoint import_row`.execute(trx);
            outcome.failed.push({ row: index, errors: rowErrors(error, log) });
          }
        }
        if (!write || outcome.failed.length) throw new RolledBack(outcome);
        return outcome;
      });
    } catch (error) {
      if (error instanceof RolledBack) return error.outcome;
      throw error;
    }
  }

  const handler = (write: boolean) => async (request: FastifyRequest) => {
    const ctx = await contextOf(request);
    const issues = (request.validationError as FastifyError | undefined)?.validation ?? [];
    const schemaErrors = schemaErrorsByRow(issues as SchemaIssue[], fields);
    const { rows } = request.body as Body;
    // More rows than one request takes come from a job's run, which names its job (a large file's check or import).
    const job = request.headers[IMPORT_JOB_HEADER]
      ? await runningRowImport(ctx.db, request.headers[IMPORT_JOB_HEADER], ctx.session.user.id, collection)
      : null;
    if (rows.length > IMPORT_LIMIT && !job)
      throw new ValidationError({ rows: [`The rows field must not have more than ${IMPORT_LIMIT} items.`] });
    const outcome = await run(ctx, rows, schemaErrors, write, job ? jobProgress(request, job) : undefined);
    if (!write) {
      // The answer's language hook words a 422's errors; a preview's are data, worded here.
      const language = requestLanguage(request);
      const preview: ImportPreview = {
        create: outcome.created,
        update: outcome.updated,
        failed: outcome.failed.map(({ row, errors }) => ({
          row,
          errors: Object.fromEntries(
            Object.entries(errors).map(([field, messages]) => [
              field,
              messages.map((text) => translateText(text, language)),
            ]),
          ),
        })),
      };
      return { data: preview };
    }
    if (outcome.failed.length) {
      const errors: FieldErrors = {};
      for (const { row, errors: fieldErrors } of outcome.failed)
        for (const [field, messages] of Object.entries(fieldErrors))
          errors[importErrorKey(row, field)] = messages;
      throw new ValidationError(errors);
    }
    for (const followup of outcome.followups) await followup();
    const result: ImportResult = { created: outcome.created, updated: outcome.updated };
    return { data: result };
  };

  const limit = `at most ${IMPORT_LIMIT} rows, ${IMPORT_JOB_MAX} from an import job's run`;
  app.post(
    `${path}/preview`,
    {
      ...entity.route(
        ability,
        `Checks rows of a spreadsheet as ${entity.tag}' forms do (${limit}) and writes nothing`,
        { body, response: { 200: DataSchema(ImportPreviewSchema) } },
        { activity: false },
      ),
      attachValidation: true,
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    handler(false),
  );
  app.post(
    path,
    {
      ...entity.route(
        ability,
        `Imports rows of a spreadsheet (${limit}): a row with a key updates that ${entity.entity}, one without ` +
          'creates one; every row or none (422 keyed rows.{n}.{field})',
        { body, response: { 200: DataSchema(ImportResultSchema) } },
      ),
      attachValidation: true,
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    handler(true),
  );

  app.post(
    `/${collection}/import-jobs`,
    {
      ...entity.route(
        ability,
        `Checks (write false) or imports (write true) a large file's rows (at most ${IMPORT_JOB_MAX}) as a job, ` +
          'every row or none; its progress on the user’s channel, its outcome at GET /import-jobs/{id}',
        { body: jobBody, response: { 201: DataSchema(ImportJobSchema) } },
        { activity: false },
      ),
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    async (request, reply) => {
      const ctx = await contextOf(request);
      const { rows, write } = request.body as Static<typeof jobBody>;
      const row = await ctx.db
        .insertInto('row_imports')
        .values({
          company_id: ctx.session.company.id,
          user_id: ctx.session.user.id,
          host: request.host,
          collection,
          write,
          rows: JSON.stringify(rows),
          language: requestLanguage(request),
          rows_total: rows.length,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await request.server.ctx.processor.enqueue({
        entity: ROW_IMPORT,
        id: row.id,
        attempt: row.processing_attempt,
      });
      return reply.status(201).send({ data: presentImportJob(row) });
    },
  );
}

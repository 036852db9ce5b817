/**
 * The FAQ (spec 2 §FAQ, §7): one set of categories with questions for the whole platform. Every signed-in user
 * reads them (`GET /questions/categories`, `GET /questions/categories/{id}` with its questions); administrators
 * create, rename and delete categories (`/admin/questions/categories`, the questions with them) and add, edit and
 * delete questions (`/admin/questions`). Not built on the CRUD helper (`server/http/crud/`): its rows are
 * per company and its reads and writes share one collection, while the FAQ is platform-wide with the writes
 * under /admin.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import {
  FaqCategoryDetailSchema,
  FaqCategoryInputSchema,
  FaqCategorySchema,
  FaqQuestionInputSchema,
  FaqQuestionSchema,
} from '../../shared/entities/faq';
import { adminOnly, signedIn } from '../auth/guards';
import { notEmptied } from './field-checks';
import type { DB } from '../db/database';
import type { FaqCategoriesTable, FaqQuestionsTable } from '../db/schema';
import { foundOr404, Id, IdParams } from '../http/crud/ids';
import { listQueryProperties } from '../http/list-query';
import { type ListSpec, listEndpoint } from '../http/listing';
import {
  DataSchema,
  DeletedSchema,
  deletedResponse,
  ListResponseSchema,
  PaginatedSchema,
} from '../http/responses';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { iso, MessageSchema } from '../http/schema-types';

type CategoryRow = Selectable<FaqCategoriesTable> & { questions_count: number };
type QuestionRow = Selectable<FaqQuestionsTable>;

const TAG = 'faq';
const security = [{ bearer: [] }];

const categories = (db: DB) =>
  db
    .selectFrom('faq_categories')
    .selectAll('faq_categories')
    .select((eb) =>
      eb
        .selectFrom('faq_questions')
        .whereRef('faq_questions.category_id', '=', 'faq_categories.id')
        .select((count) => count.fn.countAll<number>().as('count'))
        .as('questions_count'),
    )
    .$castTo<CategoryRow>();

const presentCategory = (row: CategoryRow) => ({
  id: row.id,
  name: row.name,
  questions_count: Number(row.questions_count ?? 0),
  created_at: iso(row.created_at)!,
  updated_at: iso(row.updated_at)!,
});

const presentQuestion = (row: QuestionRow) => ({
  id: row.id,
  category_id: row.category_id,
  question: row.question,
  answer: row.answer,
  created_at: iso(row.created_at)!,
  updated_at: iso(row.updated_at)!,
});

type CategoryItem = ReturnType<typeof presentCategory>;

const categoryList: ListSpec<'faq_categories', CategoryRow, CategoryItem> = {
  resource: 'categories',
  sorts: {
    name: 'faq_categories.name',
    created_at: 'faq_categories.created_at',
    updated_at: 'faq_categories.updated_at',
  },
  defaultSort: '-updated_at',
  tiebreaker: 'faq_categories.id',
  search: ['faq_categories.name'],
  fields: Object.keys(FaqCategorySchema.properties) as Array<keyof CategoryItem>,
  present: async (rows) => rows.map(presentCategory),
};

const QuestionCreateSchema = Type.Composite([Type.Object({ category_id: Id }), FaqQuestionInputSchema]);

export async function faqRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.ctx;

  const findCategory = (executor: DB, id: number) =>
    foundOr404(
      categories(executor).where('faq_categories.id', '=', id).executeTakeFirst(),
      'FaqCategory',
      id,
    );
  const findQuestion = (executor: DB, id: number) =>
    foundOr404(
      executor.selectFrom('faq_questions').selectAll().where('id', '=', id).executeTakeFirst(),
      'FaqQuestion',
      id,
    );
  const detail = async (executor: DB, id: number) => {
    const category = await findCategory(executor, id);
    const questions = await executor
      .selectFrom('faq_questions')
      .selectAll()
      .where('category_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return { ...presentCategory(category), questions: questions.map(presentQuestion) };
  };

  app.get(
    '/questions/categories',
    {
      preValidation: signedIn,
      schema: {
        tags: [TAG],
        summary: 'FAQ categories (every signed-in user; list conventions, default sort -updated_at)',
        security,
        querystring: Type.Object(listQueryProperties),
        response: { 200: ListResponseSchema(PaginatedSchema(FaqCategorySchema)) },
      },
    },
    async (request) => listEndpoint(request, categories(db), categoryList, request.query),
  );

  app.get(
    '/questions/categories/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: [TAG],
        summary: 'One FAQ category with its questions (every signed-in user)',
        security,
        params: IdParams,
        response: { 200: DataSchema(FaqCategoryDetailSchema), 404: MessageSchema },
      },
    },
    async (request) => ({ data: await detail(db, request.params.id) }),
  );

  app.post(
    '/admin/questions/categories',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: 'Creates a FAQ category (admin)',
        consumes: FORM_CONTENT_TYPES,
        security,
        body: FaqCategoryInputSchema,
        response: { 201: DataSchema(FaqCategoryDetailSchema) },
      },
    },
    async (request, reply) => {
      const { id } = await db
        .insertInto('faq_categories')
        .values({ name: request.body.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ data: await detail(db, id) });
    },
  );

  app.patch(
    '/admin/questions/categories/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: 'Renames a FAQ category (admin)',
        consumes: FORM_CONTENT_TYPES,
        security,
        params: IdParams,
        body: FaqCategoryInputSchema,
        response: { 200: DataSchema(FaqCategoryDetailSchema), 404: MessageSchema },
      },
    },
    async (request) => {
      const category = await findCategory(db, request.params.id);
      await db
        .updateTable('faq_categories')
        .set({ name: request.body.name, updated_at: new Date() })
        .where('id', '=', category.id)
        .execute();
      return { data: await detail(db, category.id) };
    },
  );

  app.delete(
    '/admin/questions/categories/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: 'Deletes a FAQ category and all its questions (admin)',
        security,
        params: IdParams,
        response: { 200: DeletedSchema('category'), 404: MessageSchema },
      },
    },
    async (request) => {
      const category = await findCategory(db, request.params.id);
      // The questions go with it (on delete cascade), in the same statement.
      await db.deleteFrom('faq_categories').where('id', '=', category.id).execute();
      return deletedResponse('category', category.name);
    },
  );

  app.post(
    '/admin/questions',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: 'Adds a question with its answer to a FAQ category (admin)',
        consumes: FORM_CONTENT_TYPES,
        security,
        body: QuestionCreateSchema,
        response: { 201: DataSchema(FaqQuestionSchema), 404: MessageSchema },
      },
    },
    async (request, reply) => {
      const category = await findCategory(db, request.body.category_id);
      const row = await db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('faq_questions')
          .values({
            category_id: category.id,
            question: request.body.question,
            answer: request.body.answer,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('faq_categories')
          .set({ updated_at: new Date() })
          .where('id', '=', category.id)
          .execute();
        return created;
      });
      return reply.status(201).send({ data: presentQuestion(row) });
    },
  );

  app.patch(
    '/admin/questions/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: 'Edits a FAQ question or its answer (admin)',
        consumes: FORM_CONTENT_TYPES,
        security,
        params: IdParams,
        body: Type.Partial(FaqQuestionInputSchema),
        response: { 200: DataSchema(FaqQuestionSchema), 404: MessageSchema },
      },
    },
    async (request) => {
      const question = await findQuestion(db, request.params.id);
      await notEmptied(request.body, ['question', 'answer']);
      const { question: text, answer } = request.body;
      const row = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('faq_questions')
          .set({
            ...(text ? { question: text } : {}),
            ...(answer ? { answer } : {}),
            updated_at: new Date(),
          })
          .where('id', '=', question.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('faq_categories')
          .set({ updated_at: new Date() })
          .where('id', '=', question.category_id)
          .execute();
        return updated;
      });
      return { data: presentQuestion(row) };
    },
  );

  app.delete(
    '/admin/questions/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: 'Deletes a FAQ question (admin)',
        security,
        params: IdParams,
        response: { 200: DeletedSchema('question'), 404: MessageSchema },
      },
    },
    async (request) => {
      const question = await findQuestion(db, request.params.id);
      await db.deleteFrom('faq_questions').where('id', '=', question.id).execute();
      return deletedResponse('question', question.question);
    },
  );
}

/**
 * The FAQ (spec 2 §FAQ, §7): one set of categories with questions for the whole platform. The categories are a
 * platform entity of the CRUD helper (`server/http/crud/`, `scope: 'platform'`): every signed-in user reads them
 * (`GET /questions/categories`, `GET /questions/categories/{id}` with its questions) and administrators create,
 * rename and delete them under `writeCollection` (`/admin/questions/categories`; the questions go with a deleted
 * category). The questions are nested in their category and have no list of their own: administrators add, edit
 * and delete them at `/admin/questions`, beside the helper's routes (made with `faqCategories.route`).
 */
import { FAQ_CATEGORY_ABILITIES } from '../../shared/entities/faq-values';
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
import { notEmptied } from '../http/field-checks';
import type { DB } from '../db/database';
import type { FaqCategoriesTable, FaqQuestionsTable } from '../db/schema';
import { ADMIN_ONLY } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { foundOr404, Id, IdParams } from '../http/crud/ids';
import { DataSchema, DeletedSchema, deletedResponse } from '../http/responses';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { iso, MessageSchema } from '../http/schema-types';
import { inTransaction } from '../db/in-transaction';

type CategoryRow = Selectable<FaqCategoriesTable> & { questions_count: number };
type QuestionRow = Selectable<FaqQuestionsTable>;

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

export const faqCategories = defineEntity({
  collection: 'questions/categories',
  writeCollection: 'admin/questions/categories',
  tag: 'faq',
  model: 'FaqCategory',
  entity: 'category',
  activity: 'faqCategory',
  table: 'faq_categories',
  scope: 'platform',
  abilities: FAQ_CATEGORY_ABILITIES,
  // A rename sends the name again: the update body is the input itself, not its Partial.
  schemas: {
    input: FaqCategoryInputSchema,
    update: FaqCategoryInputSchema,
    item: FaqCategorySchema,
    detail: FaqCategoryDetailSchema,
  },
  rows: (db) => categories(db),
  nameOf: (category) => category.name,
  list: () => ({
    sorts: {
      name: 'faq_categories.name',
      created_at: 'faq_categories.created_at',
      updated_at: 'faq_categories.updated_at',
    },
    defaultSort: '-updated_at',
    search: ['faq_categories.name'],
  }),
  present: async (_ctx, rows) => rows.map(presentCategory),
  /** The category with its questions, oldest first. */
  async detail({ db }, category) {
    const questions = await db
      .selectFrom('faq_questions')
      .selectAll()
      .where('category_id', '=', category.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return { ...presentCategory(category), questions: questions.map(presentQuestion) };
  },
  summaries: {
    list: 'FAQ categories (every signed-in user; list conventions, default sort -updated_at)',
    show: 'One FAQ category with its questions (every signed-in user)',
    create: 'Creates a FAQ category (admin)',
    update: 'Renames a FAQ category (admin)',
    // The questions go with it (on delete cascade), in the same statement.
    delete: 'Deletes a FAQ category and all its questions (admin)',
  },
});

const QuestionCreateSchema = Type.Composite([Type.Object({ category_id: Id }), FaqQuestionInputSchema]);

export default async function faqRoutes(server: FastifyInstance): Promise<void> {
  await faqCategories.register(server);
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.ctx;

  const findCategory = (executor: DB, id: number) => faqCategories.find(executor, 0, id);
  const findQuestion = (executor: DB, id: number) =>
    foundOr404(
      executor.selectFrom('faq_questions').selectAll().where('id', '=', id).executeTakeFirst(),
      'FaqQuestion',
      id,
    );

  app.post(
    '/admin/questions',
    faqCategories.route(ADMIN_ONLY, 'Adds a question with its answer to a FAQ category (admin)', {
      consumes: FORM_CONTENT_TYPES,
      body: QuestionCreateSchema,
      response: { 201: DataSchema(FaqQuestionSchema), 404: MessageSchema },
    }),
    async (request, reply) => {
      const category = await findCategory(db, request.body.category_id);
      const row = await inTransaction(db, async (trx) => {
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
    faqCategories.route(ADMIN_ONLY, 'Edits a FAQ question or its answer (admin)', {
      consumes: FORM_CONTENT_TYPES,
      params: IdParams,
      body: Type.Partial(FaqQuestionInputSchema),
      response: { 200: DataSchema(FaqQuestionSchema), 404: MessageSchema },
    }),
    async (request) => {
      const question = await findQuestion(db, request.params.id);
      await notEmptied(request.body, ['question', 'answer']);
      const { question: text, answer } = request.body;
      const row = await inTransaction(db, async (trx) => {
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
    faqCategories.route(ADMIN_ONLY, 'Deletes a FAQ question (admin)', {
      params: IdParams,
      response: { 200: DeletedSchema('question'), 404: MessageSchema },
    }),
    async (request) => {
      const question = await findQuestion(db, request.params.id);
      await db.deleteFrom('faq_questions').where('id', '=', question.id).execute();
      return deletedResponse('question', question.question);
    },
  );
}

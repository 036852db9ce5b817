/** The FAQ (spec 2 §FAQ, §4, §6, §8): categories for everyone to read; administrators create, rename inline and
 * delete them and keep their questions. Server: server/api/faq.ts; records: shared/entities/faq.ts. */
import type { FaqCategory } from '@shared/entities/faq';
import { defineResource } from '../types';

const ADMIN = { admin: true } as const;

export default defineResource<FaqCategory>({
  name: 'questions/categories',
  ns: 'faq',
  screen: 'faq',
  idParam: 'faqId',
  routes: {
    list: 'faq',
    create: 'faq/create',
    extra: [{ path: 'faq/:faqId', screen: 'faq.category', page: () => import('./FaqCategoryPage') }],
  },
  actionGuards: { create: ADMIN },
  actions: { create: ADMIN, edit: ADMIN, delete: ADMIN },
  list: {
    sortKey: 'faq_categories',
    defaultSort: '-updated_at',
    pageSize: 5,
    columns: [
      { field: 'name', titleKey: 'columns.name', sort: 'name' },
      { field: 'questions_count', titleKey: 'columns.questions', kind: 'count' },
      { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at' },
    ],
  },
  form: {
    // Categories are written under /admin (spec 2 §7), read under /questions/categories.
    endpoint: 'admin/questions/categories',
    schema: () => import('@shared/entities/faq').then((entity) => entity.FaqCategoryInputSchema),
    fields: [{ name: 'name', labelKey: 'fields.name', kind: 'text' }],
    successKey: 'created',
  },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'category_name' },
  // The list renames inline (spec 2 §4: Edit turns the name into an input, saved on blur or Enter).
  pages: { list: () => import('./FaqListPage') },
});

/** The FAQ (spec 2 §FAQ, §4, §6, §8): categories for everyone to read; administrators create, rename inline and
 * delete them and keep their questions. The list is the generic one (spec 2 §2's anatomy: Filter panel, pages
 * only with more than 3 links, row menu), its Edit renaming the category in place. Server: server/api/faq.ts;
 * records: shared/entities/faq.ts. */
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import { Glyph } from '@/ui/Glyph';
import type { FaqCategory } from '@shared/entities/faq';
import { FAQ_CATEGORY_ABILITIES } from '@shared/entities/faq-values';
import { permissionsFrom } from '@/declarations/permissions-from';
import { defineResource } from '@/declarations/types';
import settings from './list-settings';

const ADMIN = { admin: true } as const;

export default defineResource<FaqCategory>({
  name: settings.name,
  // Categories are written under /admin (spec 2 §7), read under /questions/categories.
  writeCollection: 'admin/questions/categories',
  ns: 'faq',
  screen: 'faq',
  idParam: 'faqId',
  routes: {
    list: settings.route,
    create: 'faq/create',
    extra: [{ path: 'faq/:faqId', screen: 'faq.category', overview: () => import('./faq.category') }],
  },
  actionGuards: { create: ADMIN },
  ...permissionsFrom(FAQ_CATEGORY_ABILITIES),
  list: {
    ...settings.list,
    columns: [
      { field: 'name', titleKey: 'columns.name', sort: 'name' },
      { field: 'questions_count', titleKey: 'columns.questions', kind: 'count', width: 120 },
      { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at', hideBelow: 'sm' },
    ],
    // Spec 2 §4: 'FAQ rename: Edit turns the name into an input; saving on blur or Enter'.
    rowActions: [
      {
        key: 'edit',
        labelKey: 'edit',
        icon: <Glyph icon={EditOutlined} />,
        needs: 'edit',
        rename: { field: 'name', labelKey: 'rename', requiredKey: 'nameRequired', successKey: 'updated' },
      },
    ],
    rowLink: { to: (category) => `/faq/${category.id}` },
    emptyKey: 'empty',
  },
  form: {
    schema: () => import('@shared/entities/faq').then((entity) => entity.FaqCategoryInputSchema),
    fields: [{ name: 'name', labelKey: 'fields.name', kind: 'text' }],
    successKey: 'created',
  },
  // Spec 2 §4: 'Delete: 'Category deleted successfully''.
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'category_name', successKey: 'deleted' },
});

/** The FAQ list's request settings (spec 2 §FAQ, §9): the declaration and a first visit's request read them here. */
import type { ListSettings } from '@/declarations/types';

export default {
  name: 'questions/categories',
  route: 'faq',
  list: { sortKey: 'faq_categories', defaultSort: '-updated_at', pageSize: 5 },
} satisfies ListSettings;

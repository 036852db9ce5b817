/** The changelog list's request settings (spec 2 Admin): the declaration and a first visit's request read them here. */
import type { ListSettings } from '@/declarations/types';

export default {
  name: 'admin/changelog-items',
  route: 'admin/changelog_items',
  list: { sortKey: 'admin_changelog', defaultSort: '-created_at', pageSize: 5 },
} satisfies ListSettings;

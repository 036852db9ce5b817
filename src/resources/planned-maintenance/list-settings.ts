/** The planned maintenance list's request settings: the declaration and a first visit's request read them here. */
import type { ListSettings } from '@/declarations/types';

export default {
  name: 'admin/planned-maintenance',
  route: 'admin/maintenance',
  list: { sortKey: 'admin_maintenance', defaultSort: '-created_at', pageSize: 5 },
} satisfies ListSettings;

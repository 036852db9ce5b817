/** The groups list's request settings (spec 2 §6): the declaration and a first visit's request read them here. */
import type { ListSettings } from '@/declarations/types';

export default {
  name: 'groups',
  route: 'security/groups',
  list: { sortKey: 'security_groups', defaultSort: '-created_at', pageSize: 5 },
} as const satisfies ListSettings;

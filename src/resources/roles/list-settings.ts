/** The roles list's request settings (spec 2 §6): the declaration and a first visit's request read them here. */
import type { ListSettings } from '../types';

export default {
  name: 'roles',
  route: 'security/roles',
  list: { sortKey: 'security_roles', defaultSort: '-created_at', pageSize: 5 },
} as const satisfies ListSettings;

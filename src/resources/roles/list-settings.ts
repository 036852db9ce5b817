/** The roles list's request settings (spec 2 §6): the declaration and a first visit's request read them here. */
import { ROLE_EXCLUDED_FIELDS } from '../api-fields';
import type { ListSettings } from '@/declarations/types';

export default {
  name: 'roles',
  route: 'security/roles',
  list: {
    sortKey: 'security_roles',
    defaultSort: '-created_at',
    pageSize: 5,
    meta: { excluded_fields: ROLE_EXCLUDED_FIELDS },
  },
} as const satisfies ListSettings;

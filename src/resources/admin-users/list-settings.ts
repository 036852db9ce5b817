/** The platform's users list's request settings: the declaration and a first visit's request read them here. */
import { USER_EXCLUDED_FIELDS } from '../api-fields';
import type { ListSettings } from '@/declarations/types';

export default {
  name: 'admin/users',
  route: 'admin/users',
  list: {
    sortKey: 'admin_users',
    defaultSort: '-created_at',
    pageSize: 5,
    meta: { excluded_fields: USER_EXCLUDED_FIELDS },
  },
} satisfies ListSettings;

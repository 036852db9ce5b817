/** The platform's users list's request settings: the declaration and a first visit's request read them here. */
import type { AdminUser } from '@shared/entities/users';
import { fieldSelection } from '@/declarations/field-selection';
import type { ListSettings } from '@/declarations/types';

/** `GET /admin/users | … excluded_fields`: a member's abilities and projects. */
const USER_EXCLUDED_FIELDS = fieldSelection<AdminUser>('users', ['abilities', 'project_count']);

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

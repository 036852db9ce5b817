/** The users list's request settings (spec 2 §6, §7): the declaration and a first visit's request read them here. */
import type { User } from '@shared/entities/users';
import { fieldSelection } from '@/declarations/field-selection';
import type { ListSettings } from '@/declarations/types';

/** `GET /users | … excluded_fields`: a member's abilities and projects. */
const USER_EXCLUDED_FIELDS = fieldSelection<User>('users', ['abilities', 'project_count']);

export default {
  name: 'users',
  route: 'security/users',
  list: {
    sortKey: 'security_users',
    defaultSort: 'email_verified_at',
    // Spec 2 §7: the company's users without the platform administrators.
    meta: { query: { filter: { admin: 'false' } }, excluded_fields: USER_EXCLUDED_FIELDS },
    pageSize: 5,
  },
} as const satisfies ListSettings;

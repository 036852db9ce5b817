/** The roles list's request settings (spec 2 §6): the declaration and a first visit's request read them here. */
import type { Role } from '@shared/entities/roles';
import { fieldSelection } from '@/declarations/field-selection';
import type { ListSettings } from '@/declarations/types';

/** `GET /roles | plus excluded_fields`: the list shows a role's title, description and user count. */
const ROLE_EXCLUDED_FIELDS = fieldSelection<Role>('roles', ['abilities', 'notification_settings']);

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

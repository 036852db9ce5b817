/** The companies list's request settings (spec 2 Admin): the declaration and a first visit's request read them here. */
import type { Company } from '@shared/entities/companies';
import { fieldSelection } from '@/declarations/field-selection';
import type { ListSettings } from '@/declarations/types';

/** The fields the list asks for (spec 2 §7), with what the row menu needs. */
const LIST_FIELDS = fieldSelection<Company>('companies', [
  'id',
  'name',
  'domain',
  'sub_domain',
  'fqdn',
  'database',
  'created_at',
  'updated_at',
  'is_current',
  'is_deletable',
]);

export default {
  name: 'admin/companies',
  route: 'admin/companies',
  list: {
    sortKey: 'admin_companies',
    defaultSort: '-created_at',
    pageSize: 5,
    meta: { included_fields: LIST_FIELDS },
  },
} satisfies ListSettings;

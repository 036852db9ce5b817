/**
 * What the entry needs to ask for a declared list's rows on a first visit (first-screen.ts), by the list's path:
 * its API collection, `list.meta` and its request settings (list-request.ts), with what differs per platform.
 * Written out here so the entry does not load the declarations; tests/unit/first-lists.test.ts fails, printing
 * the table as it should be, when a declaration changes what its list asks for.
 */
import type { PlatformKey } from '@shared/platforms';
import type { ListRequestSettings } from '@/pages/list/list-request';

export interface FirstList {
  /** The API collection (`projects` → `GET /projects`). */
  resource: string;
  /** The declaration's `list.meta`. */
  meta?: Record<string, unknown>;
  request: ListRequestSettings;
  /** Settings of one platform over `request`. */
  platforms?: Partial<Record<PlatformKey, Partial<ListRequestSettings>>>;
}

export const FIRST_LISTS: Readonly<Record<string, FirstList>> = {
  '/admin/changelog_items': {
    resource: 'admin/changelog-items',
    request: {
      pageSize: 5,
      defaultSort: '-created_at',
      sortKey: 'admin_changelog',
      filterKeys: [],
    },
  },
  '/admin/companies': {
    resource: 'admin/companies',
    meta: {
      included_fields: [
        'companies.id',
        'companies.name',
        'companies.domain',
        'companies.sub_domain',
        'companies.fqdn',
        'companies.database',
        'companies.created_at',
        'companies.updated_at',
        'companies.is_current',
        'companies.is_deletable',
      ],
    },
    request: {
      pageSize: 5,
      defaultSort: '-created_at',
      sortKey: 'admin_companies',
      filterKeys: [],
    },
  },
  '/admin/feedback_report': {
    resource: 'admin/feedback-reports',
    request: {
      pageSize: 5,
      defaultSort: '-created_at',
      sortKey: 'admin_feedback',
      filterKeys: ['rating'],
    },
  },
  '/admin/issue_report': {
    resource: 'admin/issue-reports',
    request: {
      pageSize: 5,
      defaultSort: '-created_at',
      sortKey: 'admin_issues',
      filterKeys: ['severity', 'status'],
    },
  },
  '/admin/maintenance': {
    resource: 'admin/planned-maintenance',
    request: {
      pageSize: 5,
      defaultSort: '-created_at',
      sortKey: 'admin_maintenance',
      filterKeys: [],
    },
  },
  '/admin/users': {
    resource: 'admin/users',
    request: {
      pageSize: 5,
      defaultSort: '-created_at',
      sortKey: 'admin_users',
      filterKeys: [],
    },
  },
  '/tools/downloads': {
    resource: 'downloads',
    request: {
      pageSize: 5,
      defaultSort: '-created_at',
      sortKey: 'tools_downloads',
      filterKeys: [],
    },
  },
  '/security/groups': {
    resource: 'groups',
    request: {
      pageSize: 5,
      defaultSort: '-created_at',
      sortKey: 'security_groups',
      filterKeys: [],
    },
  },
  '/tools/labels': {
    resource: 'labels',
    request: {
      pageSize: 5,
      defaultSort: '-created_at',
      sortKey: 'tools_labels',
      filterKeys: [],
    },
  },
  '/projects': {
    resource: 'projects',
    request: {
      pageSize: 5,
      defaultSort: '-created_at',
      sortKey: 'projects',
      filterKeys: ['status', 'label'],
    },
    platforms: {
      customerportal: {
        sortPrefix: 'favorite',
      },
    },
  },
  '/tools/property-maps': {
    resource: 'property-maps',
    request: {
      pageSize: 5,
      defaultSort: '-name',
      sortKey: 'tools_property_maps',
      filterKeys: [],
    },
  },
  '/security/roles': {
    resource: 'roles',
    request: {
      pageSize: 5,
      defaultSort: '-created_at',
      sortKey: 'security_roles',
      filterKeys: [],
    },
  },
  '/security/users': {
    resource: 'users',
    meta: {
      query: {
        filter: {
          admin: 'false',
        },
      },
    },
    request: {
      pageSize: 5,
      defaultSort: 'email_verified_at',
      sortKey: 'security_users',
      filterKeys: [],
    },
  },
};

// @vitest-environment node
/**
 * The complete guard table: every route of spec 1 §2.7 for an administrator, users with and without the
 * abilities and licences, on both platforms. The expectations are derived here from the spec's own lists, not
 * from the guards written in the route table, so a wrong or missing guard in the table fails.
 */
import { describe, expect, it } from 'vitest';
import type { PermissionSubject } from '@shared/abilities';
import { ABILITIES } from '@shared/abilities';
import { PLATFORM_KEYS, type PlatformKey } from '@shared/platforms';
import { evaluateGuard, type GuardOutcome } from '@/lib/route-guards';
import { ROUTE_TABLE } from '@/shell/routes/route-table';

const crud = (base: string, param: string) => [base, `${base}/create`, `${base}/edit/:${param}`];

// Spec 1 §2.7, word for word.
const ALWAYS = [
  '',
  'global-search',
  'projects',
  'projects/create',
  'projects/edit/:projectId',
  'projects/copy/:projectId',
  'projects/overview/:projectId',
  'projects/manage/:projectId',
  'projects/models/overview/:modelId',
  'user/profile',
  'user/company',
  'issue_report',
  'feedback_report',
  'faq',
  'faq/:faqId',
  'libraries',
  'libraries/:libraryId',
  'libraries/items/overview/:itemId',
  ...crud('security/users', 'userId'),
  ...crud('security/roles', 'roleId'),
  ...crud('security/groups', 'groupId'),
  ...crud('tools/labels', 'labelId'),
  'tools/trash',
  'tools/downloads',
];
const HATCH_ONLY = [
  'projects/create/:projectId',
  'projects/models/create',
  'projects/models/create/:projectId',
  'projects/models/edit/:modelId',
  'libraries/create',
  'libraries/create/:libraryId',
  'libraries/edit/:libraryId',
  'libraries/items/create',
  'libraries/items/create/:libraryId',
  'libraries/items/edit/:itemId',
  'materials',
  'materials/categories/:categoryId',
  'materials/create',
  'materials/import',
  'materials/create/:categoryId',
  'materials/create/variant/:baseMaterialName',
  'materials/edit/:materialName',
  'materials/categories/create',
  'materials/categories/create/:categoryId',
  'materials/categories/edit/:categoryId',
  'materials/overview/:materialName',
  'processor',
  ...crud('tools/property-maps', 'propertyId'),
];
const ADMIN_ONLY = [
  'faq/create',
  'tools/downloads/create',
  'tools/downloads/edit/:downloadId',
  ...crud('admin/users', 'userId'),
  ...crud('admin/companies', 'companyId'),
  ...crud('admin/maintenance', 'maintenanceId'),
  'admin/issue_report',
  'admin/issue_report/overview/:issueId',
  ...crud('admin/changelog_items', 'id'),
  'admin/feedback_report',
  'admin/feedback_report/overview/:feedbackId',
];

const SPEC_ROUTES = [...ALWAYS, ...HATCH_ONLY, ...ADMIN_ONLY];
/** Screens the issues added beyond the spec, with the ability each needs: Tools → Share links (issue 46). */
const ISSUE_ROUTES: Record<string, string> = { 'tools/share-links': 'share-project-models' };
/**
 * An entity added beyond the spec (`npm run make:resource`, docs/declarations.md "Adding an entity") has the routes
 * `<collection>`, `<collection>/create`, `<collection>/edit/:<singular>Id` and `<collection>/overview/:<singular>Id`,
 * guarded by `list-<collection>`.
 */
const addedCollection = (path: string) =>
  SPEC_ROUTES.includes(path)
    ? undefined
    : /^([a-z][a-z0-9-]*)(\/create|\/(edit|overview)\/:[a-zA-Z]+Id)?$/.exec(path)?.[1];

/** Spec 1 §6 route groups (and §2.7: tools/downloads is for list-downloads). */
function abilityGroup(path: string): string | undefined {
  if (path in ISSUE_ROUTES) return ISSUE_ROUTES[path];
  const added = addedCollection(path);
  if (added) return `list-${added}`;
  if (path === 'user/company') return 'view-company|edit-company';
  if (path === 'libraries' || path.startsWith('libraries/')) return 'list-libraries';
  if (path.startsWith('security/')) return 'view-system-users|view-roles|view-groups';
  if (path === 'tools/downloads') return 'list-downloads';
  if (path.startsWith('tools/')) return 'list-downloads|list-labels|access-recycling-bin';
  return undefined;
}

const LICENCE: Record<PlatformKey, string> = { hatch: 'hatch', customerportal: 'design_and_sales' };

function expected(path: string, user: PermissionSubject, platform: PlatformKey): GuardOutcome {
  if (HATCH_ONLY.includes(path) && platform !== 'hatch') return 'not-found';
  if (ADMIN_ONLY.includes(path) && !user.admin) return 'not-found';
  if (!user.admin && !user.licenses.includes(LICENCE[platform])) return 'no-licence';
  const group = abilityGroup(path);
  if (group && !user.admin && !group.split('|').some((ability) => user.abilities.includes(ability)))
    return 'unauthorized';
  return 'allow';
}

const BOTH = ['hatch', 'design_and_sales'];
const SUBJECTS: Record<string, PermissionSubject> = {
  admin: { admin: true, abilities: [], licenses: BOTH },
  'admin in a company without licences': { admin: true, abilities: [], licenses: [] },
  'manager (every ability)': { admin: false, abilities: [...ABILITIES], licenses: BOTH },
  'viewer (bob)': {
    admin: false,
    abilities: [
      'view-projects',
      'list-project-models',
      'list-libraries',
      'list-library-items',
      'list-labels',
      'list-downloads',
      'view-company',
    ],
    licenses: ['design_and_sales'],
  },
  'no abilities': { admin: false, abilities: [], licenses: BOTH },
  'recycling bin only': { admin: false, abilities: ['access-recycling-bin'], licenses: BOTH },
  'editor of the company only': { admin: false, abilities: ['edit-company'], licenses: ['hatch'] },
  'no licence (dave)': { admin: false, abilities: [...ABILITIES], licenses: [] },
};

describe('the route table', () => {
  it("has the routes of spec 1 §2.7 once each, and besides them only the issues' screens and added entities", () => {
    const paths = ROUTE_TABLE.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.filter((path) => SPEC_ROUTES.includes(path)).sort()).toEqual([...SPEC_ROUTES].sort());
    // Any other route is an added entity's, by the generator's pattern (its guard is checked below).
    expect(paths.filter((path) => path in ISSUE_ROUTES).sort()).toEqual(Object.keys(ISSUE_ROUTES).sort());
    expect(
      paths.filter(
        (path) => !SPEC_ROUTES.includes(path) && !(path in ISSUE_ROUTES) && !addedCollection(path),
      ),
    ).toEqual([]);
  });

  it('names a translated screen for every route', () => {
    for (const route of ROUTE_TABLE) expect(route.screen).toMatch(/^[a-zA-Z]+(\.[a-zA-Z]+)?$/);
  });
});

describe.each(Object.entries(SUBJECTS))('guards for %s', (_name, user) => {
  describe.each(PLATFORM_KEYS)('on %s', (platform) => {
    it.each(ROUTE_TABLE.map((route) => [route.path || '(index)', route] as const))('/%s', (_path, route) => {
      expect(evaluateGuard(route.guard, user, platform)).toBe(expected(route.path, user, platform));
    });
  });
});

describe('guard outcomes that matter most', () => {
  const route = (path: string) => ROUTE_TABLE.find((entry) => entry.path === path)!;
  it('sends bob on Designs and Sales to /unauthorized for security pages, and lets him list downloads', () => {
    expect(evaluateGuard(route('security/users').guard, SUBJECTS['viewer (bob)'], 'customerportal')).toBe(
      'unauthorized',
    );
    expect(evaluateGuard(route('tools/downloads').guard, SUBJECTS['viewer (bob)'], 'customerportal')).toBe(
      'allow',
    );
  });

  it('sends bob to /portal on the authoring platform, whose licence he lacks', () => {
    expect(evaluateGuard(route('projects').guard, SUBJECTS['viewer (bob)'], 'hatch')).toBe('no-licence');
  });

  it('does not know authoring routes on Designs and Sales, nor admin routes for others', () => {
    expect(
      evaluateGuard(route('materials').guard, SUBJECTS['manager (every ability)'], 'customerportal'),
    ).toBe('not-found');
    expect(evaluateGuard(route('admin/companies').guard, SUBJECTS['manager (every ability)'], 'hatch')).toBe(
      'not-found',
    );
  });
});

/** Companies, licences, roles and the demo accounts of ../shared/demo-fixture.md (password `password`). */
import { ABILITIES } from '../../../shared/abilities';
import { hashPassword } from '../../auth/passwords';
import { createAccount } from '../../db/accounts';
import type { DB } from '../../db/database';
import { defineSeedArea } from '../seed-area';

export const DEMO_PASSWORD = 'password';

const VIEWER_ABILITIES = [
  'view-projects',
  'list-project-models',
  'list-libraries',
  'list-library-items',
  'list-labels',
  'list-downloads',
  'view-company',
];

const DESIGNER_ABILITIES = [
  'view-projects',
  'create-projects',
  'update-projects',
  'list-project-models',
  'create-project-models',
  'update-project-models',
  // Commenting goes with editing models (issue 45, migration 0210_model_comments).
  'comment-project-models',
  'list-libraries',
  'list-library-items',
  'list-materials',
  'list-material-categories',
  'list-labels',
  'list-downloads',
];

interface CompanySeed {
  sub_domain: string;
  name: string;
  licences: Record<string, number>;
  colors: { primary_color: string | null; primary_accent: string | null; is_default: boolean };
}

const COMPANIES: CompanySeed[] = [
  {
    sub_domain: 'acme',
    name: 'Acme Visuals',
    licences: { design_and_sales: 10, hatch: 5, realization: 2, standalone: 1, holo_helmet: 0 },
    colors: { primary_color: '#1f6feb', primary_accent: '#58a6ff80', is_default: false },
  },
  {
    sub_domain: 'globex',
    name: 'Globex Design',
    licences: { design_and_sales: 3 },
    colors: { primary_color: null, primary_accent: null, is_default: true },
  },
  {
    sub_domain: 'initech',
    name: 'Initech',
    licences: {},
    colors: { primary_color: null, primary_accent: null, is_default: true },
  },
];

export interface AccountSeed {
  username: string;
  name: string;
  email: string;
  company: string;
  admin: boolean;
  role: 'Manager' | 'Viewer' | null;
  licences: string[];
  function: string;
}

export const ACCOUNTS: AccountSeed[] = [
  {
    username: 'admin',
    name: 'Ada Admin',
    email: 'admin@portal.test',
    company: 'acme',
    admin: true,
    role: null,
    licences: ['hatch', 'design_and_sales'],
    function: 'Platform administrator',
  },
  {
    username: 'alice',
    name: 'Alice Anders',
    email: 'alice@acme.test',
    company: 'acme',
    admin: false,
    role: 'Manager',
    licences: ['hatch', 'design_and_sales'],
    function: '3D artist',
  },
  {
    username: 'bob',
    name: 'Bob Brink',
    email: 'bob@acme.test',
    company: 'acme',
    admin: false,
    role: 'Viewer',
    licences: ['design_and_sales'],
    function: 'Sales',
  },
  {
    username: 'carol',
    name: 'Carol Cruz',
    email: 'carol@globex.test',
    company: 'globex',
    admin: false,
    role: 'Manager',
    licences: ['design_and_sales'],
    function: 'Designer',
  },
  {
    username: 'dave',
    name: 'Dave Dekker',
    email: 'dave@initech.test',
    company: 'initech',
    admin: false,
    role: 'Manager',
    licences: [],
    function: 'Project lead',
  },
];

export async function seedAccounts(db: DB): Promise<void> {
  const companyIds = new Map<string, number>();
  const roleIds = new Map<string, number>();
  for (const company of COMPANIES) {
    const { id } = await db
      .insertInto('companies')
      .values({
        name: company.name,
        sub_domain: company.sub_domain,
        domain: `${company.sub_domain}.portal.test`,
        fqdn: `${company.sub_domain}.portal.test`,
        database: `tenant_${company.sub_domain}`,
        primary_color: company.colors.primary_color,
        primary_accent: company.colors.primary_accent,
        colors_is_default: company.colors.is_default,
        description: `${company.name} demo company`,
        deleted_at: null,
        logo: null,
        background_image: null,
        address: null,
        postal_code: null,
        country: 'Netherlands',
        city: null,
        phone_number: null,
        website: null,
        demo_model_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyIds.set(company.sub_domain, id);
    const licences = Object.entries(company.licences);
    if (licences.length) {
      await db
        .insertInto('company_licences')
        .values(licences.map(([licence, bought]) => ({ company_id: id, licence, bought })))
        .execute();
    }
    const roles: Array<[string, string, readonly string[]]> = [
      ['Manager', 'Manages everything in the company', ABILITIES],
      ['Viewer', 'Looks at projects and libraries', VIEWER_ABILITIES],
      ['Designer', 'Prepares projects, models and materials', DESIGNER_ABILITIES],
    ];
    for (const [title, description, abilities] of roles) {
      const role = await db
        .insertInto('roles')
        .values({ company_id: id, title, description, deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      roleIds.set(`${company.sub_domain}:${title}`, role.id);
      await db
        .insertInto('role_abilities')
        .values(abilities.map((ability) => ({ role_id: role.id, ability })))
        .execute();
    }
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of ACCOUNTS) {
    const companyId = companyIds.get(account.company)!;
    const userId = await createAccount(
      db,
      {
        name: account.name,
        username: account.username,
        email: account.email,
        password_hash: passwordHash,
        admin: account.admin,
        function: account.function,
        email_verified_at: new Date('2026-01-05T09:00:00Z'),
      },
      {
        companyId,
        roleId: account.role ? roleIds.get(`${account.company}:${account.role}`)! : null,
      },
    );
    if (account.licences.length) {
      await db
        .insertInto('user_licences')
        .values(account.licences.map((licence) => ({ company_id: companyId, user_id: userId, licence })))
        .execute();
    }
  }
}

export default defineSeedArea({ order: 10, run: seedAccounts });

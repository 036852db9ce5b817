/**
 * Safe submits (issue 42): a double click on Save of a create form makes one record. The write is held at the
 * network until the second click has happened (so the test does not depend on how fast the answer comes), then let
 * through; the API then holds one record of the name. Every create form of the portal is in the table (the
 * administrators' as admin).
 */
import { expect, type Page, test } from './support/test';
import {
  API,
  apiHeaders,
  type DemoUser,
  navigateInApp,
  origin,
  sharedSession,
  signedInAs,
} from './support/portal';
import { uniqueName } from './support/projects-api';

/** A label's required colour, chosen in antd's colour picker by its hex input. */
async function pickColor(page: Page) {
  await page.getByLabel('Color', { exact: true }).click();
  const input = page.locator('.ant-color-picker:visible .ant-color-picker-hex-input input');
  await input.fill('13c2c2');
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

/** A date and time typed in one of the formats the picker reads (src/lib/intl-formats.ts). */
async function typeDateTime(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Enter');
}

/** A username, subdomain or email part made of the unique name. */
const slug = (unique: string) => unique.toLowerCase().replace(/[^a-z0-9]+/g, '-');

interface CreateForm {
  /** The form's page heading. */
  name: string;
  path: string;
  /** Who may use the form (alice by default; administrators' forms: admin). */
  user?: DemoUser;
  /** The collection the form posts to. */
  write: string;
  /** The collection listing the record (the written one by default). */
  list?: string;
  /** The field holding the unique name and its label in the form (`name`, 'Name' by default). */
  unique?: { field: string; label: string };
  /** Whatever else the form needs before Save is allowed. */
  fill?: (page: Page, unique: string) => Promise<void>;
}

const CREATE_FORMS: CreateForm[] = [
  { name: 'New Project', path: '/projects/create', write: 'projects' },
  { name: 'New Library', path: '/libraries/create', write: 'libraries' },
  { name: 'New Label', path: '/tools/labels/create', write: 'labels', fill: pickColor },
  { name: 'New Group', path: '/security/groups/create', write: 'groups' },
  {
    name: 'New Role',
    path: '/security/roles/create',
    write: 'roles',
    unique: { field: 'title', label: 'Title' },
  },
  {
    name: 'New User',
    path: '/security/users/create',
    write: 'users',
    fill: async (page, unique) => {
      await page.getByLabel('Username', { exact: true }).fill(slug(unique));
      await page.getByLabel('Email', { exact: true }).fill(`${slug(unique)}@acme.test`);
    },
  },
  { name: 'New Property Map', path: '/tools/property-maps/create', write: 'property-maps' },
  { name: 'New Category', path: '/materials/categories/create', write: 'materials/categories' },
  {
    name: 'New Download',
    path: '/tools/downloads/create',
    user: 'admin',
    write: 'admin/downloads',
    list: 'downloads',
    fill: async (page) => {
      await page.getByLabel('Extension', { exact: true }).fill('txt');
      await page.locator('input[type="file"]').setInputFiles({
        name: 'manual.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('The manual.'),
      });
      await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'New FAQ category',
    path: '/faq/create',
    user: 'admin',
    write: 'admin/questions/categories',
    list: 'questions/categories',
  },
  {
    name: 'New Company',
    path: '/admin/companies/create',
    user: 'admin',
    write: 'admin/companies',
    fill: (page, unique) => page.getByLabel('Subdomain', { exact: true }).fill(slug(unique)),
  },
  {
    name: 'New Planned Maintenance',
    path: '/admin/maintenance/create',
    user: 'admin',
    write: 'admin/planned-maintenance',
    fill: async (page) => {
      await typeDateTime(page, 'Start', '2031-03-01 10:00');
      await typeDateTime(page, 'End', '2031-03-01 12:00');
    },
  },
  {
    name: 'New changelog item',
    path: '/admin/changelog_items/create',
    user: 'admin',
    write: 'admin/changelog-items',
    unique: { field: 'description', label: 'Description' },
    fill: async (page) => {
      await page.getByLabel('Type', { exact: true }).click();
      await page.getByTitle('Fixed', { exact: true }).click();
    },
  },
  {
    name: 'New User',
    path: '/admin/users/create',
    user: 'admin',
    write: 'admin/users',
    fill: async (page, unique) => {
      await page.getByLabel('Username', { exact: true }).fill(slug(unique));
      await page.getByLabel('Email', { exact: true }).fill(`${slug(unique)}@portal.test`);
    },
  },
];

test('a double click on Save of every create form makes one record', async ({ page, context, request }) => {
  // Fourteen forms, each opened, filled and saved: a bound on all of them, not a wait.
  test.setTimeout(300_000);
  let signedIn: DemoUser | null = null;
  for (const form of CREATE_FORMS) {
    const user = form.user ?? 'alice';
    const { access_token: token } = await sharedSession(user, 'acme');
    const headers = apiHeaders('acme', token);
    const unique = form.unique ?? { field: 'name', label: 'Name' };
    const name = uniqueName(`Twice ${form.write.replace(/\//g, ' ')}`);
    // The portal loads once per user; the next form opens inside it.
    if (signedIn === user) await navigateInApp(page, form.path);
    else {
      await signedInAs(context, user);
      await page.goto(`${origin('acme')}${form.path}`);
      signedIn = user;
    }
    // The form's own screen, not the one before it, still shown while the next one loads.
    await expect(page.getByRole('heading', { level: 1, name: form.name, exact: true })).toBeVisible();
    await page.getByLabel(unique.label, { exact: true }).fill(name);
    await form.fill?.(page, name);
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();

    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const writes: string[] = [];
    const writeUrl = (url: URL) => url.pathname === `/api/v2/${form.write}`;
    await page.route(writeUrl, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      writes.push(route.request().headers()['idempotency-key'] ?? '');
      await released;
      await route.fallback();
    });
    await save.dblclick();
    await expect.poll(() => writes.length, form.name).toBe(1);
    await expect(save).toBeDisabled();
    release();
    await expect(page).not.toHaveURL(new RegExp(`${form.path}$`));
    await page.unroute(writeUrl);
    expect(writes, form.name).toHaveLength(1);
    expect(writes[0], form.name).toMatch(/^[0-9a-f-]{32,36}$/);

    const found = await request.get(
      `${API}/${form.list ?? form.write}?per_page=25&filter[search]=${encodeURIComponent(name)}`,
      { headers },
    );
    expect(found.status(), form.name).toBe(200);
    const rows = ((await found.json()) as { data: Record<string, unknown>[] }).data;
    expect(
      rows.filter((row) => row[unique.field] === name),
      form.name,
    ).toHaveLength(1);
  }
});

/**
 * Companies as an administrator manages them (spec 2 Admin, §5, §8), built from their declaration: the list with
 * its row menu, create with the server's validation under the field, Select switching to the company's host
 * keeping the path, delete with its exact warning (disabled for the admin's own company), and axe at desktop and
 * phone width. Each test makes (and removes) the companies it changes.
 */
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { expectAccessibleAtBothWidths } from './support/axe';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';

const DELETE_TEXT =
  'Are you sure you want to delete this company? This will delete everything linked to this company. This action is irreversible!';

interface ApiCompany {
  id: number;
  name: string;
  sub_domain: string;
}

const uniqueSubDomain = () => `e2e-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function companiesApi(request: APIRequestContext) {
  const { access_token: token } = await sharedSession('admin', 'acme');
  const headers = apiHeaders('acme', token);
  return {
    async create(name: string, subDomain: string): Promise<ApiCompany> {
      const response = await request.post(`${API}/admin/companies`, {
        headers,
        data: { name, sub_domain: subDomain },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: ApiCompany }).data;
    },
    async find(subDomain: string): Promise<ApiCompany | undefined> {
      const response = await request.get(
        `${API}/admin/companies?per_page=25&filter[search]=${encodeURIComponent(subDomain)}`,
        { headers },
      );
      expect(response.status()).toBe(200);
      const { data } = (await response.json()) as { data: ApiCompany[] };
      return data.find((company) => company.sub_domain === subDomain);
    },
    async remove(subDomain: string): Promise<void> {
      const company = await this.find(subDomain);
      if (company) await request.delete(`${API}/admin/companies/${company.id}`, { headers });
    },
  };
}

const rows = (page: Page) => page.locator('.list-page__table tbody tr[data-row-key]');

async function openList(page: Page, base = origin('acme')) {
  await page.goto(`${base}/admin/companies`);
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

test.describe('admin companies', () => {
  test('admin creates a company and selects it (host switch)', async ({ page, context, request }) => {
    await signedInAs(context, 'admin');
    const api = await companiesApi(request);
    const name = uniqueName('E2E Company');
    const subDomain = uniqueSubDomain();
    try {
      await openList(page);
      await page.getByRole('button', { name: 'New Company' }).click();
      await expect(page).toHaveURL(/\/admin\/companies\/create$/);
      await expect(page.getByRole('heading', { name: 'New Company', level: 1 })).toBeVisible();
      await page.getByLabel('Name').fill(name);
      // Taken: the server's message under the field.
      await page.getByLabel('Subdomain').fill('globex');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.locator('#sub_domain_help')).toContainText('The sub domain has already been taken.');
      await page.getByLabel('Subdomain').fill(subDomain);
      await page.getByRole('tab', { name: 'Licenses' }).click();
      await page.getByLabel('Design & Sales licenses bought').fill('3');
      await page.getByRole('tab', { name: 'Colors and logo' }).click();
      await expect(page.getByRole('switch', { name: "Use the platform's default colors" })).toBeChecked();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/admin\/companies(\?.*)?$/);
      const row = rows(page).filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(`${subDomain}.`);

      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Select' }).click();
      await expect(page).toHaveURL(`${origin(subDomain)}/admin/companies`);
      await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
      // On its host the company is the current one: Select is disabled there, as is Delete.
      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      await expect(page.getByRole('menuitem', { name: /^Select/ })).toBeDisabled();
      await expect(page.getByRole('menuitem', { name: /^Delete/ })).toBeDisabled();
    } finally {
      await api.remove(subDomain);
    }
  });

  test("deletes a company after its exact warning; the admin's own company cannot be", async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'admin');
    const api = await companiesApi(request);
    const company = await api.create(uniqueName('E2E Doomed'), uniqueSubDomain());
    try {
      await openList(page);
      await page.getByRole('button', { name: 'Actions for Acme Visuals' }).click();
      await expect(page.getByRole('menuitem', { name: /^Delete/ })).toBeDisabled();
      await expect(page.getByRole('menuitem', { name: /^Select/ })).toBeDisabled();
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: `Actions for ${company.name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmation' });
      await expect(dialog).toContainText(DELETE_TEXT);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expectShown(page, `${company.name} successfully deleted`);
      await expect(rows(page).filter({ hasText: company.name })).toHaveCount(0);
      expect(await api.find(company.sub_domain)).toBeUndefined();
    } finally {
      await api.remove(company.sub_domain);
    }
  });

  test('edits a company from a row click', async ({ page, context, request }) => {
    await signedInAs(context, 'admin');
    const api = await companiesApi(request);
    const company = await api.create(uniqueName('E2E Edit'), uniqueSubDomain());
    try {
      await openList(page);
      await rows(page).filter({ hasText: company.name }).getByText(company.name).click();
      await expect(page).toHaveURL(new RegExp(`/admin/companies/edit/${company.id}$`));
      await expect(page.getByLabel('Subdomain')).toHaveValue(company.sub_domain);
      await page.getByLabel('Name').fill(`${company.name} renamed`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/admin\/companies(\?.*)?$/);
      await expect(rows(page).filter({ hasText: `${company.name} renamed` })).toHaveCount(1);
    } finally {
      await api.remove(company.sub_domain);
    }
  });

  test('alice (no admin) finds no companies screen', async ({ page, context }) => {
    await signedInAs(context, 'alice');
    await page.goto('/admin/companies');
    await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toHaveCount(0);
    await expect(page.getByText(/not found/i).first()).toBeVisible();
  });
});

// The companies list's axe and sideways-scroll checks at both widths are faq-screens.spec.ts's (admin-companies).
test('the new company form has no serious accessibility violation at 1440 and 390 px', async ({
  page,
  context,
}) => {
  await signedInAs(context, 'admin');
  await page.goto('/admin/companies/create');
  await expect(page.getByLabel('Subdomain')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessibleAtBothWidths(page, 'the new company form');
});

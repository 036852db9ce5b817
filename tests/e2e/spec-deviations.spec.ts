/**
 * Issue 31, "Deviations from the spec", in Chromium against the contract server: the FAQ list with every list's
 * Filter panel and an inline rename that shows at once, and a viewer duplicating a project from its row menu.
 * Each test makes the records it changes.
 */
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { projectsApi, uniqueName } from './support/projects-api';

const rows = (page: Page) => page.locator('tbody tr[data-row-key]');

async function faqApi(request: APIRequestContext) {
  const { access_token: token } = await sharedSession('admin', 'acme');
  const headers = apiHeaders('acme', token);
  return {
    async create(name: string): Promise<number> {
      const response = await request.post(`${API}/admin/questions/categories`, { headers, data: { name } });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: { id: number } }).data.id;
    },
    async name(id: number): Promise<string | null> {
      const response = await request.get(`${API}/questions/categories/${id}`, { headers });
      return response.status() === 200
        ? ((await response.json()) as { data: { name: string } }).data.name
        : null;
    },
    async remove(id: number): Promise<void> {
      const response = await request.delete(`${API}/admin/questions/categories/${id}`, { headers });
      expect([200, 404]).toContain(response.status());
    },
  };
}

test("FAQ: the Filter panel finds a category, a rename shows at once ('Category updated successfully'), delete says 'Category deleted successfully'", async ({
  page,
  context,
  request,
}) => {
  await signedInAs(context, 'admin');
  const api = await faqApi(request);
  const original = uniqueName('E2E FAQ');
  const id = await api.create(original);
  try {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { name: 'FAQ', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Filter' }).click();
    const panel = page.getByRole('search', { name: 'Filter the list' });
    await expect(panel.getByRole('combobox', { name: 'Rows per page' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Reset' })).toBeVisible();
    await panel.getByRole('textbox', { name: 'Search' }).fill(original);
    await expect(rows(page)).toHaveCount(1);

    await page.getByRole('button', { name: `Actions for ${original}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const input = page.getByRole('textbox', { name: `New name for ${original}` });
    await expect(input).toBeFocused();
    const renamed = `${original} renamed`;
    await input.fill(renamed);
    await input.press('Enter');
    await expectShown(page, 'Category updated successfully');
    // The list shows the new name without a reload.
    await expect(rows(page)).toHaveText([new RegExp(renamed)]);
    await expect(input).toHaveCount(0);
    expect(await api.name(id)).toBe(renamed);

    await page.getByRole('button', { name: `Actions for ${renamed}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectShown(page, 'Category deleted successfully');
    await expect(rows(page)).toHaveCount(0);
    await expect.poll(() => api.name(id)).toBeNull();
  } finally {
    await api.remove(id);
  }
});

test('a viewer is offered Duplicate (spec 2 §2 gives it no permission), disabled with its reason: a copy needs create-projects', async ({
  page,
  context,
  request,
}) => {
  await signedInAs(context, 'bob');
  const projects = await projectsApi(request);
  const source = await projects.createProject({ name: uniqueName('E2E Offered'), description: 'To copy.' });
  const reason = 'Duplicating makes a new project: you need the permission to create projects';
  try {
    await page.goto(`${origin('customerportal-acme')}/projects?search=${encodeURIComponent(source.name)}`);
    await page.getByRole('button', { name: `Actions for ${source.name}` }).click();
    const duplicate = page.getByRole('menuitem', { name: /^Duplicate/ });
    await expect(duplicate).toHaveAttribute('aria-disabled', 'true');
    await duplicate.hover();
    await expect(page.getByRole('tooltip')).toHaveText(reason);
    await page.keyboard.press('Escape');

    await page.goto(`${origin('customerportal-acme')}/projects/overview/${source.id}`);
    const button = page.getByRole('button', { name: 'Duplicate' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(reason);
  } finally {
    await projects.deleteProject(source.id);
  }
});

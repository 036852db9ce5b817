/**
 * The FAQ in Chromium against the contract server (spec 2 §FAQ, §4, §8): an administrator renames a category
 * inline (Enter, then leaving the input) with 'Category updated successfully', and deletes it after its exact
 * warning; bob reads the questions without any admin control. Each test makes the category it changes.
 */
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';

const DELETE_TEXT =
  'Are you sure you want to delete this category and all its questions? This action is irreversible!';

async function faqApi(request: APIRequestContext) {
  const { access_token: token } = await sharedSession('admin', 'acme');
  const headers = apiHeaders('acme', token);
  return {
    async create(name: string): Promise<number> {
      const response = await request.post(`${API}/admin/questions/categories`, { headers, data: { name } });
      expect(response.status(), await response.text()).toBe(201);
      const { id } = ((await response.json()) as { data: { id: number } }).data;
      const question = await request.post(`${API}/admin/questions`, {
        headers,
        data: { category_id: id, question: 'What is this?', answer: 'A test category.' },
      });
      expect(question.status()).toBe(201);
      return id;
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

const row = (page: Page, name: string) => page.locator('tbody tr[data-row-key]').filter({ hasText: name });

/** The list searched for the name (the Filter panel's search, in the URL). */
async function findCategory(page: Page, name: string) {
  await page.goto(`/faq?search=${encodeURIComponent(name)}`);
  await expect(row(page, name)).toHaveCount(1);
}

async function openRename(page: Page, name: string) {
  await findCategory(page, name);
  await row(page, name).getByRole('button').click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  return page.getByRole('textbox', { name: `New name for ${name}` });
}

test('an admin renames a category inline, on Enter and on blur, then deletes it', async ({
  page,
  context,
  request,
}) => {
  await signedInAs(context, 'admin');
  const api = await faqApi(request);
  const original = uniqueName('E2E FAQ');
  const id = await api.create(original);
  try {
    const input = await openRename(page, original);
    const onEnter = `${original} Enter`;
    await input.fill(onEnter);
    await input.press('Enter');
    await expectShown(page, 'Category updated successfully');
    await expect.poll(() => api.name(id)).toBe(onEnter);

    const blurInput = await openRename(page, onEnter);
    const onBlur = `${original} Blur`;
    await blurInput.fill(onBlur);
    await page.getByRole('heading', { name: 'FAQ', level: 1 }).click();
    await expect.poll(() => api.name(id)).toBe(onBlur);

    await findCategory(page, onBlur);
    await row(page, onBlur).getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText(DELETE_TEXT);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectShown(page, 'Category deleted successfully');
    await expect.poll(() => api.name(id)).toBeNull();
  } finally {
    await api.remove(id);
  }
});

test('bob reads a category and its answers without admin controls', async ({ page, context }) => {
  await signedInAs(context, 'bob');
  await page.goto(`${origin('customerportal-acme')}/faq`);
  await expect(page.getByRole('heading', { name: 'FAQ', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New FAQ' })).toHaveCount(0);
  await row(page, 'Getting started').click();
  await expect(page.getByRole('heading', { name: 'Getting started', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'How do I sign in?' }).click();
  await expect(page.getByText('sign in with your username or email address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New question' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit question/ })).toHaveCount(0);
});

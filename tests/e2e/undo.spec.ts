/**
 * Undo (issue 46) in Chromium against the contract server: a project deleted from its row and two libraries
 * deleted together come back through the banner's Undo (the API's restore), two libraries archived together are
 * active again (the bulk activate), a material archived from its row menu is unarchived (its PATCH the other
 * way); the list shows them again and the banner says so. The page's clock stands still from the delete on, so the banner's 10 s never run out
 * before the test presses Undo, however busy the machine.
 */
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expect, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { pausePageClock, undoFromBanner } from './support/page-clock';
import { API, apiHeaders, signedInAs } from './support/portal';
import { projectsApi, uniqueName } from './support/projects-api';
import { librariesApi, section } from './support/libraries-api';

type LibrariesApi = Awaited<ReturnType<typeof librariesApi>>;

test('a project deleted from its row comes back with the banner’s Undo', async ({
  page,
  context,
  request,
}) => {
  await page.clock.install();
  await signedInAs(context, 'alice');
  const api = await projectsApi(request);
  const project = await api.createProject({ name: uniqueName('Undo') });
  try {
    await page.goto(`/projects?search=${encodeURIComponent(project.name)}`);
    await page.getByRole('button', { name: `Actions for ${project.name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await pausePageClock(page);
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Delete' }).click();
    await undoFromBanner(page, `${project.name} successfully deleted`);

    await expectShown(page, 'Restored');
    await expect(page.getByRole('button', { name: `Actions for ${project.name}` })).toBeVisible();
    // The Undo button went with its banner: the focus is on the list's heading.
    await expect(page.locator(':focus')).toHaveText('Projects');
    expect((await api.list(`filter[search]=${encodeURIComponent(project.name)}`)).meta.total).toBe(1);
  } finally {
    await api.deleteProject(project.id);
  }
});

/**
 * Two new libraries below a new parent, selected in its list view; `act` runs the toolbar's button of that name
 * and its confirmation, the page's clock stopped from the confirmation on.
 */
async function withTwoLibrariesSelected(
  { page, context, request }: { page: Page; context: BrowserContext; request: APIRequestContext },
  run: (act: (button: string) => Promise<void>, api: LibrariesApi, ids: number[]) => Promise<void>,
) {
  await page.clock.install();
  await signedInAs(context, 'alice');
  const api = await librariesApi(request);
  const parent = await api.createLibrary(uniqueName('Undo'));
  const first = await api.createLibrary(uniqueName('Undo A'), parent.id);
  const second = await api.createLibrary(uniqueName('Undo B'), parent.id);
  try {
    await page.goto(`/libraries/${parent.id}`);
    const libraries = section(page, 'Libraries');
    await libraries.getByRole('radio', { name: 'List view' }).click();
    for (const library of [first, second])
      await libraries.getByRole('checkbox', { name: `Select ${library.name}` }).check();
    const act = async (button: string) => {
      await libraries
        .getByRole('toolbar', { name: 'Actions on the selected rows' })
        .getByRole('button', { name: button })
        .click();
      await pausePageClock(page);
      await page.getByRole('dialog').getByRole('button', { name: button }).click();
    };
    await run(act, api, [first.id, second.id]);
    for (const library of [first, second])
      await expect(libraries.getByRole('checkbox', { name: `Select ${library.name}` })).toBeVisible();
  } finally {
    await api.remove(parent.id);
  }
}

test('two libraries deleted together come back together', async ({ page, context, request }) => {
  await withTwoLibrariesSelected({ page, context, request }, async (act) => {
    await act('Delete');
    await undoFromBanner(page, '2 Libraries successfully deleted');
    await expectShown(page, '2 restored');
  });
});

test('two libraries archived together are active again after Undo', async ({ page, context, request }) => {
  await withTwoLibrariesSelected({ page, context, request }, async (act, api, ids) => {
    await act('Archive');
    await undoFromBanner(page, '2 Libraries successfully archived');
    await expectShown(page, '2 undone');
    for (const id of ids) expect((await api.library(id)).status).toBe('ACTIVE');
  });
});

test('a material archived from its row menu is unarchived by Undo', async ({ page, context, request }) => {
  await page.clock.install();
  const { access_token: token } = await signedInAs(context, 'alice');
  const headers = apiHeaders('acme', token);
  const name = uniqueName('Undo material');
  const created = await request.post(`${API}/materials`, { headers, data: { name, category_ids: [] } });
  expect(created.status(), await created.text()).toBe(201);
  const status = async () =>
    (
      (await (await request.get(`${API}/materials/${encodeURIComponent(name)}`, { headers })).json()) as {
        data: { status: string };
      }
    ).data.status;

  await page.goto(`/materials?search=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await pausePageClock(page);
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Archive' }).click();
  await undoFromBanner(page, `${name} Archived...`);
  await expectShown(page, 'Undone');
  expect(await status()).not.toBe('ARCHIVED');
});

/**
 * Undo (issue 46) in Chromium against the contract server: a project deleted from its row (also by a member who
 * may delete projects but not restore from the recycling bin: the delete's undo token) and two libraries
 * deleted together come back through the banner's Undo (the API's restore), two libraries archived together are
 * active again (the bulk activate), a material archived from its row menu is unarchived (its PATCH the other
 * way); the list shows them again and the banner says so. The page's clock stands still from the delete on, so the banner's 10 s never run out
 * before the test presses Undo, however busy the machine.
 */
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expect, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { pausePageClock, undoFromBanner } from './support/page-clock';
import { API, apiHeaders, origin, sharedSession, signedInAs, useSessionCookie } from './support/portal';
import { projectsApi, uniqueName } from './support/projects-api';
import { librariesApi, section } from './support/libraries-api';

type LibrariesApi = Awaited<ReturnType<typeof librariesApi>>;

/**
 * Deletes the listed project from its row menu after its confirmation, the page's clock stopped from then on, and
 * presses the banner's Undo: the project is back in the list and the banner says so.
 */
async function deleteFromRowAndUndo(page: Page, name: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await pausePageClock(page);
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Delete' }).click();
  await undoFromBanner(page, `${name} successfully deleted`);
  await expectShown(page, 'Restored');
  await expect(page.getByRole('button', { name: `Actions for ${name}` })).toBeVisible();
}

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
    await deleteFromRowAndUndo(page, project.name);
    // The Undo button went with its banner: the focus is on the list's heading.
    await expect(page.locator(':focus')).toHaveText('Projects');
    expect((await api.list(`filter[search]=${encodeURIComponent(project.name)}`)).meta.total).toBe(1);
  } finally {
    await api.deleteProject(project.id);
  }
});

test('a member who may delete projects but not restore them undoes their own delete', async ({
  page,
  context,
  request,
}) => {
  await page.clock.install();
  const admin = apiHeaders('acme', (await sharedSession('admin')).access_token);
  const suffix = uniqueName('undoer').replace(/\W+/g, '').toLowerCase();
  const role = await request.post(`${API}/roles`, {
    headers: admin,
    data: { title: `Deleter ${suffix}`, abilities: ['view-projects', 'create-projects', 'delete-projects'] },
  });
  expect(role.status(), await role.text()).toBe(201);
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  const password = 'undo-password-1';
  const user = await request.post(`${API}/admin/users`, {
    headers: admin,
    data: { name: `Undoer ${suffix}`, username: suffix, email: `${suffix}@example.test`, password },
  });
  expect(user.status(), await user.text()).toBe(201);
  const userId = ((await user.json()) as { data: { id: number } }).data.id;
  try {
    const placed = await request.patch(`${API}/users/${userId}`, {
      headers: admin,
      data: { role_id: roleId, licenses: ['design_and_sales'] },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const login = await request.post(`${API}/login`, {
      headers: apiHeaders('acme'),
      data: { identity: suffix, password, remember: false },
    });
    expect(login.status(), await login.text()).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    await useSessionCookie(context, token);
    const headers = apiHeaders('acme', token);
    const created = await request.post(`${API}/projects`, {
      headers,
      data: { name: uniqueName('Own undo') },
    });
    expect(created.status(), await created.text()).toBe(201);
    const project = ((await created.json()) as { data: { id: number; name: string } }).data;

    // Their licence is Designs and Sales: its platform's host.
    await page.goto(`${origin('customerportal-acme')}/projects?search=${encodeURIComponent(project.name)}`);
    await deleteFromRowAndUndo(page, project.name);
    // The recycling bin's restore stays closed to them otherwise.
    const restore = await request.get(`${API}/projects/${project.id}/restore`, { headers });
    expect(restore.status()).toBe(403);
    await request.delete(`${API}/projects/${project.id}`, { headers: admin });
  } finally {
    await request.delete(`${API}/users/${userId}`, { headers: admin });
    await request.delete(`${API}/roles/${roleId}`, { headers: admin });
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

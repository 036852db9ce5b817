/**
 * Bulk edit (issue 46) in Chromium against the contract server: six projects matching a search (five shown, the
 * sixth selected with Select all matching) get the status Inactive at once through Edit's dialog, the banner says
 * so, and its Undo gives each its status back; two
 * labels get one colour, and the Undo gives each its own colour again. A Viewer, who may not edit labels, has no
 * selection there. The page's clock stands still from Apply on, so the banner never runs out before Undo.
 */
import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { pausePageClock, stepClockUntil, undoFromBanner } from './support/page-clock';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { projectsApi, uniqueName } from './support/projects-api';

/** Runs Edit on the selected rows: the field (when the dialog asks), the value set by `choose`, then Apply. */
async function editSelected(
  page: Page,
  count: number,
  field: string | null,
  choose: (dialog: Locator) => Promise<unknown>,
) {
  await page
    .getByRole('toolbar', { name: 'Actions on the selected rows' })
    .getByRole('button', { name: 'Edit' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Edit ${count} selected rows` });
  if (field) await dialog.getByLabel('Field to change').selectOption({ label: field });
  await choose(dialog);
  await pausePageClock(page);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
}

test('six projects matching a search, one page of five shown, set Inactive together; the Undo gives each its status back', async ({
  page,
  context,
  request,
}) => {
  await page.clock.install();
  await signedInAs(context, 'alice');
  const api = await projectsApi(request);
  const prefix = uniqueName('Bulk status');
  const projects = [];
  for (const suffix of ['a', 'b', 'c', 'd', 'e', 'f'])
    projects.push(await api.createProject({ name: `${prefix} ${suffix}` }));
  const statuses = async () =>
    (await api.list(`filter[search]=${encodeURIComponent(prefix)}&per_page=10`)).data.map(
      (project) => project.status,
    );
  try {
    await page.goto(`/projects?search=${encodeURIComponent(prefix)}`);
    await page.getByRole('checkbox', { name: 'Select all rows shown' }).check();
    const toolbar = page.getByRole('toolbar', { name: 'Actions on the selected rows' });
    await expect(toolbar).toContainText('5 selected');
    // The sixth is on the next page: the whole search is one press away.
    await toolbar.getByRole('button', { name: 'Select all 6 matching rows' }).click();
    await expect(toolbar).toContainText('6 selected');
    await editSelected(page, 6, 'Status', (dialog) =>
      dialog.getByLabel('Status').selectOption({ label: 'Inactive' }),
    );
    const banner = page.getByRole('status').filter({ hasText: '6 rows changed' });
    await stepClockUntil(page, () => banner.isVisible());
    expect(await statuses()).toEqual(Array(6).fill('inactive'));
    // The selection is cleared once it has been edited (the newest project is on the first page); the toolbar went
    // with it, so the focus is on the list's heading.
    await expect(page.getByRole('checkbox', { name: `Select ${projects[5].name}` })).not.toBeChecked();
    await expect(page.locator('#projects-title')).toBeFocused();

    await undoFromBanner(page, '6 rows changed');
    await expectShown(page, '6 undone');
    expect(await statuses()).toEqual(Array(6).fill('active'));
  } finally {
    for (const project of projects) await api.deleteProject(project.id);
  }
});

/** Labels through the API as alice. */
async function labelsApi(request: APIRequestContext) {
  const { access_token: token } = await sharedSession('alice');
  const headers = apiHeaders('acme', token);
  return {
    async create(name: string, color: string): Promise<{ id: number; name: string }> {
      const response = await request.post(`${API}/labels`, { headers, data: { name, color } });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: { id: number; name: string } }).data;
    },
    async colorOf(id: number): Promise<string> {
      const response = await request.get(`${API}/labels/${id}`, { headers });
      return ((await response.json()) as { data: { color: string } }).data.color;
    },
    async remove(id: number): Promise<void> {
      await request.delete(`${API}/labels/${id}`, { headers });
    },
  };
}

test('two labels get one colour, and the Undo gives each its own back; a Viewer selects none', async ({
  page,
  context,
  request,
  browser,
}) => {
  await page.clock.install();
  await signedInAs(context, 'alice');
  const api = await labelsApi(request);
  const prefix = uniqueName('Bulk colour');
  const labels = [
    await api.create(`${prefix} red`, '#ff0000'),
    await api.create(`${prefix} blue`, '#0000ff'),
  ];
  try {
    await page.goto(`/tools/labels?search=${encodeURIComponent(prefix)}`);
    for (const label of labels) await page.getByRole('checkbox', { name: `Select ${label.name}` }).check();
    // Labels have one field to set: the dialog asks for its value only.
    await editSelected(page, 2, null, (dialog) => dialog.getByLabel('Color').fill('#00aa00'));
    const banner = page.getByRole('status').filter({ hasText: '2 rows changed' });
    await stepClockUntil(page, () => banner.isVisible());
    expect([await api.colorOf(labels[0].id), await api.colorOf(labels[1].id)]).toEqual([
      '#00aa00',
      '#00aa00',
    ]);

    await undoFromBanner(page, '2 rows changed');
    await expectShown(page, '2 undone');
    expect([await api.colorOf(labels[0].id), await api.colorOf(labels[1].id)]).toEqual([
      '#ff0000',
      '#0000ff',
    ]);

    // Cancel gives the focus back to Edit; Clear selection, whose toolbar goes, to the list's heading.
    await page.getByRole('checkbox', { name: `Select ${labels[0].name}` }).check();
    const toolbar = page.getByRole('toolbar', { name: 'Actions on the selected rows' });
    await toolbar.getByRole('button', { name: 'Edit' }).click();
    await page
      .getByRole('dialog', { name: 'Edit 1 selected row' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect(toolbar.getByRole('button', { name: 'Edit' })).toBeFocused();
    await toolbar.getByRole('button', { name: 'Clear selection' }).click();
    await expect(toolbar).toBeHidden();
    await expect(page.locator('#labels-title')).toBeFocused();

    const viewer = await browser.newContext();
    try {
      await signedInAs(viewer, 'bob');
      const bobPage = await viewer.newPage();
      // Bob holds only the design_and_sales licence: the Designs and Sales platform.
      await bobPage.goto(
        `${origin('customerportal-acme')}/tools/labels?search=${encodeURIComponent(prefix)}`,
      );
      await expect(bobPage.getByRole('cell', { name: labels[0].name })).toBeVisible();
      await expect(bobPage.getByRole('checkbox')).toHaveCount(0);
    } finally {
      await viewer.close();
    }
  } finally {
    for (const label of labels) await api.remove(label.id);
  }
});

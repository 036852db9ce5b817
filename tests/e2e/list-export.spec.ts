/**
 * A list's export in Chromium against the contract server (issue 46): the file holds every row of the list's
 * current search and sort (not only the page on screen), headed by the list's columns in the user's language;
 * CSV in English with the banner counting the rows, XLSX chosen by keyboard in Dutch with dates as dates. A list
 * longer than the browser writes is exported by the server, whose file the bell brings.
 */
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expect, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { BROWSER_EXPORT_MAX } from '../../shared/list-exports';
import { IMPORT_LIMIT } from '../../shared/import';
import { API, apiHeaders, sharedSession, signedInAs } from './support/portal';
import { type ApiProject, projectsApi, uniqueName } from './support/projects-api';
import { deleteAllFound } from './support/bulk-delete';

/**
 * Runs with three projects of alice's sharing a new tag, removed afterwards; `projects` in the order they were made.
 */
async function withTaggedProjects(
  context: BrowserContext,
  request: APIRequestContext,
  run: (tag: string, projects: ApiProject[]) => Promise<void>,
) {
  await signedInAs(context, 'alice');
  const api = await projectsApi(request);
  const tag = uniqueName('Export');
  const concept = await api.labelId('Concept');
  const projects = [
    await api.createProject({ name: `${tag} Beta`, description: 'Second, by name.' }),
    await api.createProject({ name: `${tag} Alpha`, labels: [concept] }),
    await api.createProject({ name: `${tag} Gamma` }),
  ];
  try {
    await run(tag, projects);
  } finally {
    for (const project of projects) await api.deleteProject(project.id);
  }
}

async function download(page: Page, choose: () => Promise<void>) {
  const started = page.waitForEvent('download');
  await choose();
  const file = await started;
  return { name: file.suggestedFilename(), path: await file.path() };
}

test('exports the whole list, not only the page on screen', async ({ page, context, request }) => {
  await signedInAs(context, 'alice');
  const { meta } = await (await projectsApi(request)).list('per_page=1');
  await page.goto('/projects?per_page=5');
  await expect(page.locator('.list-page__table tbody tr[data-row-key]')).toHaveCount(5);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download(page, () => page.getByRole('menuitem', { name: 'CSV (.csv)' }).click());
  await expectShown(page, `${meta.total} rows exported`);
  const lines = (await readFile(file.path, 'utf8')).trim().split('\r\n');
  expect(lines).toHaveLength(1 + meta.total);
});

test('exports the searched, sorted list as CSV, each cell as the screen shows it', async ({
  page,
  context,
  request,
}) => {
  await withTaggedProjects(context, request, async (tag, projects) => {
    await page.goto(`/projects?search=${encodeURIComponent(tag)}&sort=name&per_page=5`);
    await expect(page.locator('.list-page__table tbody tr[data-row-key]')).toHaveCount(3);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download(page, () => page.getByRole('menuitem', { name: 'CSV (.csv)' }).click());
    await expectShown(page, '3 rows exported');

    expect(file.name).toMatch(/^Projects \d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = (await readFile(file.path, 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe('ID,Status,Preview,Name,Description,Labels,Created,Updated,Users');
    // Made today on the browser's clock (the test's too): year first in English.
    const now = new Date();
    const today = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
      .map((part) => String(part).padStart(2, '0'))
      .join('-');
    const [beta, alpha, gamma] = projects;
    expect(rows).toEqual([
      `${alpha.id},Active,,${tag} Alpha,,Concept,${today},${today},`,
      `${beta.id},Active,,${tag} Beta,"Second, by name.",,${today},${today},`,
      `${gamma.id},Active,,${tag} Gamma,,,${today},${today},`,
    ]);
  });
});

test.describe('in Dutch', () => {
  test.use({ locale: 'nl-NL' });

  test('exports an Excel workbook chosen by keyboard, headed in Dutch, its dates dates', async ({
    page,
    context,
    request,
  }) => {
    await withTaggedProjects(context, request, async (tag, projects) => {
      await page.goto(`/projects?search=${encodeURIComponent(tag)}&sort=-name`);
      await expect(page.locator('.list-page__table tbody tr[data-row-key]')).toHaveCount(3);
      const button = page.getByRole('button', { name: 'Exporteren', exact: true });
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'CSV (.csv)' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      const file = await download(page, () => page.keyboard.press('Enter'));
      await expectShown(page, '3 rijen geëxporteerd');
      await expect(button).toBeFocused();

      expect(file.name).toMatch(/^Projecten \d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file.path);
      const sheet = workbook.worksheets[0];
      expect(sheet.name).toBe('Projecten');
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        'ID',
        'Status',
        'Voorbeeld',
        'Naam',
        'Omschrijving',
        'Labels',
        'Aangemaakt',
        'Gewijzigd',
        'Gebruikers',
      ]);
      const names = [2, 3, 4].map((row) => sheet.getRow(row).getCell(4).value);
      expect(names).toEqual([`${tag} Gamma`, `${tag} Beta`, `${tag} Alpha`]);
      expect(sheet.getRow(2).getCell(1).value).toBe(projects[2].id);
      const created = sheet.getRow(2).getCell(7);
      expect(created.value).toBeInstanceOf(Date);
      expect(created.numFmt).toBe('d-mm-yyyy');
    });
  });
});

test('exports a list longer than the browser writes on the server: the bell shows how far and brings the file', async ({
  page,
  context,
  request,
  workerServer,
}) => {
  // Five thousand property maps made through the import, and removed again.
  test.slow();
  await signedInAs(context, 'alice');
  const { access_token: token } = await sharedSession('alice', 'acme');
  const headers = apiHeaders('acme', token);
  const tag = uniqueName('Exported map');
  const names = Array.from(
    { length: BROWSER_EXPORT_MAX + 1 },
    (_, index) => `${tag} ${String(index).padStart(4, '0')}`,
  );
  for (let start = 0; start < names.length; start += IMPORT_LIMIT) {
    const rows = names.slice(start, start + IMPORT_LIMIT).map((name) => ({ values: { name } }));
    const imported = await request.post(`${API}/property-maps/import-rows`, { headers, data: { rows } });
    expect(imported.status(), await imported.text()).toBe(200);
  }
  try {
    await page.goto(`/tools/property-maps?search=${encodeURIComponent(tag)}&sort=-name`);
    // The export waits in the queue until the test has seen it there.
    const release = await workerServer.holdProcessing();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    await expectShown(
      page,
      'This list has 5,001 rows: it is exported on the server. The bell shows how far it is and brings the file when it is ready.',
    );

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('progressbar', { name: 'Property Maps: waiting to start' })).toBeVisible();
    await release();
    await expect(panel.getByText('The export of “Property Maps” is ready: 5,001 rows.')).toBeVisible();
    await expect(panel.getByRole('progressbar')).toHaveCount(0);
    const started = page.waitForEvent('download');
    await panel.getByRole('button', { name: /^Download Property Maps \d{4}-\d{2}-\d{2}\.csv$/ }).click();
    const file = await started;
    expect(file.suggestedFilename()).toMatch(/^Property Maps \d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = (await readFile(await file.path(), 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(header.split(',').slice(0, 2)).toEqual(['ID', 'Name']);
    // Every row of the search, in the list's order (name, descending).
    expect(rows.map((row) => row.split(',')[1])).toEqual([...names].reverse());
  } finally {
    // The export's notification is read, so alice's unread ones are as the tests after this one expect them.
    const notifications = (await (
      await request.get(`${API}/my-account/notifications?with_read=1&per_page=50`, { headers })
    ).json()) as { data: Array<{ id: number; message_key: string | null }> };
    for (const notification of notifications.data.filter(
      (item) => item.message_key === 'notifications:messages.listExportReady',
    ))
      await request.post(`${API}/my-account/notifications/${notification.id}`, {
        headers,
        multipart: { _method: 'PATCH', read: '1' },
      });
    await deleteAllFound(request, headers, 'property-maps', tag);
  }
});

/**
 * Import from a spreadsheet (issue 46) in Chromium against the contract server: the property maps' template
 * downloads with the list's columns; a CSV of four rows, two of them bad (a name twice, an ID no map has), is
 * checked and the two are flagged with the server's messages while nothing is written; the two good rows are then
 * imported, the banner says so and the list shows them. The dialog passes axe at both widths. A file of more than
 * a thousand rows goes through a job, the same way, with its progress in the dialog.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { expectAccessibleAtBothWidths } from './support/axe';
import { expectShown } from './support/shown-messages';
import { API, apiHeaders, origin, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';
import { deleteAllFound } from './support/bulk-delete';
import { IMPORT_LIMIT } from '../../shared/import';

test('a CSV with two bad rows: they are flagged before anything is written, and the good rows come in', async ({
  page,
  context,
  request,
}) => {
  const { access_token: token } = await signedInAs(context, 'alice');
  const headers = apiHeaders('acme', token);
  const prefix = uniqueName('Imported map');
  const mapsNamed = async () => {
    const response = await request.get(
      `${API}/property-maps?filter[search]=${encodeURIComponent(prefix)}&per_page=50`,
      { headers },
    );
    return ((await response.json()) as { data: Array<{ id: number; name: string }> }).data;
  };
  try {
    await page.goto(`${origin('hatch-acme')}/tools/property-maps`);
    await page.getByRole('button', { name: 'Import CSV/Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import into Property Maps' });
    await expect(dialog).toContainText('A row with an ID changes that record');

    // The template: the key and the list's fields as headings, in the user's language.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download the template as CSV' }).click();
    const template = await download;
    expect(template.suggestedFilename()).toMatch(/^Property Maps template \d{4}-\d{2}-\d{2}\.csv$/);
    expect((await readFile((await template.path())!, 'utf8')).replace(/^\ufeff/, '').trim()).toBe('ID,Name');

    const csv = [
      'ID,Name',
      `,${prefix} one`,
      `,${prefix} two`,
      `,${prefix} two`,
      `999999,${prefix} ghost`,
    ].join('\r\n');
    await dialog
      .getByLabel('File')
      .setInputFiles({ name: 'maps.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog).toContainText('maps.csv: 4 rows. Choose where each column goes.');
    // The headings found their fields.
    await expect(dialog.getByRole('combobox', { name: 'ID' })).toHaveValue('#key');
    await expect(dialog.getByRole('combobox', { name: 'Name' })).toHaveValue('name');

    await dialog.getByRole('button', { name: 'Check rows' }).click();
    await expect(dialog.getByRole('status')).toContainText('4 rows: 2 new, 0 changed, 2 with errors.');
    const errors = dialog.getByRole('table', { name: 'Rows with errors (these are not imported)' });
    // The file's lines: the headings are line 1.
    await expect(errors.getByRole('row', { name: /^4 / })).toContainText(
      'Name: The name has already been taken.',
    );
    await expect(errors.getByRole('row', { name: /^5 / })).toContainText('ID: The selected key is invalid.');
    expect(await mapsNamed()).toEqual([]);
    await expectAccessibleAtBothWidths(page, 'the import dialog');

    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(dialog).toBeHidden();
    await expectShown(page, 'Imported 2 rows: 2 new, 0 changed');
    await expect(page.getByRole('row', { name: new RegExp(`${prefix} one`) })).toBeVisible();
    expect((await mapsNamed()).map((map) => map.name).sort()).toEqual([`${prefix} one`, `${prefix} two`]);
  } finally {
    for (const map of await mapsNamed()) await request.delete(`${API}/property-maps/${map.id}`, { headers });
  }
});

test('a file of more than a thousand rows is checked and imported as a job whose progress the dialog shows', async ({
  page,
  context,
  request,
  workerServer,
}) => {
  const { access_token: token } = await signedInAs(context, 'alice');
  const headers = apiHeaders('acme', token);
  const prefix = uniqueName('Large import');
  const mapsTotal = async () => {
    const response = await request.get(
      `${API}/property-maps?filter[search]=${encodeURIComponent(prefix)}&per_page=1`,
      { headers },
    );
    return ((await response.json()) as { meta: { total: number } }).meta.total;
  };
  const count = IMPORT_LIMIT + 200;
  // Line 12 repeats line 2's name; line 1,000 names a map that does not exist.
  const lines = Array.from({ length: count }, (_, index) =>
    index === 10 ? `,${prefix} 0` : index === 998 ? `999999,${prefix} ghost` : `,${prefix} ${index}`,
  );
  try {
    await page.goto(`${origin('hatch-acme')}/tools/property-maps`);
    await page.getByRole('button', { name: 'Import CSV/Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import into Property Maps' });
    await dialog.getByLabel('File').setInputFiles({
      name: 'maps.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['ID,Name', ...lines].join('\r\n')),
    });
    await expect(dialog).toContainText(`maps.csv: 1,200 rows. Choose where each column goes.`);

    // The check waits in the queue until the dialog has shown it.
    const release = await workerServer.holdProcessing();
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    await expect(dialog.getByRole('progressbar', { name: 'Checking 0 of 1,200 rows...' })).toBeVisible();
    await release();
    await expect(dialog.getByRole('status')).toContainText(
      '1,200 rows: 1,198 new, 0 changed, 2 with errors.',
    );
    const errors = dialog.getByRole('table', { name: 'Rows with errors (these are not imported)' });
    await expect(errors.getByRole('row', { name: /^12 / })).toContainText(
      'Name: The name has already been taken.',
    );
    await expect(errors.getByRole('row', { name: /^1000 / })).toContainText(
      'ID: The selected key is invalid.',
    );
    expect(await mapsTotal()).toBe(0);

    await dialog.getByRole('button', { name: 'Import 1,198 rows' }).click();
    await expect(dialog).toBeHidden();
    await expectShown(page, 'Imported 1,198 rows: 1,198 new, 0 changed');
    expect(await mapsTotal()).toBe(1198);
  } finally {
    await deleteAllFound(request, headers, 'property-maps', prefix);
  }
});

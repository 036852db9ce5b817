/**
 * Share links (issue 46) in Chromium against the contract server: alice shares a processed model from its overview
 * with a password, the download allowed and pinned to its version 1; a fresh browser without an account opens the
 * link, types the password and sees the model in the 3D viewer with its download; the link counts the opening. Revoked from Tools → Share
 * links, the same address says the link was revoked. An address of no link says so too, never a blank page. A
 * library item and a material are shared from their overviews the same way, and the list names each link's kind.
 */
import { expect, type Locator, test } from './support/test';
import { API, apiHeaders, origin, signedInAs } from './support/portal';
import { projectsApi } from './support/projects-api';
import { expectAccessibleAtBothWidths, seriousViolationsWithin } from './support/axe';
import { VIEWER_READY, VIEWER_TEST_VIEWPORT } from './support/no-webgl';

/** Creates a link in a record's Share dialog; answers its public address, once the dialog lists it. */
async function createLink(dialog: Locator): Promise<string> {
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const address = dialog.locator('code').filter({ hasText: '/shared/' });
  await expect(address).toHaveCount(1);
  return (await address.textContent())!;
}

test('a model shared with a password opens for someone without an account, until the link is revoked', async ({
  page,
  context,
  request,
  browser,
}) => {
  // Software WebGL draws the model on the CPU (viewer.spec.ts).
  test.slow();
  await signedInAs(context, 'alice');
  const api = await projectsApi(request);
  const model = await api.newModel('Shared');
  const { name } = model;
  const visitor = await browser.newContext({ viewport: VIEWER_TEST_VIEWPORT });
  try {
    await api.untilModelStatus(model.id, 'FINISHED');
    await page.goto(`/projects/models/overview/${model.id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: `Share ${name}` });
    await dialog.getByLabel('Password').fill('open sesame €');
    await dialog.getByRole('switch', { name: 'Allow downloading the original file' }).click();
    // Pinned to the model's version 1: a new upload would not change what the link shows.
    await dialog.getByRole('switch', { name: 'Keep it on version 1' }).click();
    const url = await createLink(dialog);
    expect(url.startsWith(origin('acme'))).toBe(true);
    await expect(dialog.getByText('Never opened')).toBeVisible();
    await expect(dialog.getByText('Version 1', { exact: true })).toBeVisible();
    expect(await seriousViolationsWithin(page, '.ant-modal'), 'the Share dialog: axe').toEqual([]);

    // Someone without an account.
    const guest = await visitor.newPage();
    await guest.goto(url);
    await expect(guest.getByRole('heading', { name: 'This link is protected' })).toBeVisible();
    await expectAccessibleAtBothWidths(guest, 'the password page');
    await guest.getByLabel('Password').fill('wrong');
    await guest.getByRole('button', { name: 'Open' }).click();
    await expect(guest.getByRole('alert')).toHaveText('The password is incorrect.');
    await guest.getByLabel('Password').fill('open sesame €');
    await guest.getByRole('button', { name: 'Open' }).click();
    await expect(guest.getByRole('heading', { name: `${name} Version 1`, level: 1 })).toBeVisible();
    await expect(guest.locator('.viewer')).toHaveAttribute('data-state', 'ready', VIEWER_READY);
    await expect(guest.getByRole('group', { name: `3D view of ${name}` })).toBeVisible();
    await expectAccessibleAtBothWidths(guest, 'the shared model');
    const download = guest.waitForEvent('download');
    await guest.getByRole('button', { name: 'Download the original file' }).click();
    expect((await download).suggestedFilename()).toBe(name);

    // The opening is counted; Tools → Share links revokes it.
    await page.goto('/tools/share-links');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('1');
    await expectAccessibleAtBothWidths(page, 'Tools → Share links');
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText(`Link to ${name} revoked`)).toBeVisible();
    await expect(row).toHaveCount(0);

    await guest.reload();
    await expect(guest.getByRole('heading', { name: 'This link has been revoked' })).toBeVisible();
    await expectAccessibleAtBothWidths(guest, 'a revoked link');
    await guest.goto(`${origin('acme')}/shared/no-such-link`);
    await expect(guest.getByRole('heading', { name: 'This link does not exist' })).toBeVisible();
  } finally {
    await visitor.close();
    await api.deleteModel(model.id);
  }
});

test('a library item is shared from its overview too, and Tools → Share links names its kind', async ({
  page,
  context,
  request,
  browser,
}) => {
  const { access_token: token } = await signedInAs(context, 'alice');
  const headers = apiHeaders('acme', token);
  const items = await request.get(`${API}/libraries/items?filter[status]=FINISHED&per_page=1`, { headers });
  const [item] = ((await items.json()) as { data: Array<{ id: number; name: string }> }).data;
  const visitor = await browser.newContext();
  let linkId: number | undefined;
  try {
    await page.goto(`/libraries/items/overview/${item.id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: `Share ${item.name}` });
    await expect(dialog).toContainText(
      'Anyone with the link can look at this item in 3D without an account.',
    );
    const url = await createLink(dialog);

    const guest = await visitor.newPage();
    await guest.goto(url);
    await expect(guest.getByRole('heading', { name: item.name, level: 1 })).toBeVisible();

    await page.goto('/tools/share-links');
    const row = page.getByRole('row').filter({ hasText: item.name });
    await expect(row).toContainText('Library item');
    const links = await request.get(`${API}/share-links?filter[item]=${item.id}`, { headers });
    linkId = ((await links.json()) as { data: Array<{ id: number }> }).data[0]?.id;
  } finally {
    await visitor.close();
    if (linkId) await request.delete(`${API}/share-links/${linkId}`, { headers });
  }
});

test('a material is shared from its overview: its link opens without an account, and Tools → Share links names its kind', async ({
  page,
  context,
  request,
  browser,
}) => {
  const { access_token: token } = await signedInAs(context, 'alice');
  const headers = apiHeaders('acme', token);
  const materials = await request.get(`${API}/materials?per_page=1&sort=name`, { headers });
  const [material] = ((await materials.json()) as { data: Array<{ id: number; name: string }> }).data;
  const visitor = await browser.newContext();
  let linkId: number | undefined;
  try {
    await page.goto(`/materials/overview/${encodeURIComponent(material.name)}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: `Share ${material.name}` });
    await expect(dialog).toContainText(
      'Anyone with the link can look at this material on a sphere in 3D without an account.',
    );
    // A material has no file to download and no versions to keep the link on.
    await expect(dialog.getByRole('switch')).toHaveCount(0);
    const url = await createLink(dialog);

    const guest = await visitor.newPage();
    await guest.goto(url);
    await expect(guest.getByRole('heading', { name: material.name, level: 1 })).toBeVisible();
    await expect(guest.getByText('The 3D view of this model is not ready yet')).toHaveCount(0);
    // The demo's materials have no map or picture in this run (no demo files): the page says so.
    await expect(guest.getByText('There is no picture of this material yet.')).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Download the original file' })).toHaveCount(0);
    await expectAccessibleAtBothWidths(guest, 'a shared material');

    await page.goto('/tools/share-links');
    const row = page.getByRole('row').filter({ hasText: material.name });
    await expect(row).toContainText('Material');
    await row.getByRole('link', { name: material.name }).click();
    await expect(page).toHaveURL(new RegExp(`/materials/overview/${encodeURIComponent(material.name)}$`));
    const links = await request.get(`${API}/share-links?filter[material]=${material.id}`, { headers });
    linkId = ((await links.json()) as { data: Array<{ id: number }> }).data[0]?.id;
  } finally {
    await visitor.close();
    if (linkId) await request.delete(`${API}/share-links/${linkId}`, { headers });
  }
});

/**
 * Safe submits (issue 42): a double click on Save of a create form makes one record. The write is held at the
 * network until the second click has happened (so the test does not depend on how fast the answer comes), then let
 * through; the API then holds one record of the name.
 */
import { expect, type Page, test } from './support/test';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';

/** A label's required colour, chosen in antd's colour picker by its hex input. */
async function pickColor(page: Page) {
  await page.getByLabel('Color', { exact: true }).click();
  const input = page.locator('.ant-color-picker:visible .ant-color-picker-hex-input input');
  await input.fill('13c2c2');
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

const CREATE_FORMS: {
  name: string;
  path: string;
  collection: string;
  fill?: (page: Page) => Promise<void>;
}[] = [
  { name: 'New Project', path: '/projects/create', collection: 'projects' },
  { name: 'New Library', path: '/libraries/create', collection: 'libraries' },
  { name: 'New Label', path: '/tools/labels/create', collection: 'labels', fill: pickColor },
  { name: 'New Group', path: '/security/groups/create', collection: 'groups' },
];

test('a double click on Save of every create form makes one record', async ({ page, context, request }) => {
  await signedInAs(context, 'alice');
  const { access_token: token } = await sharedSession('alice', 'acme');
  const headers = apiHeaders('acme', token);
  for (const form of CREATE_FORMS) {
    const name = uniqueName(`Twice ${form.collection}`);
    await page.goto(`${origin('acme')}${form.path}`);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await form.fill?.(page);
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();

    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const writes: string[] = [];
    const writeUrl = (url: URL) => url.pathname === `/api/v2/${form.collection}`;
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
      `${API}/${form.collection}?per_page=25&filter[search]=${encodeURIComponent(name)}`,
      { headers },
    );
    expect(found.status()).toBe(200);
    const rows = ((await found.json()) as { data: { name: string }[] }).data;
    expect(
      rows.filter((row) => row.name === name),
      form.name,
    ).toHaveLength(1);
  }
});

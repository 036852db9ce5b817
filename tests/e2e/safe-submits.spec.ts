/**
 * Safe submits (issue 42): a double click on Save of a create form makes one record. The write is held at the
 * network until the second click has happened (so the test does not depend on how fast the answer comes), then let
 * through; the API then holds one record of the name.
 */
import { expect, test } from './support/test';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';

const CREATE_FORMS = [
  { name: 'New Project', path: '/projects/create', collection: 'projects' },
  { name: 'New Library', path: '/libraries/create', collection: 'libraries' },
  { name: 'New Label', path: '/tools/labels/create', collection: 'labels' },
  { name: 'New Group', path: '/security/groups/create', collection: 'groups' },
] as const;

test('a double click on Save of every create form makes one record', async ({ page, context, request }) => {
  await signedInAs(context, 'alice');
  const { access_token: token } = await sharedSession('alice', 'acme');
  const headers = apiHeaders('acme', token);
  for (const form of CREATE_FORMS) {
    const name = uniqueName(`Twice ${form.collection}`);
    await page.goto(`${origin('acme')}${form.path}`);
    await page.getByLabel('Name', { exact: true }).fill(name);
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

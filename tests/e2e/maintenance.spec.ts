/**
 * Maintenance mode makes the whole server answer 503: the worker's own server (tests/e2e/support/test.ts), whose
 * other tests run before or after these, never beside them; each test switches it off again.
 */
import { type APIRequestContext, expect, test } from './support/test';
import { API, apiHeaders, apiLogin, submitLogin } from './support/portal';
import { pausePageClock } from './support/page-clock';

let adminToken: string;

async function switchMaintenance(
  request: APIRequestContext,
  body: { enabled: boolean; status?: string; back_on?: string },
) {
  const response = await request.patch(`${API}/admin/maintenance-mode`, {
    data: body,
    headers: apiHeaders('acme', adminToken),
  });
  expect(response.status()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  adminToken = (await apiLogin(request, 'admin')).access_token;
});

test.afterEach(async ({ request }) => {
  await switchMaintenance(request, { enabled: false });
});

test('a login during maintenance reads Service is currently unavailable', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Acme Visuals' })).toBeVisible();
  await switchMaintenance(request, { enabled: true });
  await submitLogin(page, 'alice');
  await expect(page.getByRole('alert')).toHaveText('Service is currently unavailable');
});

test('the maintenance screen shows the status and reloads at back_on', async ({ page, request }) => {
  await page.clock.install();
  // back_on lies well past however long the page takes to load on a busy machine (a past back_on means 60 s).
  const backOn = new Date(Date.now() + 5 * 60_000).toISOString();
  await switchMaintenance(request, { enabled: true, status: 'Upgrading the database', back_on: backOn });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Upgrading the database' })).toBeVisible();

  await switchMaintenance(request, { enabled: false });
  // The page reloads by itself at back_on (the page's clock is moved past it) and finds the service back.
  await page.clock.fastForward('06:00');
  await expect(page.getByRole('heading', { name: 'Acme Visuals' })).toBeVisible();
});

test("a 503 answered before the portal's root has arrived still shows the maintenance screen", async ({
  page,
  request,
}) => {
  await switchMaintenance(request, { enabled: true, status: 'Moving to a new server' });
  // The entry asks for the tenant before React and the screens' code are in; their chunks are held until that
  // answer has come, so nothing that loads with it can have been listening for the 503.
  const refused = page.waitForResponse((response) => /\/api\/v2\/companies\/acme$/.test(response.url()));
  await page.route(/\/assets\/(mount|root)-[\w-]+\.js$/, async (route) => {
    await refused;
    await route.continue();
  });
  await page.goto('/login');
  expect((await refused).status()).toBe(503);
  await expect(page.getByRole('heading', { name: 'Moving to a new server' })).toBeVisible();
});

test('without a status the screen reads the default headline and reloads after 60 seconds', async ({
  page,
  request,
}) => {
  const headline = 'Down for maintenance. We expect to be back as soon as possible';
  const installedAt = Date.now();
  await page.clock.install({ time: installedAt });
  await switchMaintenance(request, { enabled: true });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: headline })).toBeVisible();
  // The screen set its 60-second timer between the clock's start and this pause, whatever the machine's speed:
  // so it is due no earlier than 60 s after the start and no later than 60 s after the pause.
  const pausedAt = await pausePageClock(page);
  await switchMaintenance(request, { enabled: false });

  await page.clock.runFor(installedAt + 60_000 - 1 - pausedAt);
  await expect(page.getByRole('heading', { name: headline })).toBeVisible();
  await page.clock.runFor(pausedAt - installedAt + 1);
  // The reloaded page needs its timers running again to load.
  await page.clock.resume();
  await expect(page.getByRole('heading', { name: 'Acme Visuals' })).toBeVisible();
});

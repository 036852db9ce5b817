import { expect, test, type Request, type Route } from './support/test';
import {
  API,
  apiHeaders,
  apiLogin,
  expectSignedIn,
  origin,
  signedInAs,
  submitLogin,
  useSessionCookie,
} from './support/portal';

test('a 401 in the middle of a session logs out and deletes the cookies', async ({
  page,
  context,
  request,
}) => {
  const auth = await apiLogin(request, 'alice');
  await useSessionCookie(context, auth.access_token);
  const inFlight = new Set<Request>();
  page.on('request', (call) => inFlight.add(call));
  page.on('requestfinished', (call) => inFlight.delete(call));
  page.on('requestfailed', (call) => inFlight.delete(call));
  await page.goto('/projects');
  await expectSignedIn(page, 'Alice Anders');

  // The token dies on the server (here: its own logout); the next call the portal makes answers 401. The list still
  // makes calls after its first paint (the bell's, the tenant switcher's, the push channel's); from here they are
  // held until the click is done, and those already under way are let finish first, so none of them can end the
  // session before the user navigates.
  const held = new Map<Request, Route>();
  let holding = true;
  const hold = async (route: Route) => {
    if (holding) held.set(route.request(), route);
    else await route.continue();
  };
  await page.route('**/api/v2/**', hold);
  await page.route('**/broadcasting/auth', hold);
  await expect.poll(() => [...inFlight].filter((call) => !held.has(call)).length).toBe(0);
  const ended = await request.get(`${API}/logout`, { headers: apiHeaders('acme', auth.access_token) });
  expect(ended.status()).toBe(200);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(`${origin()}/`);

  holding = false;
  await Promise.all([...held.values()].map((route) => route.continue()));

  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('user_session');
});

test('going offline shows the no-connection screen, coming back online the app again', async ({
  page,
  context,
}) => {
  await signedInAs(context, 'alice');
  await page.goto('/projects');
  await expectSignedIn(page, 'Alice Anders');

  await context.setOffline(true);
  await expect(page.getByRole('heading', { name: 'No Connection' })).toBeVisible();
  await expect(page.getByText('Check your connection and try again')).toBeVisible();

  await context.setOffline(false);
  await expectSignedIn(page, 'Alice Anders');
  await expect(page).toHaveURL(`${origin()}/projects`);
});

test('without remember me, 30 minutes without activity log the user out', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await submitLogin(page, 'alice');
  await expectSignedIn(page, 'Alice Anders');

  await page.clock.fastForward('29:00');
  await page.mouse.move(200, 200);
  await page.clock.fastForward('29:00');
  await expectSignedIn(page, 'Alice Anders');

  await page.clock.fastForward('01:30');
  await expect(page).toHaveURL(/\/login$/);
});

test('with remember me there is no inactivity logout', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await submitLogin(page, 'alice', undefined, true);
  await expectSignedIn(page, 'Alice Anders');

  await page.clock.fastForward('45:00');
  await expectSignedIn(page, 'Alice Anders');
  await expect(page).toHaveURL(`${origin()}/`);
});

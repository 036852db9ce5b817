/**
 * The notification dropdown (spec 1 §2.5, §4) against the real server and push service: mark one, mark all, the
 * unread/all toggle, more on scroll, a live update from another session, accessibility and screenshots.
 */
import { type BrowserContext, expect, type Page, test } from './support/test';
import { resized, seriousViolationsWithin } from './support/axe';
import { API, apiHeaders, apiLogin, expectSignedIn, origin, useSessionCookie } from './support/portal';
import { DESKTOP, PHONE, reviewScreenshot } from './support/screen-variants';

interface NotificationList {
  data: { id: number; title: string; read: boolean }[];
  meta: { unread_count: number; total: number };
}

async function notificationsOf(page: Page, token: string, company = 'acme'): Promise<NotificationList> {
  const response = await page.request.get(
    `${API}/my-account/notifications?per_page=100&page=1&with_read=0&sort=-date`,
    {
      headers: apiHeaders(company, token),
    },
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as NotificationList;
}

/** A fresh session of the user in this browser context (its own token, as a second device would have). */
async function signIn(context: BrowserContext, page: Page, user: 'alice' | 'bob' | 'carol') {
  const auth = await apiLogin(page.request, user, user === 'carol' ? 'globex' : 'acme');
  await useSessionCookie(context, auth.access_token);
  return auth;
}

async function openDropdown(page: Page) {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  return panel;
}

test('screenshot and accessibility of the open dropdown at 1440 and 390 px', async ({ page, context }) => {
  const auth = await signIn(context, page, 'alice');
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expectSignedIn(page, auth.user.name);
  // The dropdown opened again at each width, in the one page (resized, not loaded again); axe checks the dropdown
  // only: the dashboard under it is dashboard.spec.ts's check at both widths.
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await test.step(`at ${name} width`, async () => {
      await resized(page, viewport);
      const panel = await openDropdown(page);
      await expect(panel.getByRole('img', { name: 'Unread' }).first()).toBeVisible();
      expect
        .soft(await seriousViolationsWithin(page, '.notification-popover'), `at ${viewport.width} px`)
        .toEqual([]);
      await reviewScreenshot(() =>
        page.screenshot({ path: `test-results/screenshots/c2-notifications-${name}.png` }),
      );
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    });
  }
});

test('a Dutch reader reads the stored notifications and processing history in Dutch', async ({
  page,
  context,
}) => {
  const auth = await signIn(context, page, 'alice');
  await context.addInitScript(() => window.localStorage.setItem('language', 'nl'));
  const inLanguage = async (language: string) => {
    const response = await page.request.get(`${API}/my-account/notifications?per_page=10&page=1&sort=-date`, {
      headers: { ...apiHeaders('acme', auth.access_token), 'Accept-Language': language },
    });
    return ((await response.json()) as NotificationList).data[0].title;
  };
  const [dutch, english] = [await inLanguage('nl'), await inLanguage('en')];
  expect(dutch).not.toBe(english);
  await page.goto('/');
  await page.getByRole('button', { name: /^Meldingen/ }).click();
  const panel = page.getByRole('dialog', { name: 'Meldingen' });
  await panel.getByRole('radio', { name: 'Alle' }).click();
  await expect(panel.getByText(dutch, { exact: true }).first()).toBeVisible();
  await expect(panel.getByText(english, { exact: true })).toHaveCount(0);

  const models = await page.request.get(
    `${API}/projects/models?filter[search]=${encodeURIComponent('Harbour Tower – Facade')}`,
    { headers: apiHeaders('acme', auth.access_token) },
  );
  const facade = ((await models.json()) as { data: { id: number; name: string }[] }).data.find(
    (model) => model.name === 'Harbour Tower – Facade',
  )!;
  await page.goto(`/projects/models/overview/${facade.id}`);
  const history = page.getByRole('region', { name: 'Verwerkingsgeschiedenis' });
  await expect(history.getByText('Verwerking voltooid').first()).toBeVisible();
  await expect(page.getByText('Processing finished')).toHaveCount(0);
});

test('the dropdown lists the newest notifications; clicking one expands it and marks it read', async ({
  page,
  context,
}) => {
  const auth = await signIn(context, page, 'alice');
  const before = await notificationsOf(page, auth.access_token);
  expect(before.meta.unread_count).toBeGreaterThan(2);
  await page.goto('/');
  await expect(page.getByTestId('notification-ping')).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Notifications, ${before.meta.unread_count} unread` }),
  ).toBeVisible();

  const panel = await openDropdown(page);
  await expect(panel.getByTestId('unread-count')).toHaveText(`${before.meta.unread_count} unread`);
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  const unread = before.data.find((item) => !item.read)!;
  const item = panel.getByRole('listitem').filter({ hasText: unread.title }).first();
  // The item's own button (a finished export's notification has a Download button too).
  const button = item.getByRole('button', { name: unread.title });
  await expect(item.getByRole('img', { name: 'Unread' })).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await button.click();

  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(item.getByRole('img', { name: 'Unread' })).toHaveCount(0);
  await expect(panel.getByTestId('unread-count')).toHaveText(`${before.meta.unread_count - 1} unread`);
  expect((await notificationsOf(page, auth.access_token)).meta.unread_count).toBe(
    before.meta.unread_count - 1,
  );
});

test('the unread view lists only unread ones, and scrolling to the bottom loads 10 more', async ({
  page,
  context,
}) => {
  const auth = await signIn(context, page, 'alice');
  const { meta } = await notificationsOf(page, auth.access_token);
  await page.goto('/');
  const panel = await openDropdown(page);

  await panel.getByText('Unread', { exact: true }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(meta.unread_count);
  await expect(
    panel.getByRole('listitem').filter({ hasNot: page.getByRole('img', { name: 'Unread' }) }),
  ).toHaveCount(0);

  await panel.getByText('All', { exact: true }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  const more = page.waitForRequest(
    (request) => request.url().includes('/my-account/notifications') && request.url().includes('per_page=20'),
  );
  await panel
    .getByTestId('notification-scroll')
    .evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
  await more;
  await expect(panel.getByRole('listitem')).toHaveCount(Math.min(20, meta.total));
});

test('a notification read in another session disappears from the unread count live', async ({ browser }) => {
  const watching = await browser.newContext();
  const watcher = await watching.newPage();
  const auth = await signIn(watching, watcher, 'alice');
  const { data, meta } = await notificationsOf(watcher, auth.access_token);
  await watcher.goto('/');
  const panel = await openDropdown(watcher);
  await expect(panel.getByTestId('unread-count')).toHaveText(`${meta.unread_count} unread`);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(other, otherPage, 'alice');
  await otherPage.goto('/');
  const otherPanel = await openDropdown(otherPage);
  const target = data.find((item) => !item.read)!;
  await otherPanel
    .getByRole('listitem')
    .filter({ hasText: target.title })
    .first()
    .getByRole('button')
    .click();
  await expect(otherPanel.getByTestId('unread-count')).toHaveText(`${meta.unread_count - 1} unread`);

  // No reload and no click in the watching session: the push event refetches its list.
  await expect(panel.getByTestId('unread-count')).toHaveText(`${meta.unread_count - 1} unread`);
  await expect(
    panel
      .getByRole('listitem')
      .filter({ hasText: target.title })
      .first()
      .getByRole('img', { name: 'Unread' }),
  ).toHaveCount(0);
  await other.close();
  await watching.close();
});

test('mark all as read clears every unread notification and disables mark-all and the toggle', async ({
  page,
  context,
}) => {
  const auth = await signIn(context, page, 'carol');
  expect((await notificationsOf(page, auth.access_token, 'globex')).meta.unread_count).toBeGreaterThan(0);
  await page.goto(`${origin('customerportal-globex')}/`);
  await expectSignedIn(page, auth.user.name);
  const panel = await openDropdown(page);
  const markAll = panel.getByRole('button', { name: /Mark all as read/ });

  await markAll.click();

  await expect(panel.getByTestId('unread-count')).toHaveText('0 unread');
  await expect(markAll).toBeDisabled();
  for (const option of await panel.getByRole('radio').all()) await expect(option).toBeDisabled();
  await expect(panel.getByRole('img', { name: 'Unread' })).toHaveCount(0);
  await expect(page.getByTestId('notification-ping')).toHaveCount(0);
  expect((await notificationsOf(page, auth.access_token, 'globex')).meta.unread_count).toBe(0);
});

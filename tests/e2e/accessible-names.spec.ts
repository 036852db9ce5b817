/**
 * Issue 42: every control of every screen has an accessible name. The administrator visits every screen of the
 * route table (support/portal-screens.ts, which tests/unit/portal-screens.test.ts holds to the route table), a
 * test per group of screens in one page, each screen after the first reached inside the app; on each screen,
 * and on each tab of its tab list, axe's name rules find nothing and no control of the accessibility tree is
 * without a name. The public screens are visited signed out. A finding names the screen and the control.
 */
import { expect, type Page, test } from './support/test';
import { namelessControls, nameViolations } from './support/accessible-names';
import { settled } from './support/axe';
import { navigateInApp, signedInAs } from './support/portal';
import { type Ids, type Screen, SCREEN_GROUPS } from './support/portal-screens';
import { DESKTOP } from './support/screen-variants';
import { seededIdsOnce } from './support/seeded-ids';

const pathOf = (screen: Screen, ids: Ids) =>
  typeof screen.path === 'string' ? screen.path : screen.path(ids);

/** The path and query of the page. */
const here = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Marks the headings of the screen shown now, so the next screen's are told from them. */
const markHeadings = (page: Page) =>
  page.locator('h1, h2').evaluateAll((headings) => {
    for (const heading of headings) heading.setAttribute('data-e2e-left', '');
  });

/** The screen has drawn its content: a heading of its own, nothing loading, no animation running. */
async function shown(page: Page): Promise<void> {
  await expect(page.locator(':is(h1, h2):not([data-e2e-left])').first()).toBeVisible();
  await expect(
    page.locator(
      '.spinner, .ui-skeleton, .ui-spinner, .ant-skeleton, .ant-spin-spinning, .ant-select-arrow-loading, [aria-busy="true"]',
    ),
  ).toHaveCount(0);
  await expect(page.getByText(/^(Loading\b.*|.*\bladen)(\.\.\.|…)$/)).toHaveCount(0);
  await settled(page);
}

/** Both checks of the page as it is now, each a soft assertion naming the screen. */
async function expectNamed(page: Page, label: string): Promise<void> {
  expect.soft(await nameViolations(page), `${label}: axe's name rules`).toEqual([]);
  expect.soft(await namelessControls(page), `${label}: controls without an accessible name`).toEqual([]);
}

/** The screen, then each other tab of its tab list (each tab's panel renders only when chosen). */
async function checkScreen(page: Page, label: string): Promise<void> {
  await expectNamed(page, label);
  const tabs = page.locator('main [role="tab"]:not([aria-disabled="true"]):not([disabled])');
  const count = await tabs.count();
  for (let index = 0; index < count; index += 1) {
    const tab = tabs.nth(index);
    if ((await tab.getAttribute('aria-selected')) === 'true') continue;
    const name = (await tab.textContent())?.trim();
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.locator('[aria-busy="true"], .ui-skeleton, .ant-skeleton, .ant-spin-spinning'),
    ).toHaveCount(0);
    await expectNamed(page, `${label}, tab ${name}`);
  }
}

test.describe('every control has an accessible name', () => {
  test.use({ viewport: DESKTOP });

  for (const [group, screens] of Object.entries(SCREEN_GROUPS)) {
    // The screens of the Acme host a signed-in user opens; the administrator may open every one of them.
    const visited = screens.filter((screen) => screen.user !== null && !screen.host);
    if (!visited.length) continue;
    test(`the ${group} screens, as the administrator`, async ({ page, context, request }) => {
      // A bound for a walk over a whole group of screens, not a wait.
      test.slow();
      const ids = await seededIdsOnce(request);
      await signedInAs(context, 'admin');
      for (const [index, screen] of visited.entries()) {
        await test.step(screen.name, async () => {
          const path = pathOf(screen, ids);
          if (index === 0) await page.goto(path);
          else if (here(page) !== path) {
            await markHeadings(page);
            await navigateInApp(page, path);
          }
          await shown(page);
          if (screen.act) {
            await screen.act(page);
            await settled(page);
          }
          await checkScreen(page, screen.name);
        });
      }
    });
  }

  test('the public screens, signed out', async ({ page, request }) => {
    const ids = await seededIdsOnce(request);
    const publicScreens = Object.values(SCREEN_GROUPS)
      .flat()
      .filter((screen) => screen.user === null);
    expect(publicScreens.length).toBeGreaterThan(0);
    for (const screen of publicScreens) {
      await test.step(screen.name, async () => {
        await page.goto(pathOf(screen, ids));
        await shown(page);
        await checkScreen(page, screen.name);
      });
    }
  });
});

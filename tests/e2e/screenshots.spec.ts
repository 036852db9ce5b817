/**
 * Every screen of the route table (the declarations' list, create, edit and show pages and the shell's own
 * screens) at 1440 and 390 px, in English and Dutch, saved as PNGs under test-results/screenshots/review for a
 * person to look at (issue 12). Each screen is also checked for what a look would catch: `html[lang]` is the
 * chosen language, no raw translation key, no English text of the locales on a Dutch screen, no sideways scroll,
 * at 1440 no table header broken inside a word, at 390 no list scrolling sideways, every date-time in the shared
 * format, no web address broken inside a word and no list hiding the column it is sorted by. Findings are
 * collected per screen (soft assertions), so one run shows every screen.
 */
import { expect, type Page, test } from './support/test';
import { settled } from './support/axe';
import { origin, signedInAs } from './support/portal';
import { SCREEN_GROUPS } from './support/portal-screens';
import {
  brokenHeaderWords,
  brokenLinks,
  clippedHeaders,
  englishOnDutchScreen,
  hiddenSortedColumns,
  rawKeys,
  sidewaysScroll,
  tablesScrollingSideways,
  unsharedDateTimes,
} from './support/screen-checks';
import { seededIdsOnce } from './support/seeded-ids';

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
const LANGUAGES = ['en', 'nl'] as const;

/**
 * The screen has drawn its content: a heading, no skeleton, spinner, busy table or form, no select loading its
 * options (it shows the raw id of its value until then), no running animation.
 */
async function shown(page: Page): Promise<void> {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(
    page.locator(
      '.spinner, .ui-skeleton, .ui-spinner, .ant-skeleton, .ant-spin-spinning, .ant-select-arrow-loading, [aria-busy="true"]',
    ),
  ).toHaveCount(0);
  await expect(page.getByText(/^(Loading\b.*|.*\bladen)(\.\.\.|…)$/)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await settled(page);
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const language of LANGUAGES) {
    for (const [group, screens] of Object.entries(SCREEN_GROUPS)) {
      test.describe(`${group} screens at ${viewport.width} px in ${language}`, () => {
        for (const screen of screens) {
          test(`${screen.name} (${viewport.width} px, ${language})`, async ({ browser, request }) => {
            const ids = await seededIdsOnce(request);
            const context = await browser.newContext({ viewport, baseURL: origin(screen.host ?? 'acme') });
            const user = screen.user === undefined ? 'alice' : screen.user;
            if (user) await signedInAs(context, user, screen.host === 'initech' ? 'initech' : 'acme');
            await context.addInitScript((lng) => window.localStorage.setItem('language', lng), language);
            const page = await context.newPage();
            const label = `${screen.name} (${viewport.width} px, ${language})`;
            await page.goto(typeof screen.path === 'string' ? screen.path : screen.path(ids));
            await shown(page);
            if (screen.act) {
              await screen.act(page);
              await settled(page);
            }
            await page.screenshot({
              path: `test-results/screenshots/review/${screen.name}-${size}-${language}.png`,
              fullPage: true,
              animations: 'disabled',
            });
            expect
              .soft(await page.locator('html').getAttribute('lang'), `${label}: html[lang]`)
              .toBe(language);
            expect.soft(await rawKeys(page), `${label}: raw translation keys`).toEqual([]);
            if (language === 'nl')
              expect.soft(await englishOnDutchScreen(page), `${label}: English`).toEqual([]);
            expect.soft(await brokenLinks(page), `${label}: web addresses broken in a word`).toEqual([]);
            expect
              .soft(await unsharedDateTimes(page, language), `${label}: date-times not in the shared format`)
              .toEqual([]);
            expect
              .soft(await sidewaysScroll(page), `${label}: the page scrolls sideways`)
              .toBeLessThanOrEqual(0);
            expect
              .soft(await hiddenSortedColumns(page), `${label}: the column the list is sorted by is hidden`)
              .toEqual([]);
            if (size === 'desktop') {
              expect.soft(await brokenHeaderWords(page), `${label}: headers broken in a word`).toEqual([]);
              expect
                .soft(await clippedHeaders(page), `${label}: headers wider than their column`)
                .toEqual([]);
            } else
              expect
                .soft(await tablesScrollingSideways(page), `${label}: tables wider than the screen`)
                .toEqual([]);
            await context.close();
          });
        }
      });
    }
  }
}

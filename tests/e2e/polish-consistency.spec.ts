/**
 * Issue 31's consistency polish in Chromium: the Libraries and Materials headings stay where they are (at the start,
 * stacked over the intro) after a form has been opened and left. The form's lazily loaded stylesheet brings its
 * own copy of the shared page styles; before the fix that later copy undid the tree browser's stacked header, and
 * the heading moved to the centre. Checked at 1440 and 390 px, with screenshots of before, the form and after under
 * test-results/screenshots/polish/ (English at both widths, Dutch at both in the screenshot review, at phone width
 * otherwise, as screen-variants.ts has it).
 */
import { expect, type Locator, type Page, test } from './support/test';
import { signedInAs } from './support/portal';
import { localeOf, SCREEN_VARIANTS, reviewScreenshot } from './support/screen-variants';

interface Placement {
  alignItems: string;
  flexDirection: string;
  /** The heading's left edge from its header's. */
  offset: number;
}

/** Where the page's level-1 heading stands in its header. */
async function placementOf(heading: Locator): Promise<Placement> {
  return heading.evaluate((element) => {
    const header = element.closest('header')!;
    const style = getComputedStyle(header);
    return {
      alignItems: style.alignItems,
      flexDirection: style.flexDirection,
      offset: Math.round(element.getBoundingClientRect().left - header.getBoundingClientRect().left),
    };
  });
}

const shot = (page: Page, name: string) =>
  reviewScreenshot(() =>
    page.screenshot({ path: `test-results/screenshots/polish/${name}.png`, fullPage: false }),
  );

const TREES = [
  {
    path: '/libraries',
    heading: { en: 'Items', nl: 'Items' },
    section: { en: 'Libraries', nl: 'Bibliotheken' },
    form: /\/libraries\/create/,
  },
  {
    path: '/materials',
    heading: { en: 'Materials', nl: 'Materialen' },
    section: { en: 'Categories', nl: 'Categorieën' },
    form: /\/materials\/categories\/create/,
  },
];

for (const variant of SCREEN_VARIANTS) {
  const label = `${variant.viewport.width} px, ${variant.language}`;
  test.describe(`page headers at ${label}`, () => {
    test.use({ viewport: variant.viewport, locale: localeOf(variant.language) });

    for (const tree of TREES) {
      test(`the ${tree.path} heading stays at the start after visiting a form (${label})`, async ({
        page,
        context,
      }) => {
        await context.addInitScript((lng) => window.localStorage.setItem('language', lng), variant.language);
        await signedInAs(context, 'alice');
        const name = `${tree.path.slice(1)}-${variant.viewport.width}-${variant.language}`;
        await page.goto(tree.path);
        const heading = page.getByRole('heading', { level: 1, name: tree.heading[variant.language] });
        await expect(heading).toBeVisible();
        const before = await placementOf(heading);
        expect(before).toEqual({ alignItems: 'flex-start', flexDirection: 'column', offset: 0 });
        await shot(page, `${name}-before`);

        // The section's create button opens the form, whose code and stylesheet load now.
        const section = page.getByRole('region', { name: tree.section[variant.language], exact: true });
        await section.getByRole('button', { name: /New|Nieuw/ }).click();
        await expect(page).toHaveURL(tree.form);
        await expect(page.locator('form.form-page__card')).toBeVisible();
        await shot(page, `${name}-form`);

        await page.goBack();
        await expect(heading).toBeVisible();
        expect(await placementOf(heading)).toEqual(before);
        await shot(page, `${name}-after`);
      });
    }
  });
}

/**
 * Issue 42, progress while the next screen loads, in Chromium: from /projects, 'New Project' with the form's code
 * held back (its chunk is answered only when the test lets it) shows the 'Loading page' bar over the old screen,
 * whose page is marked busy, and once the code arrives the form shows and the bar goes. Held, not slowed, so the
 * test waits for states and never for time; that the bar comes within 200 ms is the unit test's, on a fake clock
 * (tests/unit/route-progress.test.tsx). The bar passes axe at 1440 and 390 px, light and dark (screenshots for
 * the review).
 */
import { expect, type Page, test } from './support/test';
import { seriousViolations } from './support/axe';
import { signedInAs } from './support/portal';
import { DESKTOP, PHONE, reviewScreenshot } from './support/screen-variants';

/** The generic form page's chunk, which 'New Project' loads on its first visit. */
const FORM_CODE = /\/assets\/ResourceFormPage-[\w-]+\.js$/;

const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Loading page' });
const projectsHeading = (page: Page) => page.getByRole('heading', { name: 'Projects', level: 1 });

/** Answers the form's code only once `release` is called. */
async function holdFormCode(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(FORM_CODE, async (route) => {
    await released;
    await route.fallback();
  });
  return { release };
}

/**
 * /projects, then 'New Project' (clicked, or with the keyboard) while the form's code is held: the bar is up over
 * the list.
 */
async function newProjectHeld(page: Page, by: 'mouse' | 'keyboard') {
  await page.goto('/projects');
  await expect(projectsHeading(page)).toBeVisible();
  const held = await holdFormCode(page);
  const newProject = page.getByRole('button', { name: 'New Project' });
  await (by === 'mouse' ? newProject.click() : newProject.press('Enter'));
  await expect(progressBar(page)).toBeVisible();
  return held;
}

test('New Project shows the progress bar over the busy list until the form has loaded', async ({
  page,
  context,
}) => {
  await signedInAs(context, 'alice');
  const { release } = await newProjectHeld(page, 'mouse');
  await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
  await expect(projectsHeading(page)).toBeVisible();

  release();
  await expect(page.getByRole('heading', { name: 'New Project' })).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/create$/);
  await expect(progressBar(page)).toHaveCount(0);
  await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy');
});

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the bar passes axe at ${viewport.width}px, ${colorScheme}`, async ({ page, context }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signedInAs(context, 'alice');
      // With the keyboard: the mouse left on the primary button would have axe check its hover colours.
      const { release } = await newProjectHeld(page, 'keyboard');
      expect(await seriousViolations(page)).toEqual([]);
      // As the e2e runs see it (reduced motion: the bar stands still), and with its stripe running.
      await reviewScreenshot(async () => {
        await page.screenshot({ path: `test-results/screenshots/route-progress-${size}-${colorScheme}.png` });
        await page.emulateMedia({ reducedMotion: 'no-preference' });
        await page.screenshot({
          path: `test-results/screenshots/route-progress-${size}-${colorScheme}-motion.png`,
        });
      });
      release();
      await expect(progressBar(page)).toHaveCount(0);
    });
  }
}

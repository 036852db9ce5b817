/** The page's clock in tests that must not depend on how fast the machine is (Playwright's `page.clock`). */
import { expect, type Page } from '@playwright/test';

/**
 * Stops the page's clock a moment from now and answers that moment. The moment is asked of the page first, so a
 * busy machine can let it pass before the pause arrives: then the next moment is tried.
 */
export async function pausePageClock(page: Page): Promise<number> {
  for (;;) {
    const moment = (await page.evaluate(() => Date.now())) + 1_000;
    try {
      await page.clock.pauseAt(moment);
      return moment;
    } catch (error) {
      if (!String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

/**
 * With the page's clock stopped, moves it on in small steps until `shown` holds (a banner that comes a moment
 * after an answer): the page's timers run, but no more of its time passes than that took.
 */
export async function stepClockUntil(page: Page, shown: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(async () => {
      if (await shown()) return true;
      await page.clock.runFor(100);
      return shown();
    })
    .toBe(true);
}

/**
 * Presses the result banner's Undo once the banner saying `text` is there (the page's clock stopped, so its time
 * cannot run out on a busy machine), then lets time run again.
 */
export async function undoFromBanner(page: Page, text: string): Promise<void> {
  const banner = page.getByRole('status').filter({ hasText: text });
  await stepClockUntil(page, () => banner.isVisible());
  await expect(banner).toHaveText(text);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await page.clock.resume();
}

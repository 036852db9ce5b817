/**
 * What an overview of a processed record (a model's, a library item's) showed while it was being processed: every
 * `{status}: {latest message}` its header badge and latest message take on, recorded in the page (a push can pass
 * faster than a poll), and whether the document was reloaded meanwhile.
 */
import type { Page } from '@playwright/test';

interface Recording {
  shownStatuses: string[];
  notReloaded: boolean;
}

/** Starts recording; `badge` and `message` are the selectors of the status badge and the latest message. */
export async function recordStatuses(page: Page, badge: string, message: string): Promise<void> {
  await page.evaluate(
    ([badgeSelector, messageSelector]) => {
      const seen: string[] = [];
      const recording = window as unknown as Recording;
      recording.shownStatuses = seen;
      recording.notReloaded = true;
      const note = () => {
        const status = document.querySelector(badgeSelector)?.textContent ?? '';
        const latest = document.querySelector(messageSelector)?.textContent ?? '';
        const text = `${status}: ${latest}`;
        if (status && seen.at(-1) !== text) seen.push(text);
      };
      note();
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    },
    [badge, message] as const,
  );
}

export const shownStatuses = (page: Page) =>
  page.evaluate(() => (window as unknown as Recording).shownStatuses);

/** True when the page has not been reloaded since the recording started. */
export const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as Partial<Recording>).notReloaded === true);

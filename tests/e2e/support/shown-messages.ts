/**
 * Messages that show for a while and go (a list's result banner for 3 or 5 s, spec 2 §4 and §9; antd's message
 * toasts) are recorded in the page as they appear, so a test sees one however late it looks: on a machine busy
 * enough that a few seconds pass between two looks of an assertion, the banner may have come and gone. The
 * recorder is installed in every page of the tests' browser contexts (./test.ts); a document loaded anew starts
 * a new record.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';

declare global {
  interface Window {
    __shownMessages?: string[];
  }
}

/** What the recorder watches: the result banners (alert for failures, status for successes) and antd's messages. */
const MESSAGE_SELECTOR = '[role="alert"], [role="status"], .ant-message-notice-content';

/** Installs the recorder in every page of the context, before the page's own scripts run. */
export async function recordShownMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript((selector: string) => {
    const shown: string[] = [];
    window.__shownMessages = shown;
    const record = () => {
      for (const element of document.querySelectorAll(selector)) {
        const text = element.textContent?.replace(/\s+/g, ' ').trim();
        if (text && !shown.includes(text)) shown.push(text);
      }
    };
    const start = () =>
      new MutationObserver(record).observe(document.documentElement, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    if (document.documentElement) start();
    else document.addEventListener('DOMContentLoaded', start, { once: true });
  }, MESSAGE_SELECTOR);
}

/** The texts of the messages the page has shown since it was loaded, in the order they first appeared. */
export const shownMessages = (page: Page): Promise<string[]> =>
  page.evaluate(() => [...(window.__shownMessages ?? [])]);

/**
 * Waits until the page has shown a message with exactly this text (a RegExp: matching it; `exact: false`: containing
 * it, as a toast with a title shows both), however briefly.
 */
export async function expectShown(
  page: Page,
  text: string | RegExp,
  { exact = true }: { exact?: boolean } = {},
): Promise<void> {
  const matches = (shown: string) =>
    typeof text !== 'string' ? text.test(shown) : exact ? shown === text : shown.includes(text);
  await expect
    .poll(async () => (await shownMessages(page)).some(matches), {
      message: `a message ${String(text)} shown`,
    })
    .toBe(true);
}

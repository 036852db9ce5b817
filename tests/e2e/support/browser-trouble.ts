/**
 * What went wrong in the browser while a test ran: the pages' uncaught errors and console errors, the requests
 * that failed (a script chunk that never arrived, a dropped connection) and the answers of 500 and above. A test
 * that fails attaches them and a summary of each open page (its dialogs, messages and focus; ./test.ts); the list reporter prints
 * text attachments with the error, so a failure on a machine nobody can look at (CI) says more than the
 * assertion that timed out. A test that passes records and prints nothing more.
 */
import type { BrowserContext, Page, TestInfo } from '@playwright/test';

export interface BrowserTrouble {
  /** Prints and attaches what was recorded when the test did not end as expected. */
  report(testInfo: TestInfo): Promise<void>;
}

/** At most this many lines are kept: enough to see the first trouble, never a flood. */
const MAX_LINES = 50;

export function recordBrowserTrouble(context: BrowserContext): BrowserTrouble {
  const started = Date.now();
  const lines: string[] = [];
  const note = (page: Page, text: string) => {
    if (lines.length >= MAX_LINES) return;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    lines.push(`${seconds} s ${page.url()}: ${text}`);
  };
  const watch = (page: Page) => {
    page.on('pageerror', (error) => note(page, `uncaught ${error.name}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') note(page, `console error: ${message.text()}`);
    });
    page.on('requestfailed', (request) =>
      note(
        page,
        `request failed (${request.failure()?.errorText ?? 'no reason'}): ${request.method()} ${request.url()}`,
      ),
    );
    page.on('response', (response) => {
      if (response.status() >= 500)
        note(page, `answer ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    async report(testInfo) {
      if (testInfo.status === testInfo.expectedStatus) return;
      // The list reporter prints a text attachment's first 300 characters: the screen's summary comes first.
      for (const page of context.pages()) {
        const summary = await page.evaluate(summarizeScreen).catch(() => null);
        if (summary)
          await testInfo.attach(`on screen at ${page.url()}`, { body: summary, contentType: 'text/plain' });
      }
      if (lines.length)
        await testInfo.attach('browser trouble', { body: lines.join('\n'), contentType: 'text/plain' });
    },
  };
}

/** In the page: its open dialogs, its alerts and status messages, and what has the focus, each by its text. */
function summarizeScreen(): string {
  const text = (element: Element | null) =>
    element?.textContent?.replace(/\s+/g, ' ').trim().slice(0, 80) ?? '';
  const all = (selector: string) => [...document.querySelectorAll(selector)].map(text).filter(Boolean);
  const focused = document.activeElement;
  const label = (element: Element) =>
    element.getAttribute('aria-label') ??
    (element instanceof HTMLInputElement && element.labels?.length ? text(element.labels[0]) : text(element));
  return [
    `dialogs: ${JSON.stringify(all('[role="dialog"], [role="alertdialog"]'))}`,
    `messages: ${JSON.stringify(all('[role="alert"], [role="status"]'))}`,
    `focus: ${focused ? `${focused.tagName.toLowerCase()} ${JSON.stringify(label(focused))}` : 'none'}`,
  ].join('\n');
}

/**
 * The texts every status message (`role="status"`) showed since it started recording, whether or not it is still
 * on the page: a banner shown for 3 s is seen however long the test's machine took to look for it (the e2e
 * counterpart: tests/e2e/support/shown-messages.ts).
 */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';

export function recordStatuses(): { texts: string[]; stop(): void } {
  const texts: string[] = [];
  const note = () => {
    for (const status of document.querySelectorAll('[role="status"]')) {
      const text = status.textContent?.trim();
      if (text && !texts.includes(text)) texts.push(text);
    }
  };
  const observer = new MutationObserver(note);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  return { texts, stop: () => observer.disconnect() };
}

/**
 * Records the status messages of each test of the file it is called in (its own beforeEach and afterEach);
 * `shown(text)` waits until a status message holding `text` has shown, whether or not it still does.
 */
export function statusesOfEachTest(): { shown(text: string): Promise<void> } {
  let current: ReturnType<typeof recordStatuses> | null = null;
  beforeEach(() => {
    current = recordStatuses();
  });
  afterEach(() => {
    current?.stop();
    current = null;
  });
  return {
    shown: (text) =>
      waitFor(() => expect(current?.texts ?? []).toContainEqual(expect.stringContaining(text))),
  };
}

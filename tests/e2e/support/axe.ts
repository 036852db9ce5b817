/**
 * axe-core as the e2e tests run it: WCAG 2.1 A/AA plus best practices; only serious and critical findings count.
 * An axe run over a full antd page takes seconds on an idle machine and many more on a busy one, so each run
 * extends the test's time by its own budget instead of eating into the test's; it starts once the page is still
 * (no loading indicator, no finite animation running), so it checks what the user sees in the end.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** Time each axe run adds to its test's timeout. */
const AXE_RUN_BUDGET_MS = 60_000;

/** Waits until no antd loading indicator is shown and every finite animation or transition has ended. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading')).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

export async function seriousViolations(page: Page) {
  test.info().setTimeout(test.info().timeout + AXE_RUN_BUDGET_MS);
  await settled(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

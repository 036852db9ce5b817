/**
 * axe-core as the e2e tests run it: WCAG 2.1 A/AA plus best practices; only serious and critical findings count.
 * A run starts once the page is still (no loading indicator, no finite animation running), so it checks what the
 * user sees in the end. A run over a full antd page takes seconds, more on a busy machine: a test checks one screen
 * or a few, never a long list of them (a list of screens is a test per screen).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

/**
 * axe-core as the e2e tests run it: WCAG 2.1 A/AA plus best practices; only serious and critical findings count.
 * A run starts once the page is still (no loading indicator, no finite animation running), so it checks what the
 * user sees in the end. A run over a full antd page takes seconds, more on a busy machine: a test checks one screen
 * or a few, never a long list of them (a list of screens is a test per screen).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from './screen-variants';

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

/** axe's serious and critical findings on the page, or (`selector`) inside one part of it. */
export async function seriousViolations(page: Page, selector?: string) {
  await settled(page);
  // Legacy mode runs axe in the page itself; the default opens a blank page per run to gather the results of
  // cross-origin frames, which the portal has none of (measured: the same findings in about half the time).
  const builder = new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const { violations } = await (selector ? builder.include(selector) : builder).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** The page at another size, laid out for it: the resize's media-query changes handled and two frames drawn. */
export async function resized(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * axe at desktop (1440 px) and at phone width (390 px) in the one page: resized, not reloaded or signed in again,
 * so a screen checked at both widths costs one page load. Each width's findings are a soft assertion named after
 * the width (the test goes on and fails at its end); `atEachWidth` runs after each width's check (a screenshot for
 * the review); the page is left at the size it had.
 */
export async function expectAccessibleAtBothWidths(
  page: Page,
  name = 'the page',
  atEachWidth?: (size: 'desktop' | 'phone') => Promise<unknown>,
): Promise<void> {
  const before = page.viewportSize();
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await resized(page, viewport);
    expect.soft(await seriousViolations(page), `${name}: axe at ${viewport.width} px`).toEqual([]);
    await atEachWidth?.(size);
  }
  if (before && (before.width !== PHONE.width || before.height !== PHONE.height)) await resized(page, before);
}

/**
 * axe's serious and critical findings inside one part of the page (CSS selector): an opened menu, dialog or panel
 * over a page whose own check is a full run elsewhere, so the overlay's run does not check that page again.
 */
export async function seriousViolationsWithin(page: Page, selector: string) {
  await expect(page.locator(selector).first()).toBeVisible();
  return seriousViolations(page, selector);
}

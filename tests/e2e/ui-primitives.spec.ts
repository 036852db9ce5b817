/**
 * The light components' keyboard and pointer behaviour in real Chromium (layout included), on a page of their
 * own (tests/e2e/ui-harness/): menu, dialog, popover, tooltip, multiple choice and select. Each defect of the
 * hand-written versions (issue 11) has a test here: Tab leaving an open menu, typeahead, tooltips on Escape and
 * under the pointer, panels following their content's size, flipping and clamping, the page behind a dialog.
 */
import { expect, type Locator, type Page, test as portalTest } from './support/test';
import { buildHarness, openHarness } from './support/ui-harness';

/** The page's build, made once per run (by the first worker that needs it). */
const test = portalTest.extend<object, { harness: string }>({
  harness: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => use(await buildHarness()),
    // A bound on one Vite build on a busy machine (a worker that finds it under way waits for it).
    { scope: 'worker', timeout: 120_000 },
  ],
});

test.beforeEach(async ({ page, harness }) => {
  await openHarness(page, harness);
  await expect(page.getByRole('button', { name: 'Actions' })).toBeVisible();
});

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not laid out');
  return { ...rect, right: rect.x + rect.width, bottom: rect.y + rect.height };
}

const viewportOf = (page: Page) => page.viewportSize() ?? { width: 0, height: 0 };

test.describe('menu button', () => {
  test('opens on Enter at the first item; arrows skip the disabled item; typing moves to a match; Escape returns', async ({
    page,
  }) => {
    const trigger = page.getByRole('button', { name: 'Actions' });
    await page.getByRole('button', { name: 'Before menu' }).focus();
    await page.keyboard.press('Tab');
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Enter');

    const menu = page.getByRole('menu', { name: 'Actions' });
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Download' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused();

    await page.keyboard.type('Dow');
    await expect(menu.getByRole('menuitem', { name: 'Download' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('ArrowUp opens it at the last item, and Enter runs the item and returns to the button', async ({
    page,
  }) => {
    const trigger = page.getByRole('button', { name: 'Actions' });
    await trigger.focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByRole('list', { name: 'Log' })).toHaveText('Download');
    await expect(trigger).toBeFocused();
  });

  test('Tab in the open menu closes it and moves on from the button; Shift+Tab goes back to the button', async ({
    page,
  }) => {
    const trigger = page.getByRole('button', { name: 'Actions' });
    await trigger.click();
    await expect(page.getByRole('menuitem', { name: 'Open' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'After menu' })).toBeFocused();

    await trigger.click();
    await expect(page.getByRole('menuitem', { name: 'Open' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('a press outside closes it', async ({ page }) => {
    await page.getByRole('button', { name: 'Actions' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByText('Behind the dialog').click();
    await expect(page.getByRole('menu')).toBeHidden();
  });

  test('near the right edge a menu that opens to the right flips to the left, and stays above the bottom', async ({
    page,
  }) => {
    const trigger = page.getByRole('button', { name: 'Corner' });
    await trigger.click();
    const menu = page.getByRole('menu', { name: 'Corner menu' });
    await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused();
    const panel = await box(menu);
    const anchor = await box(trigger);
    const viewport = viewportOf(page);
    expect(panel.right).toBeLessThanOrEqual(anchor.x);
    expect(panel.bottom).toBeLessThanOrEqual(viewport.height - 8);
    expect(panel.y).toBeGreaterThanOrEqual(8);
  });

  test('in a viewport too short for it, the menu is clamped inside it and scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 150 });
    await page.getByRole('button', { name: 'Actions' }).click();
    const menu = page.getByRole('menu', { name: 'Actions' });
    await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused();
    const panel = await box(menu);
    expect(panel.y).toBeGreaterThanOrEqual(0);
    expect(panel.bottom).toBeLessThanOrEqual(150 - 8);
    // The last item is reached by scrolling the menu.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeInViewport();
  });
});

test.describe('dialog', () => {
  test('takes the focus to its first control, keeps Tab inside, makes the page behind inert, and returns the focus', async ({
    page,
  }) => {
    const opener = page.getByRole('button', { name: 'Delete project' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Delete Harbour Tower?' });
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();

    // The page behind is out of reach of assistive technology, the keyboard and the pointer.
    const behind = page.getByRole('link', { name: 'a link on the page' });
    const isInert = () => behind.evaluate((element) => element.closest('[inert]') !== null);
    await expect.poll(isInert).toBe(true);

    for (const name of ['Cancel', 'Delete', 'Close']) {
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name, exact: true })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect.poll(isInert).toBe(false);
  });

  test('closes on a press on the backdrop, not on a press inside', async ({ page }) => {
    await page.getByRole('button', { name: 'Delete project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('It moves to the recycling bin.').click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });
});

test.describe('popover', () => {
  test('moves the focus in; Tab past its end closes it and moves on from the button; Escape returns', async ({
    page,
  }) => {
    const trigger = page.getByRole('button', { name: 'Show filters' });
    await trigger.click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await expect(panel).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Add a line' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'After popover' })).toBeFocused();

    await trigger.click();
    await expect(panel).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('stays aligned with its button while its content grows', async ({ page }) => {
    const trigger = page.getByRole('button', { name: 'Show filters' });
    await trigger.click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await expect(panel).toBeFocused();
    const before = await box(panel);
    const anchor = await box(trigger);
    expect(Math.abs(before.right - anchor.right)).toBeLessThanOrEqual(1);

    await panel.getByRole('button', { name: 'Add a line' }).click();
    await expect(panel.getByText('Line 2 of a panel')).toBeVisible();
    // Wider now, and still ending where the button ends (bottom-end), below it.
    await expect.poll(async () => (await box(panel)).width).toBeGreaterThan(before.width);
    await expect.poll(async () => Math.abs((await box(panel)).right - anchor.right)).toBeLessThanOrEqual(1);
    expect((await box(panel)).y).toBeGreaterThanOrEqual(anchor.bottom);
  });
});

test.describe('tooltip', () => {
  test('shows on hover as the description, stays while the pointer moves onto it, and closes on Escape', async ({
    page,
  }) => {
    const trigger = page.getByRole('button', { name: 'Hover me' });
    await trigger.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText('Opens the project in the viewer');
    await expect(trigger).toHaveAccessibleDescription('Opens the project in the viewer');

    // From the button onto the tooltip (WCAG 1.4.13: hoverable).
    const target = await box(tooltip);
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
    await expect(tooltip).toBeVisible();

    // Dismissable without moving the pointer.
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();
  });

  test('shows while its element has the keyboard focus, and Escape closes it', async ({ page }) => {
    const trigger = page.getByRole('button', { name: 'Hover me' });
    await page.getByRole('button', { name: 'After popover' }).focus();
    await page.keyboard.press('Tab');
    await expect(trigger).toBeFocused();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe('multiple choice and select', () => {
  test('ArrowDown opens the choices on the first; arrows move, Space ticks; Escape returns; Tab moves on', async ({
    page,
  }) => {
    const trigger = page.getByRole('button', { name: /^Labels/ });
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    const choices = page.getByRole('group', { name: 'Labels' });
    await expect(choices.getByRole('checkbox', { name: 'Exterior' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(choices.getByRole('checkbox', { name: 'Interior' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(choices.getByRole('checkbox', { name: 'Interior' })).toBeChecked();
    await expect(trigger).toHaveAccessibleName('Labels Interior');

    await page.keyboard.press('Escape');
    await expect(choices).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(choices.getByRole('checkbox', { name: 'Exterior' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(choices.getByRole('checkbox', { name: 'Landscape' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(choices).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Status' })).toBeFocused();
  });

  test('the select chooses by typing and by the arrow keys', async ({ page }) => {
    const select = page.getByRole('combobox', { name: 'Status' });
    await select.focus();
    await page.keyboard.type('Ar');
    await expect(page.getByRole('status', { name: 'Chosen status' })).toHaveText('archived');
    await select.selectOption('active');
    await expect(page.getByRole('status', { name: 'Chosen status' })).toHaveText('active');
  });
});

/**
 * Issue 42: long names lay out at 390 and 1440 px. A project and a library named with 200 letters and no space,
 * and one named with long words: in the list, each row's menu button lies inside the screen, nothing covers it
 * and no letter of the name runs over it; the name is cut with an ellipsis or wraps inside its cell, no more than
 * three lines high; the page does not scroll sideways. The overview (a project's, a library's) with that name in
 * its header does not scroll sideways either and keeps its header's buttons in view. Screenshots of each are
 * attached to the test for a look.
 */
import { expect, type Locator, type Page, test, type TestInfo } from './support/test';
import { resized } from './support/axe';
import { librariesApi, section } from './support/libraries-api';
import { signedInAs } from './support/portal';
import { projectsApi } from './support/projects-api';
import { DESKTOP, PHONE } from './support/screen-variants';
import { sidewaysScroll } from './support/screen-checks';

/** Two names for records a test makes: 200 letters without a space, and long words. */
function longNames(): [string, string] {
  const token = `Lng${Date.now().toString(36)}`;
  const noSpace = `${token}${'Harbourtowerrenovationphase'.repeat(8)}`.slice(0, 200);
  const longWords = `${token} Pneumonoultramicroscopicsilicovolcanoconiosis Supercalifragilisticexpialidocious Harbourtowerrenovationmasterplan Antidisestablishmentarianism`;
  return [noSpace, longWords];
}

/** A record's row in a list, by its row menu button (`Actions for {name}`). */
const menuButton = (page: Page | Locator, name: string) =>
  page.getByRole('button', { name: `Actions for ${name}`, exact: true });

/**
 * How the row of `name` lays out: where its menu button is, whether the element at the button's centre is the
 * button, how many of the name's visible lines overlap the button, and how many lines of the name are seen.
 */
function rowLayout(button: Locator, name: string) {
  return button.evaluate((menu, fullName) => {
    const row = menu.closest('tr, .ui-card, [role="row"], li') ?? menu.parentElement!;
    const box = menu.getBoundingClientRect();
    const atCentre = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    // The element holding the name's text: the deepest one whose text is the name.
    const holder = [...row.querySelectorAll('*')]
      .filter((element) => element.textContent?.trim() === fullName && !menu.contains(element))
      .pop();
    if (!holder) return { box, covered: true, overlapping: 0, lines: Infinity, found: false };
    // The name's letters as they are seen: each line's box cut by every ancestor that clips its overflow.
    const range = document.createRange();
    range.selectNodeContents(holder);
    let overlapping = 0;
    const lineTops = new Set<number>();
    for (const rect of range.getClientRects()) {
      let [left, right, top, bottom] = [rect.left, rect.right, rect.top, rect.bottom];
      for (let at = holder as Element | null; at && at !== document.body; at = at.parentElement) {
        if (getComputedStyle(at).overflowX === 'visible') continue;
        const clip = at.getBoundingClientRect();
        [left, right, top, bottom] = [
          Math.max(left, clip.left),
          Math.min(right, clip.right),
          Math.max(top, clip.top),
          Math.min(bottom, clip.bottom),
        ];
      }
      if (right - left < 0.5 || bottom - top < 0.5) continue;
      lineTops.add(Math.round(top));
      const overlapsX = Math.min(right, box.right) - Math.max(left, box.left) > 0.5;
      const overlapsY = Math.min(bottom, box.bottom) - Math.max(top, box.top) > 0.5;
      if (overlapsX && overlapsY) overlapping += 1;
    }
    return {
      box: { x: box.x, y: box.y, width: box.width, height: box.height },
      covered: !(atCentre && menu.contains(atCentre)),
      overlapping,
      lines: lineTops.size,
      found: true,
    };
  }, name);
}

/** The checks of the rows of `names` at the page's width, each a soft assertion naming the width and the name. */
async function expectRowsLaidOut(scope: Page | Locator, page: Page, names: string[], where: string) {
  const width = page.viewportSize()!.width;
  for (const name of names) {
    const button = menuButton(scope, name);
    // In the middle of the screen, clear of the sticky top bar.
    await button.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const layout = await rowLayout(button, name);
    const label = `${where} at ${width} px, ${name.slice(0, 24)}…`;
    expect.soft(layout.found, `${label}: the name is shown`).toBe(true);
    expect.soft(layout.box.x, `${label}: the menu button starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect
      .soft(layout.box.x + layout.box.width, `${label}: the menu button ends inside the screen`)
      .toBeLessThanOrEqual(width);
    expect.soft(layout.covered, `${label}: something covers the menu button`).toBe(false);
    expect.soft(layout.overlapping, `${label}: the name runs over the menu button`).toBe(0);
    expect.soft(layout.lines, `${label}: the name's lines`).toBeLessThanOrEqual(3);
    await expect(button).toBeEnabled();
  }
  expect.soft(await sidewaysScroll(page), `${where} at ${width} px: the page scrolls sideways`).toBe(0);
}

/** The header of an overview with a long name: no sideways scroll, each of its buttons inside the screen. */
async function expectHeaderLaidOut(page: Page, where: string) {
  const width = page.viewportSize()!.width;
  const buttons = page.locator('.page-header__actions').first().locator('button, a');
  await expect(buttons.first()).toBeVisible();
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    const label = `${where} at ${width} px, ${(await button.textContent())?.trim() || (await button.getAttribute('aria-label'))}`;
    expect.soft(box.x, `${label}: starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect.soft(box.x + box.width, `${label}: ends inside the screen`).toBeLessThanOrEqual(width);
  }
  expect.soft(await sidewaysScroll(page), `${where} at ${width} px: the page scrolls sideways`).toBe(0);
}

/** A full-page screenshot attached to the test, for a look. */
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-${page.viewportSize()!.width}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(`${name} at ${page.viewportSize()!.width} px`, { path, contentType: 'image/png' });
}

test.describe('long names', () => {
  test.use({ viewport: DESKTOP });

  test('projects with long names: the list rows and the overview header at 1440 and 390 px', async ({
    page,
    context,
    request,
  }, testInfo) => {
    await signedInAs(context, 'alice');
    const api = await projectsApi(request);
    const names = longNames();
    const projects = [];
    try {
      for (const name of names) projects.push(await api.createProject({ name }));
      const token = names[0].slice(0, 10);
      await page.goto(`/projects?search=${encodeURIComponent(token)}`);
      for (const name of names) await expect(menuButton(page, name)).toBeVisible();
      for (const viewport of [DESKTOP, PHONE]) {
        await resized(page, viewport);
        await expectRowsLaidOut(page, page, names, 'the projects list');
        await attachScreenshot(page, testInfo, 'projects-list');
      }
      await resized(page, DESKTOP);
      await page.goto(`/projects/overview/${projects[0].id}`);
      await expect(page.getByRole('heading', { name: names[0], level: 1 })).toBeVisible();
      for (const viewport of [DESKTOP, PHONE]) {
        await resized(page, viewport);
        await expectHeaderLaidOut(page, 'the project overview');
        await attachScreenshot(page, testInfo, 'project-overview');
      }
    } finally {
      for (const project of projects) await api.deleteProject(project.id);
    }
  });

  test('libraries with long names: the list rows, the cards and the library header at 1440 and 390 px', async ({
    page,
    context,
    request,
  }, testInfo) => {
    await signedInAs(context, 'alice');
    const api = await librariesApi(request);
    const names = longNames();
    const parent = await api.createLibrary(names[0]);
    try {
      for (const name of names) await api.createLibrary(name, parent.id);
      await page.goto(`/libraries/${parent.id}`);
      await expect(page.getByRole('heading', { name: names[0], level: 1 })).toBeVisible();
      const libraries = section(page, 'Libraries');
      for (const viewport of [DESKTOP, PHONE]) {
        await resized(page, viewport);
        await expectHeaderLaidOut(page, 'the library');
        await expectRowsLaidOut(libraries, page, names, 'the library cards');
        await attachScreenshot(page, testInfo, 'library-cards');
      }
      await libraries.getByRole('radio', { name: 'List view' }).click();
      for (const viewport of [DESKTOP, PHONE]) {
        await resized(page, viewport);
        await expect(libraries.getByRole('table')).toBeVisible();
        await expectRowsLaidOut(libraries, page, names, 'the library list');
        await attachScreenshot(page, testInfo, 'library-list');
      }
    } finally {
      await api.remove(parent.id);
    }
  });
});

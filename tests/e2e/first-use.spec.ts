/**
 * What a new user hits first (issue 12) in real Chromium: phone tables, headers that do not break inside a word,
 * the shipped font, notices below the top bar, a record that does not exist, the skip link; and the screens of
 * this issue checked with axe (no serious or critical findings) at 1440 px in English and 390 px in Dutch (a test per
 * screen, both in its one page), saved as screenshots for review under test-results/screenshots.
 */
import { type BrowserContext, expect, type Locator, type Page, test } from './support/test';
import { seriousViolations } from './support/axe';
import { brokenHeaderWords, brokenTimes, brokenWords } from './support/screen-checks';
import { API, apiHeaders, sharedSession, signedInAs } from './support/portal';
import { DESKTOP, PHONE, SCREEN_VARIANTS, reviewScreenshot } from './support/screen-variants';

const useLanguage = (page: Page, language: 'en' | 'nl') =>
  page.addInitScript((lng) => window.localStorage.setItem('language', lng), language);

/** The notices' region starts below the top bar, so a notice never covers its search, bell or avatar. */
async function noticesBelowTopBar(page: Page, context: BrowserContext) {
  await signedInAs(context, 'alice');
  await page.goto('/projects');
  const topBar = await page.locator('.top-bar').boundingBox();
  const notices = await page.getByRole('region', { name: 'Messages' }).boundingBox();
  expect(notices!.y).toBeGreaterThanOrEqual(topBar!.y + topBar!.height);
}

test.describe('lists at desktop width', () => {
  test.use({ viewport: DESKTOP });

  for (const language of ['en', 'nl'] as const) {
    test(`headers never break inside a word, in the shipped Inter (${language})`, async ({
      page,
      context,
    }) => {
      await signedInAs(context, 'alice');
      await useLanguage(page, language);
      for (const path of ['/projects', '/tools/labels']) {
        await page.goto(path);
        await expect(page.locator('tbody tr[data-row-key]').first()).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        expect(await brokenHeaderWords(page), `${path} (${language})`).toEqual([]);
      }
      expect(await page.evaluate(() => document.fonts.check("14px 'Inter Variable'"))).toBe(true);
      const family = await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily);
      expect(family).toMatch(/^"?Inter Variable"?/);
    });
  }

  test('a long name and username never break inside a word; the username is cut, whole in its title', async ({
    page,
    context,
    request,
  }) => {
    const { access_token: token } = await sharedSession('alice');
    const username = `maximiliaan.vandenberghe.oosterhuis.${Date.now().toString(36)}`;
    const created = await request.post(`${API}/users`, {
      headers: apiHeaders('acme', token),
      data: { name: 'Maximiliaan Vandenberghe Oosterhuis', username, email: `${username}@example.test` },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    await signedInAs(context, 'alice');
    await page.goto(`/security/users?search=${username}`);
    const row = page.locator('tbody tr[data-row-key]').filter({ hasText: 'Maximiliaan' });
    await expect(row).toHaveCount(1);
    await page.evaluate(() => document.fonts.ready);
    expect(await brokenWords(page, 'table tbody td')).toEqual([]);
    await expect(row.locator(`td[title="${username}"]`)).toHaveCount(1);
    // The picture stays beside the name, not above it.
    const avatar = await row.locator('.user-name-cell .ui-avatar').boundingBox();
    const name = await row.getByText('Maximiliaan Vandenberghe Oosterhuis').boundingBox();
    expect(avatar!.x + avatar!.width).toBeLessThanOrEqual(name!.x);
  });

  test('overlapping avatars overlap only by their ring, on an opaque tint', async ({ page, context }) => {
    await signedInAs(context, 'alice');
    await page.goto('/projects');
    const group = page.locator('.ui-avatar-group:has(> * + *)').first();
    await expect(group).toBeVisible();
    // Each member (an avatar, or the element wrapping one) carries the ring; the avatar inside it the tint.
    const avatars = await group.locator('> *').evaluateAll((items) =>
      items.map((item) => {
        const avatar = item.matches('.ui-avatar') ? item : item.querySelector('.ui-avatar')!;
        return {
          box: item.getBoundingClientRect().toJSON() as DOMRect,
          background: getComputedStyle(avatar).backgroundColor,
          ring: getComputedStyle(item).boxShadow,
        };
      }),
    );
    for (let index = 1; index < avatars.length; index += 1) {
      const overlap = avatars[index - 1].box.right - avatars[index].box.left;
      expect(overlap).toBeLessThanOrEqual(2);
      expect(avatars[index].ring).toMatch(/2px/);
    }
    for (const avatar of avatars) expect(avatar.background).not.toMatch(/rgba|\/ 0\./);
  });

  test('notices sit below the top bar', ({ page, context }) => noticesBelowTopBar(page, context));

  test('a project that does not exist is asked for once and shows Not found with a way back', async ({
    page,
    context,
  }) => {
    await signedInAs(context, 'alice');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v2/projects/999999') asked.push(request.url());
    });
    await page.goto('/projects/overview/999999');
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    expect(asked).toHaveLength(1);
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await expect(page).toHaveURL(/\/projects$/);
  });

  test('the skip link is the first stop and leads to the page', async ({ page, context }) => {
    await signedInAs(context, 'alice');
    await page.goto('/projects');
    await expect(page.locator('tbody tr[data-row-key]').first()).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

/** Where a phone row of a list with a status shows it: a dot named by the status, or the status as text. */
const STATUS_OF_ROW: Record<string, (row: Locator) => Locator> = {
  '/projects': (row) => row.getByRole('img', { name: /^(Active|Inactive)$/ }),
  '/': (row) => row.getByText(/^(Active|Inactive)$/),
};

test.describe('lists at phone width', () => {
  test.use({ viewport: PHONE });

  test("date-times never break inside the time ('04:10' above 'PM')", async ({ page, context, request }) => {
    const { access_token: token } = await sharedSession('alice');
    const items = await request.get(`${API}/libraries/items?per_page=1`, {
      headers: apiHeaders('acme', token),
    });
    const [item] = ((await items.json()) as { data: Array<{ id: number }> }).data;
    await signedInAs(context, 'alice');
    for (const path of [`/libraries/items/overview/${item.id}`]) {
      await page.goto(path);
      await expect(page.getByText(/\d:\d\d\sPM|\d:\d\d\sAM/).first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const times = await brokenTimes(page);
      expect(times.seen, path).toBeGreaterThan(0);
      expect(times.broken, path).toEqual([]);
    }
  });

  test('notices sit below the top bar', ({ page, context }) => noticesBelowTopBar(page, context));

  test("the role form's notification table leaves most of its width to the notifications", async ({
    page,
    context,
  }) => {
    await signedInAs(context, 'alice');
    await page.goto('/security/roles/create');
    const table = page.locator('table.notification-settings');
    await expect(table).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const widths = await table.evaluate((element) => ({
      table: element.getBoundingClientRect().width,
      titles: Math.min(
        ...[...element.querySelectorAll('tbody th[scope="row"]')].map(
          (cell) => cell.getBoundingClientRect().width,
        ),
      ),
      right: element.getBoundingClientRect().right,
    }));
    expect(widths.titles / widths.table).toBeGreaterThan(0.55);
    expect(widths.right).toBeLessThanOrEqual(PHONE.width);
    expect(await brokenWords(page, 'table.notification-settings th')).toEqual([]);
  });

  test('the recycling bin offers its lists in a select, and nothing lies beside the screen', async ({
    page,
    context,
  }) => {
    await signedInAs(context, 'alice');
    await page.goto('/tools/trash');
    const picker = page.getByRole('combobox', { name: 'Show deleted' });
    await expect(picker).toHaveValue('projects');
    expect(await picker.locator('option').allTextContents()).toEqual([
      'Projects',
      'Models',
      'Libraries',
      'Items',
      'Material Categories',
      'Materials',
    ]);
    await picker.selectOption({ label: 'Items' });
    await expect(page).toHaveURL(/[?&]tab=items\b/);
    await expect(page.locator('tbody tr[data-row-key]').first()).toBeVisible();
    const beside = await page
      .locator('.recycling-bin__card *')
      .evaluateAll(
        (elements) =>
          elements.filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
            .length,
      );
    expect(beside).toBe(0);
  });

  for (const path of ['/projects', '/tools/labels', '/']) {
    test(`${path} shows each row's name, status and menu without scrolling sideways`, async ({
      page,
      context,
    }) => {
      await signedInAs(context, 'alice');
      await page.goto(path);
      const rows = page.locator('tbody tr[data-row-key]');
      await expect(rows.first()).toBeVisible();
      const overflow = await page
        .locator('.ui-table-wrapper')
        .evaluateAll((wrappers) => wrappers.map((wrapper) => wrapper.scrollWidth - wrapper.clientWidth));
      expect(Math.max(...overflow)).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      for (const row of await rows.all()) {
        // The dashboard's table is below the fold: bring each row in, then nothing of it may lie beside the screen.
        await row.scrollIntoViewIfNeeded();
        const menu = row.getByRole('button', { name: /^Actions for / });
        if (await menu.count()) await expect(menu).toBeInViewport({ ratio: 1 });
        const status = STATUS_OF_ROW[path];
        if (status) await expect(status(row)).toBeInViewport({ ratio: 1 });
        const box = await row.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      }
    });
  }
});

interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'projects-list',
    path: '/projects',
    ready: (page) => expect(page.locator('tbody tr[data-row-key]').first()).toBeVisible(),
  },
  {
    name: 'labels-list',
    path: '/tools/labels',
    ready: (page) => expect(page.locator('tbody tr[data-row-key]').first()).toBeVisible(),
  },
  {
    name: 'record-not-found',
    path: '/projects/overview/999999',
    ready: (page) => expect(page.locator('.load-failure h1')).toBeVisible(),
  },
  {
    name: 'page-not-found',
    path: '/no-such-page',
    ready: (page) => expect(page.locator('.fullscreen-state button')).toBeVisible(),
  },
  {
    name: 'unauthorized',
    path: '/unauthorized',
    ready: (page) => expect(page.locator('.fullscreen-state button')).toBeVisible(),
  },
];

/** A test per screen, signed in once: its variants are steps of it in the one page, resized and reloaded. */
for (const screen of SCREENS) {
  test(`first-use screen ${screen.name}`, async ({ page, context }) => {
    await signedInAs(context, 'alice');
    for (const { size, viewport, language } of SCREEN_VARIANTS) {
      await test.step(`${language} at ${size} width`, async () => {
        await page.setViewportSize(viewport);
        await page.goto(`${screen.path}?lng=${language}`);
        await screen.ready(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        expect.soft(await seriousViolations(page), `${screen.name} (${size}, ${language})`).toEqual([]);
        await reviewScreenshot(() =>
          page.screenshot({
            path: `test-results/screenshots/first-use-${screen.name}-${size}-${language}.png`,
            fullPage: true,
            animations: 'disabled',
          }),
        );
      });
    }
  });
}

/** WCAG relative luminance contrast of an `rgb(r, g, b)` colour against white. */
function contrastOnWhite(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  return 1.05 / (luminance + 0.05);
}

test.describe('focus rings', () => {
  test.use({ viewport: DESKTOP });

  test('the sign-in checkbox and links show a solid ring of at least 3:1', async ({ page }) => {
    await page.goto('/login');
    const checkbox = page.getByRole('checkbox', { name: 'Remember me' });
    const forgot = page.getByRole('link', { name: /forgot/i });
    for (const target of [checkbox, forgot]) {
      await target.focus();
      // Keyboard focus (focus-visible): Tab away and back.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(target).toBeFocused();
      const ring = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
          color: style.outlineColor,
        };
      });
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(contrastOnWhite(ring.color)).toBeGreaterThanOrEqual(3);
    }
  });

  test('text fields show a ring of at least 2 px and 3:1 on the field or its frame', async ({
    page,
    context,
  }) => {
    // Transitions off, so the ring is read as it ends up, not half-way through fading in.
    const noTransitions = () =>
      page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    // The fields of a page are focused one after the other in its one load.
    const fields: Array<{ path: string; signedIn: boolean; field: (page: Page) => Promise<Locator> }> = [
      { path: '/login', signedIn: false, field: async (p) => p.getByLabel('Username or email') },
      { path: '/login', signedIn: false, field: async (p) => p.getByLabel('Password', { exact: true }) },
      {
        path: '/projects',
        signedIn: true,
        field: async (p) => p.getByRole('searchbox', { name: 'Search the portal' }),
      },
      {
        path: '/projects',
        signedIn: true,
        field: async (p) => {
          await p.getByRole('button', { name: 'Filter' }).click();
          return p.getByRole('search', { name: 'Filter the list' }).getByRole('textbox', { name: 'Search' });
        },
      },
      { path: '/projects/create', signedIn: true, field: async (p) => p.getByLabel('Name', { exact: true }) },
    ];
    let loaded: string | null = null;
    for (const { path, signedIn, field } of fields) {
      if (path !== loaded) {
        if (signedIn) await signedInAs(context, 'alice');
        await page.goto(path);
        await noTransitions();
        loaded = path;
      }
      const target = await field(page);
      await target.focus();
      await expect(target).toBeFocused();
      // The ring may be drawn by the field or by the frame around it (an input with an icon or a clear button).
      const rings = await target.evaluate((element) => {
        const found: Array<{ outline: string; width: number; outlineColor: string; shadow: string }> = [];
        for (
          let node: Element | null = element, depth = 0;
          node && depth < 4;
          node = node.parentElement, depth++
        ) {
          const style = getComputedStyle(node);
          found.push({
            outline: style.outlineStyle,
            width: parseFloat(style.outlineWidth),
            outlineColor: style.outlineColor,
            shadow: style.boxShadow,
          });
        }
        return found;
      });
      const strong = rings.some(({ outline, width, outlineColor, shadow }) => {
        if (outline === 'solid' && width >= 2 && contrastOnWhite(outlineColor) >= 3) return true;
        // `rgb(r, g, b) 0px 0px 0px 2px`: a ring drawn as a box shadow's spread.
        return shadow.split(/,(?![^(]*\))/).some((layer) => {
          const color = /rgba?\([^)]*\)/.exec(layer)?.[0];
          const lengths =
            layer
              .replace(/rgba?\([^)]*\)/, '')
              .match(/-?[\d.]+px/g)
              ?.map(parseFloat) ?? [];
          const alpha = color?.startsWith('rgba') ? Number(color.match(/[\d.]+/g)![3]) : 1;
          return !!color && alpha === 1 && (lengths[3] ?? 0) >= 2 && contrastOnWhite(color) >= 3;
        });
      });
      expect(strong, `${path}: ${JSON.stringify(rings)}`).toBe(true);
    }
  });
});

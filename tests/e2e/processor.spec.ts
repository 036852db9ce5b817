/**
 * The processor in Chromium against the contract server (spec 2 §Processor, §4, §6, §9): each tab's primary
 * button and where it leads, filters per tab that keep their state apart (and a Reset touching only its own tab),
 * an item the worker processes going QUEUED → PROCESSING (the message with '...', a running timer) → FINISHED
 * on its card without a reload, the card menu by right-click and by keyboard, Reprocess only on a FINISHED or
 * FAILED card (with its confirmation), and axe on each tab in English at 1440 px and in Dutch at 390 px and with
 * the filter panel and a card menu open at both widths (./support/screen-variants.ts; screenshots under
 * test-results/screenshots in the screenshot review).
 * Tests that change data make their own items.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { resized, seriousViolations } from './support/axe';
import { API, apiHeaders, sharedSession, signedInAs } from './support/portal';
import { fbxFile, uniqueName } from './support/projects-api';
import { listenToPushes, reached } from './support/pushes';
import { DESKTOP, PHONE, reviewScreenshot, SCREEN_VARIANTS } from './support/screen-variants';

interface Item {
  id: number;
  name: string;
  status: string;
}

async function itemsApi(request: APIRequestContext) {
  const { access_token: token } = await sharedSession('alice');
  const headers = apiHeaders('acme', token);
  return {
    async create(name: string): Promise<Item> {
      const response = await request.post(`${API}/libraries/items`, {
        headers,
        multipart: { name, file: fbxFile(`${name}.fbx`) },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: Item }).data;
    },
    async list(query: string): Promise<Item[]> {
      const response = await request.get(`${API}/libraries/items?per_page=25&${query}`, { headers });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { data: Item[] }).data;
    },
    async status(id: number): Promise<string> {
      const response = await request.get(`${API}/libraries/items/${id}`, { headers });
      return ((await response.json()) as { data: Item }).data.status;
    },
  };
}

const searchBox = (page: Page) =>
  page.getByRole('search', { name: 'Filter the list' }).getByRole('textbox', { name: 'Search' });
const grid = (page: Page, tab: string) => page.getByRole('list', { name: tab });
const card = (page: Page, tab: string, name: string) =>
  grid(page, tab).getByRole('listitem').filter({ hasText: name });
const cardMenuButton = (cardLocator: Locator, name: string) =>
  cardLocator.getByRole('button', { name: `Actions for ${name}` });

/** Records every state the card of this name shows from now on (pushes can pass faster than a poll). */
async function recordCard(page: Page, name: string): Promise<void> {
  await page.evaluate((cardName) => {
    const seen: string[] = [];
    (window as unknown as { shownCard: string[] }).shownCard = seen;
    const note = () => {
      const card = [...document.querySelectorAll('.ui-card')].find(
        (element) => element.querySelector('.preview-card__name')?.textContent === cardName,
      );
      if (!card) return;
      const status = card.querySelector('.status-badge')?.textContent ?? '';
      const message = card.querySelector('.processing-card__message')?.textContent ?? '';
      const timer = card.querySelector('.elapsed-time--running') ? 'running' : 'stopped';
      const text = `${status}|${message}|${timer}`;
      if (seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, name);
}

const shownCard = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownCard: string[] }).shownCard);

test('each tab has its primary button, leading to its create screen', async ({ page, context }) => {
  await signedInAs(context, 'alice');
  await page.goto('/processor');
  await expect(page.getByRole('heading', { name: 'Processor', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Models', 'Items', 'Materials']);

  await page.getByRole('button', { name: 'New Model' }).click();
  await expect(page).toHaveURL(/\/projects\/models\/create$/);

  await page.goto('/processor?tab=items');
  await expect(page.getByRole('tab', { name: 'Items' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'New Model' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/libraries\/items\/create$/);

  await page.goto('/processor');
  await page.getByRole('tab', { name: 'Materials' }).click();
  await page.getByRole('button', { name: 'New Material' }).click();
  await expect(page).toHaveURL(/\/materials\/create$/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Materials' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/materials\/import$/);
});

test('each tab has its own filter, kept while another tab is open; Reset touches only its own', async ({
  page,
  context,
}) => {
  await signedInAs(context, 'alice');
  await page.goto('/processor');
  const models = grid(page, 'Models');
  await expect(models.getByRole('listitem').first()).toBeVisible();
  await expect(models.getByRole('listitem')).toHaveCount(10);

  await page.getByRole('button', { name: 'Filter' }).click();
  await searchBox(page).fill('no such model at all');
  await expect(page.getByText('No models found')).toBeVisible();

  await page.getByRole('tab', { name: 'Items' }).click();
  // The items' filter is its own: closed, empty, and the items are listed.
  await expect(page.getByRole('button', { name: 'Filter' })).toHaveAttribute('aria-expanded', 'false');
  await expect(grid(page, 'Items').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await searchBox(page).fill('Aeron');
  await expect(grid(page, 'Items').getByRole('listitem').first()).toContainText('Aeron');
  // The header's Filter button counts the open tab's search, and the toolbar's Reset clears it.
  await expect(page.getByRole('button', { name: 'Filter, 1 active' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset the list' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset the list' })).toBeHidden();

  // The models' search is still there.
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(searchBox(page)).toHaveValue('no such model at all');
  await expect(page.getByText('No models found')).toBeVisible();
});

test('an item the worker processes goes QUEUED → PROCESSING → FINISHED on its card without a reload', async ({
  page,
  context,
  request,
  workerServer,
}) => {
  await signedInAs(context, 'alice');
  const api = await itemsApi(request);
  const prefix = uniqueName('Processor Live');
  const name = `${prefix} target`;
  const pushes = listenToPushes(page);
  await page.goto(`/processor?tab=items&items.search=${encodeURIComponent(prefix)}`);
  await expect(page.getByText('No items found')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The page follows the pushes: an item made first shows up on it by itself.
  await api.create(`${prefix} first`);
  await expect(grid(page, 'Items').getByRole('listitem')).toHaveCount(1);
  await recordCard(page, name);
  // The server's processing held: the new item stays QUEUED until its card has shown it, however fast the
  // machine would process it.
  const releaseProcessing = await workerServer.holdProcessing();
  let item: Item;
  try {
    item = await api.create(name);
    expect(item.status).toBe('QUEUED');
    await expect(card(page, 'Items', name).locator('.status-badge')).toHaveText('Queued');
  } finally {
    await releaseProcessing();
  }

  const itemCard = card(page, 'Items', name);
  // Its processing takes what it takes on this machine: the test waits for its FINISHED push, then for the card.
  await pushes.arrival('GeometryEventsUpdated', reached(item.id, 'FINISHED'));
  await expect(itemCard.locator('.status-badge')).toHaveText('Finished');
  await expect(itemCard.locator('time.elapsed-time')).toHaveText(/^0:00:\d\d$/);
  await expect(itemCard.locator('.elapsed-time--running')).toHaveCount(0);
  const shown = await shownCard(page);
  expect(shown[0]).toBe('Queued||stopped');
  const processing = shown.filter((state) => state.startsWith('Processing|'));
  expect(processing.length).toBeGreaterThan(0);
  for (const state of processing) expect(state).toMatch(/^Processing\|.+\.\.\.\|running$/);
  expect(shown.at(-1)).toBe('Finished||stopped');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // Finished, it offers Reprocess (right-click), which asks first and starts it over.
  await itemCard.click({ button: 'right' });
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Reprocess', 'Archive', 'Edit', 'Delete']);
  await menu.getByRole('menuitem', { name: 'Reprocess' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    'Are you sure you want to reprocess this item? This will overwrite the existing geometry!',
  );
  const refinished = pushes.next('GeometryEventsUpdated', reached(item.id, 'FINISHED'));
  await dialog.getByRole('button', { name: 'Reprocess' }).click();
  await expectShown(page, 'Reprocessing started...', { exact: false });
  await refinished;
  await expect(itemCard.locator('.status-badge')).toHaveText('Finished');
  expect(await api.status(item.id)).toBe('FINISHED');
});

test('the card menu: right-click and keyboard; Reprocess only on a FINISHED or FAILED card', async ({
  page,
  context,
  request,
}) => {
  await signedInAs(context, 'alice');
  const api = await itemsApi(request);
  const [finished] = await api.list('filter[status]=FINISHED');
  const [failed] = await api.list('filter[status]=FAILED');
  const [cancelled] = await api.list('filter[status]=CANCELLED');

  // A FAILED card offers Reprocess, its way out (issue 31); a CANCELLED one does not.
  await page.goto(`/processor?tab=items&items.search=${encodeURIComponent(failed.name)}`);
  const failedCard = card(page, 'Items', failed.name);
  await failedCard.click({ button: 'right' });
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    'Reprocess',
    'Archive',
    'Edit',
    'Delete',
  ]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await page.goto(`/processor?tab=items&items.search=${encodeURIComponent(cancelled.name)}`);
  await card(page, 'Items', cancelled.name).click({ button: 'right' });
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Archive', 'Edit', 'Delete']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  await page.goto(`/processor?tab=items&items.search=${encodeURIComponent(finished.name)}`);
  const finishedCard = card(page, 'Items', finished.name).first();
  const button = cardMenuButton(finishedCard, finished.name);
  await expect(button).toBeVisible();
  // By keyboard: the card's three-dot button opens the menu on its first entry; the arrows move; Escape returns.
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Reprocess' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Archive' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  // Shift+F10 on the focused card opens the same menu.
  await finishedCard.focus();
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Reprocess' })).toBeFocused();
  await page.keyboard.press('Escape');
  // Edit leads to the item's edit screen.
  await finishedCard.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/libraries/items/edit/${finished.id}$`));
});

test.describe('accessibility and looks', () => {
  const MODELS_TAB = { en: 'Models', nl: 'Modellen' } as const;
  for (const tab of ['models', 'items', 'materials']) {
    test(`no serious or critical axe finding on the ${tab} tab`, async ({ page, context }) => {
      await signedInAs(context, 'alice');
      for (const { size, viewport, language } of SCREEN_VARIANTS) {
        await test.step(`${language} at ${size} width`, async () => {
          await page.setViewportSize(viewport);
          await page.goto(`/processor?tab=${tab}&lng=${language}`);
          await expect(page.getByRole('tab', { name: MODELS_TAB[language] })).toBeVisible();
          await expect(page.locator('.ui-card').first()).toBeVisible();
          expect.soft(await seriousViolations(page), `${tab} (${language}, ${size})`).toEqual([]);
          await reviewScreenshot(() =>
            page.screenshot({
              path: `test-results/screenshots/processor-${tab}-${viewport.width}-${language}.png`,
              fullPage: true,
            }),
          );
        });
      }
    });
  }

  test('no serious or critical axe finding with the filter panel and a card menu open at 1440 and 390 px', async ({
    page,
    context,
  }) => {
    await signedInAs(context, 'alice');
    await page.setViewportSize(DESKTOP);
    await page.goto('/processor?tab=materials');
    await expect(page.locator('.ui-card').first()).toBeVisible();
    await page.getByRole('button', { name: 'Filter' }).click();
    for (const viewport of [DESKTOP, PHONE]) {
      await test.step(`at ${viewport.width} px`, async () => {
        await resized(page, viewport);
        await expect(page.getByRole('search', { name: 'Filter the list' })).toBeVisible();
        await page.locator('.ui-card').first().click({ button: 'right' });
        await expect(page.getByRole('menu')).toBeVisible();
        await reviewScreenshot(() =>
          page.screenshot({ path: `test-results/screenshots/processor-menu-${viewport.width}-en.png` }),
        );
        expect.soft(await seriousViolations(page), `menu at ${viewport.width}`).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toHaveCount(0);
      });
    }
  });
});

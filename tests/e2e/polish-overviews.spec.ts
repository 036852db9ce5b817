/**
 * Issue 31's polish in Chromium, at 1440 and 390 px: the Processor's cards show their preview whole (a model card
 * and a material's card, given a tall and a wide picture, keep their size and fit the picture in, never cropping
 * it), and the notice after Save never covers the page header's buttons of the screen Save leads to.
 */
import sharp from 'sharp';
import { expect, type Locator, type Page, test } from './support/test';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { pausePageClock, stepClockUntil } from './support/page-clock';
import { DESKTOP, PHONE } from './support/screen-variants';
import { uniqueName } from './support/projects-api';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A picture of a solid colour: a tall and a wide one, neither of a card's frame's shape (16:9, 4:3). */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
const PICTURES = { tall: { width: 120, height: 360 }, wide: { width: 720, height: 120 } } as const;
const pictureUrl = (shape: keyof typeof PICTURES) => `${origin('acme')}/e2e-polish/${shape}.png`;

/**
 * The cards' records as the API answers them, their previews replaced by the tall and the wide picture in turn
 * (served by the page's route): the seeded records have none, and drawn previews have the card's own shape.
 */
async function withPictures(page: Page, list: RegExp) {
  for (const shape of ['tall', 'wide'] as const) {
    const body = await picture(PICTURES[shape].width, PICTURES[shape].height);
    await page.route(pictureUrl(shape), (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body }),
    );
  }
  await page.route(list, async (route) => {
    // Node does not resolve `*.localhost`: the call goes to 127.0.0.1 naming the company's host (./support/portal.ts).
    const url = new URL(route.request().url());
    const host = url.host;
    url.hostname = '127.0.0.1';
    const response = await route.fetch({
      url: url.toString(),
      headers: { ...route.request().headers(), host },
    });
    const json = (await response.json()) as { data: Array<{ preview_image_url: string | null }> };
    json.data.forEach((row, index) => {
      row.preview_image_url = pictureUrl(index % 2 ? 'wide' : 'tall');
    });
    await route.fulfill({ response, json });
  });
}

/**
 * How much of the picture shows, and whether it keeps its shape, from its natural size, its box and its
 * object-fit (the browser draws the picture's content inside the box by it).
 */
async function shownWhole(image: Locator) {
  return image.evaluate((element: HTMLImageElement) => {
    const { naturalWidth: width, naturalHeight: height } = element;
    const box = element.getBoundingClientRect();
    const fit = getComputedStyle(element).objectFit;
    let scaleX = box.width / width;
    let scaleY = box.height / height;
    if (fit === 'contain') scaleX = scaleY = Math.min(scaleX, scaleY);
    else if (fit === 'scale-down') scaleX = scaleY = Math.min(1, scaleX, scaleY);
    else if (fit === 'cover') scaleX = scaleY = Math.max(scaleX, scaleY);
    else if (fit === 'none') scaleX = scaleY = 1;
    // The part of the drawn picture inside its box, and inside the frame that clips it.
    const frame = element.parentElement!.getBoundingClientRect();
    const inside = (drawn: number, room: number) => Math.min(1, room / drawn);
    return {
      natural: width / height,
      drawn: (width * scaleX) / (height * scaleY),
      shown:
        inside(width * scaleX, Math.min(box.width, frame.width)) *
        inside(height * scaleY, Math.min(box.height, frame.height)),
      frame: { width: frame.width, height: frame.height },
    };
  });
}

async function expectPreviewsWhole(images: Locator, frameRatio: number) {
  await expect(images.nth(1)).toBeAttached();
  for (const index of [0, 1]) {
    const image = images.nth(index);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
    const seen = await shownWhole(image);
    const shape = index % 2 ? 'wide' : 'tall';
    expect(seen.shown, `${shape} picture shown whole`).toBeCloseTo(1, 2);
    expect(seen.drawn, `${shape} picture keeps its shape`).toBeCloseTo(seen.natural, 2);
    // The card keeps its size: the frame keeps its own shape whatever the picture's.
    expect(seen.frame.width / seen.frame.height, `${shape} picture's frame`).toBeCloseTo(frameRatio, 1);
  }
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Presses Save with the page's clock stopped, so the notice after it stays while it is measured however busy the
 * machine is (its 3 s would otherwise run out between finding it and measuring it).
 */
async function saveWithClockStopped(page: Page) {
  await pausePageClock(page);
  await page.getByRole('button', { name: 'Save' }).click();
}

/** The notice after Save shows ('Saved'), over none of the page header's buttons nor the top bar. */
async function expectNoticeClearOfHeader(page: Page, button: string) {
  const notice = page.getByRole('region', { name: 'Messages' }).getByRole('status');
  await stepClockUntil(page, () => notice.isVisible());
  await expect(notice).toContainText('Saved');
  const buttons = page.locator('.page-header').getByRole('button');
  await expect(buttons.filter({ hasText: button })).toBeVisible();
  const noticeBox = (await notice.boundingBox())!;
  const count = await buttons.count();
  for (let index = 0; index < count; index++) {
    const box = await buttons.nth(index).boundingBox();
    if (!box) continue;
    expect(overlaps(noticeBox, box), `the notice over '${await buttons.nth(index).innerText()}'`).toBe(false);
  }
  const topBar = (await page.locator('.top-bar').boundingBox())!;
  expect(overlaps(noticeBox, topBar), 'the notice over the top bar').toBe(false);
}

for (const [size, viewport] of [
  ['1440', DESKTOP],
  ['390', PHONE],
] as const) {
  test.describe(`at ${size} px`, () => {
    test.use({ viewport });

    test('the Processor cards show their previews whole', async ({ page, context }) => {
      await signedInAs(context, 'alice');
      await withPictures(page, /\/api\/v2\/projects\/models\?/);
      await withPictures(page, /\/api\/v2\/materials\?/);
      await page.goto('/processor');
      await expectPreviewsWhole(page.locator('.model-card__preview img'), 16 / 9);
      await page.goto('/processor?tab=materials');
      await expectPreviewsWhole(page.locator('.preview-card__image img'), 4 / 3);
    });

    test("the notice after Save never covers the overview's buttons", async ({ page, context, request }) => {
      const { access_token: token } = await sharedSession('alice');
      const name = uniqueName('Polish Slate');
      const created = await request.post(`${API}/materials`, {
        headers: apiHeaders('acme', token),
        data: { name },
      });
      expect(created.status(), await created.text()).toBe(201);
      await page.clock.install();
      await signedInAs(context, 'alice');
      await page.goto(`/materials/edit/${encodeURIComponent(name)}`);
      await expect(page.getByLabel('Name')).toHaveValue(name);
      await saveWithClockStopped(page);
      // Save leads to the material's overview, whose header has its five buttons.
      await expect(page).toHaveURL(new RegExp(`/materials/overview/${encodeURIComponent(name)}$`));
      await expectNoticeClearOfHeader(page, 'Edit');
    });

    test("the notice after Save never covers the list's buttons", async ({ page, context, request }) => {
      const { access_token: token } = await sharedSession('alice');
      const created = await request.post(`${API}/labels`, {
        headers: apiHeaders('acme', token),
        data: { name: uniqueName('Polish label'), color: '#52c41a' },
      });
      expect(created.status(), await created.text()).toBe(201);
      const label = ((await created.json()) as { data: { id: number; name: string } }).data;
      await page.clock.install();
      await signedInAs(context, 'alice');
      await page.goto(`/tools/labels/edit/${label.id}`);
      await expect(page.getByLabel('Name')).toHaveValue(label.name);
      await saveWithClockStopped(page);
      // Save leads to the labels, whose title bar has Filter and New Label right below the top bar.
      await expect(page).toHaveURL(/\/tools\/labels$/);
      await expectNoticeClearOfHeader(page, 'New Label');
    });
  });
}

/**
 * Issue 42 in Chromium against the contract server: an uploaded picture is stored as the original (held to 2048 px),
 * never as a 100×100 crop. A wide logo chosen on the company profile shows as the widget's 100×100 thumbnail, is
 * stored wide, and shows whole in the shell's tenant switcher; a wide project preview shows in the dashboard's
 * recent projects. Screenshots of the company profile, the header logo and the dashboard at 1440 and 390 px.
 * The logo is set on Umbrella Studio (erin), a company of the account area's own seed.
 */
import sharp from 'sharp';
import type { AuthResponse } from '../../shared/session';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import {
  API,
  apiHeaders,
  DEMO_PASSWORD,
  origin,
  sharedSession,
  signedInAs,
  useSessionCookie,
} from './support/portal';
import { DESKTOP, PHONE } from './support/screen-variants';
import { uniqueName } from './support/projects-api';

/** A wide picture (4:1): red on the left quarter, blue on the right, transparent between. */
async function widePicture(width: number, height: number): Promise<Buffer> {
  const band = (r: number, b: number) =>
    sharp({ create: { width: width / 4, height, channels: 4, background: { r, g: 20, b, alpha: 1 } } })
      .png()
      .toBuffer();
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: await band(220, 20), left: 0, top: 0 },
      { input: await band(20, 220), left: (width * 3) / 4, top: 0 },
    ])
    .png()
    .toBuffer();
}

/** An opaque wide picture: its left half red, its right half blue. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 220, g: 20, b: 20 } } })
    .composite([
      {
        input: { create: { width: width / 2, height, channels: 3, background: { r: 20, g: 20, b: 220 } } },
        left: width / 2,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

/** The natural and the shown size of an image. */
const sizes = (page: Page, selector: string) =>
  page.locator(selector).evaluate((image: HTMLImageElement) => {
    const box = image.getBoundingClientRect();
    return {
      natural: { width: image.naturalWidth, height: image.naturalHeight },
      shown: { width: box.width, height: box.height },
      fit: getComputedStyle(image).objectFit,
    };
  });

/** Erin (Umbrella Studio's manager, who may edit its profile) signed in; her token. */
async function signInErin(context: BrowserContext, request: APIRequestContext): Promise<string> {
  const response = await request.post(`${API}/login`, {
    data: { identity: 'erin', password: DEMO_PASSWORD, remember: false },
    headers: apiHeaders('umbrella'),
  });
  expect(response.status()).toBe(200);
  const { access_token: token } = (await response.json()) as AuthResponse;
  await useSessionCookie(context, token);
  return token;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/i42-${name}.png`, fullPage: false });

test('a wide logo is stored wide and shows whole in the tenant switcher', async ({
  page,
  context,
  request,
}) => {
  const token = await signInErin(context, request);
  await page.setViewportSize(DESKTOP);
  await page.goto(`${origin('umbrella')}/user/company`);
  await expect(page.getByLabel('Primary Color')).toBeVisible();

  await page
    .locator('.ant-form-item')
    .filter({ hasText: 'Company Logo' })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'wide-logo.png', mimeType: 'image/png', buffer: await widePicture(1600, 400) });
  // The widget shows the spec's 100×100 cover thumbnail of the chosen picture.
  const thumbnail = page.getByRole('img', { name: 'Company Logo' });
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  await expect(thumbnail).toHaveCSS('width', '100px');
  await expect(thumbnail).toHaveCSS('height', '100px');
  await expect(thumbnail).toHaveCSS('object-fit', 'cover');
  await shot(page, 'company-profile-chosen-1440');

  const saved = page.waitForResponse(
    (response) =>
      /\/api\/v2\/companies\/my-company$/.test(response.url()) && response.request().method() !== 'GET',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expectShown(page, 'Update successful', { exact: false });

  // The stored logo is the picture whole: 1600×400, a PNG with its transparency.
  const company = await request.get(`${API}/companies/my-company`, {
    headers: apiHeaders('umbrella', token),
  });
  const logo = ((await company.json()) as { data: { logo: string } }).data.logo;
  const file = await request.get(logo.replace(/^https?:\/\/[^/]+\/api\/v2/, API), {
    headers: apiHeaders('umbrella', token),
  });
  expect(file.status()).toBe(200);
  expect(await sharp(await file.body()).metadata()).toMatchObject({
    width: 1600,
    height: 400,
    format: 'png',
    hasAlpha: true,
  });

  // The header's logo: 36 px high and four times as wide, the picture whole.
  await page.reload();
  const header = '.tenant-switcher img.company-logo';
  await expect(page.locator(header)).toBeVisible();
  await expect.poll(async () => (await sizes(page, header)).natural.width).toBe(1600);
  const shown = await sizes(page, header);
  expect(shown.shown.height).toBe(36);
  expect(shown.shown.width).toBeCloseTo(144, 0);
  expect(shown.fit).toBe('contain');
  await shot(page, 'company-profile-saved-1440');
  await page
    .locator('.tenant-switcher')
    .screenshot({ path: 'test-results/screenshots/i42-header-logo-1440.png' });

  await page.setViewportSize(PHONE);
  await page.goto(`${origin('umbrella')}/user/company`);
  await expect(page.getByRole('img', { name: 'Company Logo' })).toBeVisible();
  await shot(page, 'company-profile-390');
  await page.goto(`${origin('umbrella')}/`);
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(page.locator(header)).toBeVisible();
  const phone = await sizes(page, header);
  // A wide logo is never cut: its shown proportions are the picture's (or it is fitted whole into its place).
  expect(phone.fit).toBe('contain');
  expect(phone.shown.width).toBeGreaterThan(phone.shown.height);
  await shot(page, 'header-logo-390');
});

test('a wide project preview is stored wide and covers the dashboard card’s frame', async ({
  page,
  context,
  request,
}) => {
  await signedInAs(context, 'alice');
  const { access_token: token } = await sharedSession('alice', 'acme');
  const headers = apiHeaders('acme', token);
  const name = uniqueName('E2E Wide Preview');
  const created = await request.post(`${API}/projects`, {
    headers,
    multipart: {
      name,
      preview_image: { name: 'wide.png', mimeType: 'image/png', buffer: await halves(3200, 800) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const project = ((await created.json()) as { data: { id: number; preview_image: string } }).data;
  const file = await request.get(project.preview_image.replace(/^https?:\/\/[^/]+\/api\/v2/, API), {
    headers,
  });
  // The server holds a picture beyond 2048 px to it, proportions kept.
  expect(await sharp(await file.body()).metadata()).toMatchObject({
    width: 2048,
    height: 512,
    format: 'png',
  });

  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const slide = page.locator('.recent-slide-image').first();
    await expect(slide).toBeVisible();
    await expect(slide).toHaveCSS('object-fit', 'cover');
    await expect.poll(() => slide.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2048);
    await shot(page, `dashboard-${size}`);
  }
  await page.setViewportSize(DESKTOP);
  await page.goto(`/projects/overview/${project.id}`);
  const hero = page.locator('.project-hero__preview img');
  await expect(hero).toBeVisible();
  await expect(hero).toHaveCSS('object-fit', 'contain');
  await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2048);
  await shot(page, 'project-overview-1440');

  await request.delete(`${API}/projects/${project.id}`, { headers });
});

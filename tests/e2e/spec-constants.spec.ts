/**
 * Issue 31, spec 2 §9 in Chromium against the contract server: 'Upload component: preview height 250, resize
 * 100x100 cover, quality 50; image preview min 44, max 256'. A picture chosen for a material's preview shows as the
 * widget's 100×100 cover thumbnail, drawn by the browser's canvas; the stored picture is the original (issue 42).
 */
import { expect, test } from './support/test';
import sharp from 'sharp';
import { API, apiHeaders, sharedSession, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';

test('a chosen preview image shows as its 100×100 cover thumbnail and is stored whole', async ({
  page,
  context,
  request,
}) => {
  await signedInAs(context, 'alice');
  const { access_token: token } = await sharedSession('alice', 'acme');
  const headers = apiHeaders('acme', token);
  // A wide picture: red on the left half, blue on the right.
  const picture = await sharp({
    create: { width: 400, height: 200, channels: 3, background: { r: 220, g: 20, b: 20 } },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 200, height: 200, channels: 3, background: { r: 20, g: 20, b: 220 } },
        })
          .png()
          .toBuffer(),
        left: 200,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

  const name = uniqueName('E2E Resized Preview');
  await page.goto('/materials/create');
  await expect(page.getByRole('heading', { name: 'New Material', level: 1 })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  const thumbnail = page.getByRole('img', { name: 'Preview image' });
  await expect(thumbnail).toHaveCSS('height', '100px');
  await expect(thumbnail).toHaveCSS('width', '100px');
  // The thumbnail is drawn at 100×100: the wide picture's centre, red on its left and blue on its right.
  expect(
    await thumbnail.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]),
  ).toEqual([100, 100]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/materials\/overview\//);

  const answer = await request.get(`${API}/materials/${encodeURIComponent(name)}`, { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  const stored = ((await answer.json()) as { data: { preview_image_url: string } }).data.preview_image_url;
  const file = await request.get(`${API}${new URL(stored).pathname.replace(/^\/api\/v2/, '')}`, { headers });
  expect(file.status()).toBe(200);
  const image = sharp(await file.body());
  expect(await image.metadata()).toMatchObject({ width: 400, height: 200, format: 'png' });
  // The whole picture: its left half red, its right half blue.
  const { data } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [...data.subarray((y * 400 + x) * 3, (y * 400 + x) * 3 + 3)];
  expect(pixel(10, 100)[0]).toBeGreaterThan(150);
  expect(pixel(390, 100)[2]).toBeGreaterThan(150);

  await request.delete(`${API}/materials/${encodeURIComponent(name)}`, { headers });
});

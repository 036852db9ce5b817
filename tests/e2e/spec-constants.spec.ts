/**
 * Issue 31, spec 2 §9 in Chromium against the contract server: 'Upload component: preview height 250, resize
 * 100x100 cover, quality 50; image preview min 44, max 256'. A picture chosen for a material's preview shows 250 px
 * high and is stored as its 100×100 cover crop, drawn by the browser's canvas.
 */
import { expect, test } from './support/test';
import sharp from 'sharp';
import { API, apiHeaders, sharedSession, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';

test('a chosen preview image shows 250 px high and is stored as its 100×100 cover crop', async ({
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
  await expect(page.getByRole('img', { name: 'Preview image' })).toHaveCSS('height', '250px');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/materials\/overview\//);

  const answer = await request.get(`${API}/materials/${encodeURIComponent(name)}`, { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  const stored = ((await answer.json()) as { data: { preview_image_url: string } }).data.preview_image_url;
  const file = await request.get(`${API}${new URL(stored).pathname.replace(/^\/api\/v2/, '')}`, { headers });
  expect(file.status()).toBe(200);
  const image = sharp(await file.body());
  expect(await image.metadata()).toMatchObject({ width: 100, height: 100, format: 'png' });
  // The centre of the wide picture: its left half red, its right half blue.
  const { data } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [...data.subarray((y * 100 + x) * 3, (y * 100 + x) * 3 + 3)];
  expect(pixel(10, 50)[0]).toBeGreaterThan(150);
  expect(pixel(90, 50)[2]).toBeGreaterThan(150);

  await request.delete(`${API}/materials/${encodeURIComponent(name)}`, { headers });
});

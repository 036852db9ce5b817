/**
 * View in your room (issue 45) in Chromium against the contract server, on a model processed by the real pipeline:
 * on a computer the viewer's View in your room shows a QR code that a phone's camera reads as the model's AR page;
 * that page, opened without an account, hands an Android phone to Scene Viewer with the glb and an iPhone to AR
 * Quick Look with the USDZ (Safari's `rel="ar"` support stood in for, as Chromium has none), both files served to
 * whoever has the address; a computer is told it is a page for a phone, and an address of no model says so.
 */
import { devices } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, type Page, test } from './support/test';
import { signedInAs } from './support/portal';
import { projectsApi } from './support/projects-api';
import { expectAccessibleAtBothWidths, seriousViolationsWithin } from './support/axe';
import { VIEWER_READY, VIEWER_TEST_VIEWPORT } from './support/no-webgl';

test.use({ viewport: VIEWER_TEST_VIEWPORT });

/** A file as the page fetches it (the portal's host resolves in the browser only): its type and some bytes. */
async function fetchedFile(page: Page, url: string, from = 0, to = 4) {
  return page.evaluate(
    async ({ url, from, to }) => {
      const response = await fetch(url, { credentials: 'omit' });
      const bytes = new Uint8Array(await response.arrayBuffer()).subarray(from, to);
      return { type: response.headers.get('content-type'), start: String.fromCharCode(...bytes) };
    },
    { url, from, to },
  );
}

test('a model is placed in the room: a QR code on a computer, Scene Viewer on Android, Quick Look on an iPhone', async ({
  page,
  context,
  request,
  browser,
}) => {
  // Software WebGL draws the model on the CPU (viewer.spec.ts).
  test.slow();
  await signedInAs(context, 'alice');
  const api = await projectsApi(request);
  const model = await api.newModel('Room chair');
  const { name } = model;
  const android = await browser.newContext({ ...devices['Pixel 7'] });
  const iphone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    await api.untilModelStatus(model.id, 'FINISHED');
    const { viewer_model_url: glb, ar_model_url: usdz } = (await api.model(model.id)) as unknown as {
      viewer_model_url: string;
      ar_model_url: string;
    };
    expect(usdz).toBe(glb.replace(/\.glb$/, '.usdz'));

    // On a computer: the QR code of the AR page, which reads back as the address shown under it.
    await page.goto(`/projects/models/overview/${model.id}`);
    await expect(page.locator('.viewer')).toHaveAttribute('data-state', 'ready', VIEWER_READY);
    const button = page.getByRole('button', { name: 'View in your room' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: `View ${name} in your room` });
    const code = dialog.getByRole('img', { name: 'QR code of the AR page' });
    await expect(code).toBeVisible();
    const address = await dialog.getByRole('link').textContent();
    const uuid = /\/converted\/project_models\/([0-9a-f-]{36})\.glb$/.exec(glb)![1];
    expect(address).toBe(`${new URL(page.url()).origin}/ar/project_models/${uuid}`);
    const shot = await sharp(await code.screenshot())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(shot.data), shot.info.width, shot.info.height);
    expect(read?.data, 'the QR code reads as the address').toBe(address);
    expect(await seriousViolationsWithin(page, '[role="dialog"]'), 'the AR dialog: axe').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();

    // An Android phone, without an account: Scene Viewer with the glb, in AR.
    const phone = await android.newPage();
    await phone.goto(address!);
    await expect(phone.getByRole('heading', { name: 'View in your room', level: 1 })).toBeVisible();
    const launch = phone.getByRole('link', { name: 'Place in your room' });
    const intent = (await launch.getAttribute('href'))!;
    expect(intent).toMatch(/^intent:\/\/arvr\.google\.com\/scene-viewer\/1\.0\?/);
    expect(intent).toContain(';package=com.google.ar.core;');
    const query = new URLSearchParams(intent.slice(intent.indexOf('?') + 1, intent.indexOf('#')));
    expect(query.get('mode')).toBe('ar_preferred');
    // Scene Viewer fetches the glb itself, without the session: the phone's page, signed in nowhere, does the same.
    expect(await fetchedFile(phone, query.get('file')!)).toEqual({
      type: 'model/gltf-binary',
      start: 'glTF',
    });
    await expectAccessibleAtBothWidths(phone, 'the AR page on Android');

    // An iPhone: the picture is the link into AR Quick Look with the USDZ.
    await iphone.addInitScript(() => {
      const supports = DOMTokenList.prototype.supports;
      DOMTokenList.prototype.supports = function (token: string) {
        return token === 'ar' || supports.call(this, token);
      };
    });
    const ios = await iphone.newPage();
    await ios.goto(address!);
    const quickLook = ios.getByRole('link', { name: 'Place the model in your room' });
    await expect(quickLook).toHaveAttribute('rel', 'ar');
    await expect(quickLook.locator('> img')).toHaveCount(1);
    // A USDZ is a zip whose first file is the scene's layer.
    expect(await fetchedFile(ios, (await quickLook.getAttribute('href'))!, 30, 40)).toEqual({
      type: 'model/vnd.usdz+zip',
      start: 'model.usda',
    });

    // A computer opening the page is told it is one for a phone; an address of no model says so.
    await page.goto(address!);
    await expect(page.getByText('Open this page on an iPhone, iPad or Android phone')).toBeVisible();
    await page.goto('/ar/project_models/not-a-model');
    await expect(page.getByRole('alert')).toContainText('This AR link is not valid.');
  } finally {
    await android.close();
    await iphone.close();
    await api.deleteModel(model.id);
  }
});

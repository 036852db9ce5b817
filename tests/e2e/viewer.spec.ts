/**
 * The 3D viewer in real Chromium (issue 28; WebGL 2 through SwiftShader, playwright.config.ts): a seeded model's
 * overview whose detail answer is given a viewer file, a red cube made here with glTF-Transform and compressed
 * the way the processing optimizes models (EXT_meshopt_compression with KHR_mesh_quantization), served by request
 * interception. The canvas shows the cube (its colour at the centre, the background at the corners, read from a
 * screenshot with sharp); the keyboard orbits, zooms and fits on the focused stage; Wireframe toggles
 * `aria-pressed` and the picture; Fit to view and Reset view bring the framing back; nothing is drawn while idle;
 * the statistics panel and full screen work; axe finds no serious violation. A material's overview shows its
 * base-colour map on a sphere. Screenshots at 1440 and 390 px, in English and Dutch, are saved under
 * test-results/screenshots/ for a person to look at.
 */
import { Document, Logger, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { meshopt } from '@gltf-transform/functions';
import { type APIRequestContext, expect, type Locator, type Page, test } from './support/test';
import { MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';
import { CUBE_STATISTICS } from '../fixtures/cube-statistics';
import { resized, seriousViolations, settled } from './support/axe';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { englishOnDutchScreen, sidewaysScroll } from './support/screen-checks';
import {
  DESKTOP,
  localeOf,
  reviewScreenshot,
  SCREEN_VARIANTS,
  SCREENSHOT_REVIEW,
} from './support/screen-variants';
import { VIEWER_READY, VIEWER_TEST_VIEWPORT } from './support/no-webgl';
import { difference, type Picture } from './support/pictures';

const CUBE_URL = () => `${origin()}/api/v2/files/e2e-viewer/red-cube.glb`;
const TEXTURE_URL = () => `${origin()}/api/v2/files/e2e-viewer/blue-checker.png`;

/** A unit cube with flat faces in a red, non-metallic material, compressed like an optimized model. */
async function redCube(): Promise<Uint8Array> {
  const document = new Document().setLogger(new Logger(Logger.Verbosity.WARN));
  const buffer = document.createBuffer();
  const faces: Array<[number[], number[], number[]]> = [
    // normal, and the two axes spanning the face
    [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [0, 1, 0],
      [1, 0, 0],
    ],
  ];
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (const [normal, u, v] of faces) {
    const start = positions.length / 3;
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ]) {
      for (let axis = 0; axis < 3; axis += 1)
        positions.push(0.5 * (normal[axis] + a * u[axis] + b * v[axis]));
      normals.push(...normal);
    }
    indices.push(start, start + 1, start + 2, start, start + 2, start + 3);
  }
  const primitive = document
    .createPrimitive()
    .setAttribute(
      'POSITION',
      document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer),
    )
    .setAttribute(
      'NORMAL',
      document.createAccessor().setType('VEC3').setArray(new Float32Array(normals)).setBuffer(buffer),
    )
    .setIndices(
      document.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer),
    )
    .setMaterial(
      document
        .createMaterial('Red')
        .setBaseColorFactor([0.8, 0.02, 0.02, 1])
        .setMetallicFactor(0)
        .setRoughnessFactor(0.6),
    );
  const node = document.createNode('Cube').setMesh(document.createMesh('Cube').addPrimitive(primitive));
  document.createScene('Scene').addChild(node);
  await MeshoptEncoder.ready;
  await document.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
  const io = new NodeIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
  return io.writeBinary(document);
}

/** A 256 px blue-and-white checkerboard (8 squares a side). */
function blueChecker(): Promise<Buffer> {
  const size = 256;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      const blue = (Math.floor(x / 32) + Math.floor(y / 32)) % 2 === 0;
      pixels.set(blue ? [20, 60, 220] : [235, 240, 250], (y * size + x) * 3);
    }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/** The first record of one of alice's company's lists (seeded). */
async function firstOf<T>(request: APIRequestContext, collection: string): Promise<T> {
  const { access_token: token } = await sharedSession('alice');
  const response = await request.get(`${API}/${collection}?per_page=1`, {
    headers: apiHeaders('acme', token),
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: T[] };
  expect(body.data.length, `a seeded record of ${collection}`).toBeGreaterThan(0);
  return body.data[0];
}

/** A seeded model of alice's company, by its id. */
const seededModelId = async (request: APIRequestContext) =>
  (await firstOf<{ id: number }>(request, 'projects/models')).id;

/**
 * Ends a test's routes: the page may still ask for the model again (a live update) while the test ends, and a
 * route answering it then would ask the server through a request context already gone.
 */
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

/**
 * Answers a request of the page with the server's own answer to it, changed: asked from here (Node does not
 * resolve `*.localhost`, so the call goes to 127.0.0.1 with the company's host and the page's token).
 */
async function answerChanged(
  request: APIRequestContext,
  path: string,
  change: (data: Record<string, unknown>) => Record<string, unknown>,
) {
  const { access_token: token } = await sharedSession('alice');
  const response = await request.get(`${API}${path}`, { headers: apiHeaders('acme', token) });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: Record<string, unknown> };
  return { json: { ...body, data: change(body.data) } };
}

/** The model's detail answers, finished, with the cube as its viewer file; the cube is served too. */
async function serveCube(page: Page, request: APIRequestContext, modelId: number) {
  const glb = Buffer.from(await redCube());
  await page.route(CUBE_URL(), (route) => route.fulfill({ body: glb, contentType: 'model/gltf-binary' }));
  await page.route(
    (url) => url.pathname === `/api/v2/projects/models/${modelId}`,
    async (route) =>
      route.fulfill(
        await answerChanged(request, `/projects/models/${modelId}`, (data) => ({
          ...data,
          status: 'FINISHED',
          status_color: '#52c41a',
          viewer_model_url: CUBE_URL(),
          statistics: CUBE_STATISTICS,
        })),
      ),
  );
}

/** What the stage draws, as raw RGB pixels: without the overlays (toolbar, tooltips, statistics, focus ring). */
async function picture(stage: Locator): Promise<Picture> {
  await idle(stage);
  const shot = await stage.screenshot({
    animations: 'disabled',
    style:
      '.viewer__toolbar, .viewer__panel { visibility: hidden } .viewer__stage { box-shadow: none !important }',
  });
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

const pixel = (shot: Picture, x: number, y: number) => {
  const offset = (Math.round(y) * shot.width + Math.round(x)) * 3;
  return [shot.data[offset], shot.data[offset + 1], shot.data[offset + 2]] as const;
};
const isRed = ([r, g, b]: readonly number[]) => r > 90 && r > 2 * g && r > 2 * b;
const isBlue = ([r, g, b]: readonly number[]) => b > 90 && b > 1.6 * r && b > 1.2 * g;
/** Light grey: the frame's background. */
const isBackground = ([r, g, b]: readonly number[]) =>
  Math.min(r, g, b) > 170 && Math.max(r, g, b) - Math.min(r, g, b) < 30;

/** The share of the picture's pixels that are red. */
function redShare(shot: Picture): number {
  let red = 0;
  for (let offset = 0; offset < shot.data.length; offset += 3)
    if (isRed([shot.data[offset], shot.data[offset + 1], shot.data[offset + 2]])) red += 1;
  return red / (shot.width * shot.height);
}

/** The middle of the rightmost section handle in a picture (the handles are the portal's blue), in CSS pixels. */
function rightmostHandle(shot: Picture): { x: number; y: number } {
  const blue: Array<[number, number]> = [];
  for (let y = 0; y < shot.height; y++)
    for (let x = 0; x < shot.width; x++) {
      const at = (y * shot.width + x) * 3;
      const [r, g, b] = [shot.data[at], shot.data[at + 1], shot.data[at + 2]];
      if (b > 200 && r < 90 && g > 80 && g < 170) blue.push([x, y]);
    }
  expect(blue.length, 'the handles show').toBeGreaterThan(0);
  const right = Math.max(...blue.map(([x]) => x));
  const near = blue.filter(([x]) => x > right - 12);
  const top = Math.min(...near.map(([, y]) => y));
  const blob = near.filter(([, y]) => Math.abs(y - top) < 30);
  return {
    x: blob.reduce((sum, [x]) => sum + x, 0) / blob.length,
    y: blob.reduce((sum, [, y]) => sum + y, 0) / blob.length,
  };
}

const corners = (shot: Picture) => {
  const inset = 6;
  return [
    pixel(shot, inset, inset),
    pixel(shot, shot.width - inset, inset),
    pixel(shot, inset, shot.height - inset),
    pixel(shot, shot.width - inset, shot.height - inset),
  ];
};

/**
 * Waits until the viewer has drawn and draws no more: three of the browser's animation frames pass without a
 * render. The render loop draws in the animation frame after a change and only then (the tests run with reduced
 * motion, so the camera has no damping to settle), so a change made before this call is drawn by its first frame.
 */
async function idle(stage: Locator) {
  await stage.locator('canvas').evaluate(
    (canvas) =>
      new Promise<void>((done) => {
        let last = -1;
        let still = 0;
        const check = () => {
          const frames = Number(canvas.getAttribute('data-frames'));
          still = frames > 0 && frames === last ? still + 1 : 0;
          last = frames;
          if (still >= 3) done();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** The overview of the model with the viewer ready. */
async function openViewer(page: Page, modelId: number, query = ''): Promise<Locator> {
  await page.goto(`/projects/models/overview/${modelId}${query}`);
  await expect(page.locator('.viewer')).toHaveAttribute('data-state', 'ready', VIEWER_READY);
  return page.locator('.viewer__stage');
}

test.describe('the model viewer', () => {
  // Software WebGL draws every pixel on the CPU: the behaviour tests use a small desktop frame; the layouts at
  // 1440 and 390 px are checked at the end of the first test and in the Dutch phone test below.
  test.use({ viewport: VIEWER_TEST_VIEWPORT });
  test.slow();

  test('shows the model, follows the keyboard and its tools, and draws only on change', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const modelId = await seededModelId(request);
    await serveCube(page, request, modelId);
    await openViewer(page, modelId);
    const name = await page.getByRole('heading', { level: 1 }).innerText();
    const stage = page.getByRole('group', { name: `3D view of ${name}` });
    await expect(stage).toHaveAttribute('aria-roledescription', '3D viewer');
    await expect(stage).toHaveAccessibleDescription(/arrow keys orbit/);
    // The preview with its loading indicator is gone; the toolbar is there.
    await expect(page.getByText('Loading 3D view...')).toHaveCount(0);
    const tools = page.getByRole('group', { name: '3D view controls' });
    expect(
      await tools
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
    ).toEqual([
      'Fit to view',
      'Reset view',
      'Wireframe',
      'Measure distance',
      'Section',
      // Alice may comment on models; everyone sees the saved viewpoints (issue 45, comments.spec.ts).
      'Comment',
      'Viewpoints',
      'Statistics',
      'Full screen',
    ]);

    // The cube at the centre, the background at the corners.
    const first = await picture(stage);
    expect(isRed(pixel(first, first.width / 2, first.height / 2)), 'the centre is the cube').toBe(true);
    for (const corner of corners(first)) expect(isBackground(corner), `corner ${corner}`).toBe(true);
    const framed = redShare(first);
    expect(framed).toBeGreaterThan(0.08);

    // Idle, nothing is drawn: twenty of the browser's animation frames pass without a render of the viewer.
    const frames = await stage.locator('canvas').getAttribute('data-frames');
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let left = 20;
          const next = () => (--left ? requestAnimationFrame(next) : resolve());
          requestAnimationFrame(next);
        }),
    );
    await expect(stage.locator('canvas')).toHaveAttribute('data-frames', frames!);

    // Keyboard focus on the stage shows the focus ring; an arrow key orbits.
    await tools.getByRole('button', { name: 'Fit to view' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(stage).toBeFocused();
    expect(await stage.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe('none');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const orbited = await picture(stage);
    expect(difference(first, orbited), 'the arrow key turned the view').toBeGreaterThan(0.01);
    expect(isRed(pixel(orbited, orbited.width / 2, orbited.height / 2))).toBe(true);

    // Reset view: the opening picture again.
    await tools.getByRole('button', { name: 'Reset view' }).click();
    expect(difference(first, await picture(stage)), 'reset brings the first view back').toBeLessThan(0.005);

    // Zoomed in (+), the cube fills the view; Fit to view frames it again from where the camera looks.
    await stage.focus();
    for (let step = 0; step < 8; step += 1) await page.keyboard.press('+');
    const close = await picture(stage);
    expect(redShare(close)).toBeGreaterThan(framed * 2);
    await tools.getByRole('button', { name: 'Fit to view' }).click();
    const fitted = await picture(stage);
    expect(Math.abs(redShare(fitted) - framed), 'fit frames the cube as it opened').toBeLessThan(
      framed * 0.25,
    );
    for (const corner of corners(fitted)) expect(isBackground(corner)).toBe(true);

    // Wireframe: a toggle that draws the edges only; W on the stage switches it back.
    const wireframe = tools.getByRole('button', { name: 'Wireframe' });
    await expect(wireframe).toHaveAttribute('aria-pressed', 'false');
    await wireframe.click();
    await expect(wireframe).toHaveAttribute('aria-pressed', 'true');
    const lines = await picture(stage);
    expect(difference(fitted, lines)).toBeGreaterThan(0.02);
    expect(redShare(lines)).toBeLessThan(framed / 2);
    await stage.focus();
    await page.keyboard.press('w');
    await expect(wireframe).toHaveAttribute('aria-pressed', 'false');
    expect(difference(fitted, await picture(stage))).toBeLessThan(0.005);

    // Shift+arrow pans: the cube leaves the centre; R resets.
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('Shift+ArrowLeft');
    const panned = await picture(stage);
    expect(difference(first, panned)).toBeGreaterThan(0.02);
    await page.keyboard.press('r');
    expect(difference(first, await picture(stage))).toBeLessThan(0.005);

    // The statistics, as the detail carries them.
    const statistics = tools.getByRole('button', { name: 'Statistics' });
    await statistics.click();
    await expect(statistics).toHaveAttribute('aria-pressed', 'true');
    const panel = page.getByRole('region', { name: 'Model statistics' });
    await expect(panel).toContainText('Triangles12');
    await expect(panel).toContainText('Size (W × H × D)1 × 1 × 1 m');
    await expect(panel).toContainText('Optimized glTF1.2 kB (98% smaller)');

    // Full screen on the viewer's frame, and back.
    await tools.getByRole('button', { name: 'Full screen' }).click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.classList.contains('viewer') ?? false))
      .toBe(true);
    await tools.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    await expect(tools.getByRole('button', { name: 'Full screen' })).toBeVisible();

    expect(await seriousViolations(page)).toEqual([]);

    // At 1440 px with the statistics open, nothing makes the page scroll sideways (the English desktop variant of
    // the screen checks; the Dutch phone one is its own test below).
    await resized(page, DESKTOP);
    await idle(stage);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });

  test("measures a known distance: the cube's diagonal, snapped from corner to corner, in the reader's unit", async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const modelId = await seededModelId(request);
    await serveCube(page, request, modelId);
    const stage = await openViewer(page, modelId);
    const tools = page.getByRole('group', { name: '3D view controls' });
    const measure = tools.getByRole('button', { name: 'Measure distance' });
    await measure.click();
    await expect(measure).toHaveAttribute('aria-pressed', 'true');
    const distance = page.getByTestId('viewer-distance');
    await expect(distance).toHaveText('Click a point on the model.');
    // Zoomed out, the cube's corners stay clear of the toolbar below and of the panel above.
    await stage.focus();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('-');

    // Seen from above, front and right, the cube's highest point on screen is the far corner of its top and its
    // lowest the near corner of its bottom: opposite corners, √3 m apart. A click a few pixels inside each snaps
    // to the corner.
    const shot = await picture(stage);
    let top = { x: 0, y: Infinity };
    let bottom = { x: 0, y: -Infinity };
    for (let y = 0; y < shot.height; y += 1)
      for (let x = 0; x < shot.width; x += 1) {
        if (!isRed(pixel(shot, x, y))) continue;
        if (y < top.y) top = { x, y };
        if (y > bottom.y) bottom = { x, y };
      }
    const box = (await stage.boundingBox())!;
    await page.mouse.click(box.x + top.x, box.y + top.y + 4);
    await expect(distance).toHaveText('Click a second point.');
    await page.mouse.click(box.x + bottom.x, box.y + bottom.y - 4);
    await expect(distance).toHaveText(/, from a corner to a corner$/);
    const metres = Number(/^([\d.]+) m/.exec((await distance.textContent()) ?? '')?.[1]);
    expect(Math.abs(metres - Math.sqrt(3)) / Math.sqrt(3)).toBeLessThan(0.01);

    // The unit is the reader's choice, kept for the next visit; Escape clears the points.
    await page.getByLabel('Unit').selectOption('mm');
    await expect(distance).toHaveText(/^1,?732\.\d mm/);
    await stage.focus();
    await page.keyboard.press('Escape');
    await expect(distance).toHaveText('Click a point on the model.');
    await page.reload();
    await expect(page.locator('.viewer')).toHaveAttribute('data-state', 'ready', VIEWER_READY);
    await stage.focus();
    await page.keyboard.press('m');
    await expect(page.getByLabel('Unit')).toHaveValue('mm');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('cuts the model: the far half goes, a cut facing the camera shows as a solid face, and it comes back whole', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const modelId = await seededModelId(request);
    await serveCube(page, request, modelId);
    const stage = await openViewer(page, modelId);
    const whole = await picture(stage);
    await page
      .getByRole('group', { name: '3D view controls' })
      .getByRole('button', { name: 'Section' })
      .click();
    const panel = page.getByRole('group', { name: 'Section' });

    // The back half cut away: seen from the front the cube keeps its front face, and its top and side are half as
    // deep.
    await panel.getByLabel('Cut from the back').fill('50');
    await expect(panel.getByLabel('Cut from the back')).toHaveAttribute('aria-valuetext', '50 %');
    const halved = await picture(stage);
    expect(redShare(halved)).toBeLessThan(redShare(whole) * 0.85);
    expect(redShare(halved)).toBeGreaterThan(redShare(whole) * 0.4);

    // Two sides never cross: the front can be cut only as far as the back leaves.
    await panel.getByLabel('Cut from the front').fill('80');
    await expect(panel.getByLabel('Cut from the front')).toHaveValue('49');

    // The front half cut away instead: the cut faces the camera, capped in grey rather than hollow.
    await panel.getByRole('button', { name: 'Show the whole model' }).click();
    await panel.getByLabel('Cut from the front').fill('50');
    const opened = await picture(stage);
    let capped = 0;
    for (let offset = 0; offset < opened.data.length; offset += 3) {
      const [r, g, b] = [opened.data[offset], opened.data[offset + 1], opened.data[offset + 2]];
      if (Math.abs(r - 140) < 16 && Math.abs(g - 149) < 16 && Math.abs(b - 163) < 16) capped += 1;
    }
    expect(capped / (opened.width * opened.height)).toBeGreaterThan(0.01);

    await panel.getByRole('button', { name: 'Show the whole model' }).click();
    const shown = await picture(stage);
    expect(Math.abs(redShare(shown) - redShare(whole))).toBeLessThan(redShare(whole) * 0.05);

    // A side's handle dragged in the scene cuts that side as its slider does: the rightmost, pulled to the middle.
    const handle = rightmostHandle(shown);
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + handle.x, box.y + handle.y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
    const sliders = panel.getByRole('slider');
    const cut = (
      await sliders.evaluateAll((inputs) => inputs.map((input) => Number((input as HTMLInputElement).value)))
    ).filter((value) => value > 0);
    expect(cut, 'one side cut').toHaveLength(1);
    expect(cut[0]).toBeGreaterThan(15);
    expect(cut[0]).toBeLessThan(85);
    expect(redShare(await picture(stage))).toBeLessThan(redShare(whole) * 0.9);

    // Closing the tool takes its handles and cuts away: the model as it was, the camera where it was (dragging a
    // handle does not orbit).
    await page
      .getByRole('group', { name: '3D view controls' })
      .getByRole('button', { name: 'Section' })
      .click();
    expect(difference(whole, await picture(stage))).toBeLessThan(0.005);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('lights with plain lights without a GPU, and with the studio environment where WebGL has one', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const modelId = await seededModelId(request);
    await serveCube(page, request, modelId);
    // This browser draws with SwiftShader: the environment's shaders would hold the page for seconds (issue 44).
    const stage = await openViewer(page, modelId);
    await expect(stage.locator('canvas')).toHaveAttribute('data-lighting', 'simple');
    const plain = await picture(stage);
    expect(isRed(pixel(plain, plain.width / 2, plain.height / 2)), 'the centre is the cube').toBe(true);

    // A WebGL that names a GPU gets the image-based lighting, and the cube shows the same.
    await page.addInitScript(() => {
      const UNMASKED_RENDERER = 0x9246;
      for (const prototype of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
        const read = prototype.getParameter;
        prototype.getParameter = function (this: WebGLRenderingContext, parameter: number) {
          return parameter === UNMASKED_RENDERER || parameter === this.RENDERER
            ? 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0)'
            : (read.call(this, parameter) as unknown);
        } as typeof prototype.getParameter;
      }
    });
    const lit = await openViewer(page, modelId);
    await expect(lit.locator('canvas')).toHaveAttribute('data-lighting', 'image-based');
    const studio = await picture(lit);
    expect(isRed(pixel(studio, studio.width / 2, studio.height / 2)), 'the centre is the cube').toBe(true);
  });

  test('keeps the preview with a note when the file cannot be loaded', async ({ page, context, request }) => {
    await signedInAs(context, 'alice');
    const modelId = await seededModelId(request);
    await serveCube(page, request, modelId);
    await page.route(CUBE_URL(), (route) => route.fulfill({ status: 404, body: 'missing' }));
    await page.goto(`/projects/models/overview/${modelId}`);
    await expect(page.locator('.viewer')).toHaveAttribute('data-state', 'failed');
    await expect(
      page.getByRole('status').filter({ hasText: 'The 3D view could not be loaded.' }),
    ).toBeVisible();
    await expect(page.locator('.viewer canvas')).toBeHidden();
  });

  test("shows a material's base-colour map on a sphere", async ({ page, context, request }) => {
    await signedInAs(context, 'alice');
    const material = await firstOf<{ name: string }>(request, 'materials');
    const png = await blueChecker();
    await page.route(TEXTURE_URL(), (route) => route.fulfill({ body: png, contentType: 'image/png' }));
    await page.route(
      (url) => url.pathname === `/api/v2/materials/${encodeURIComponent(material.name)}`,
      async (route) =>
        route.fulfill(
          await answerChanged(request, `/materials/${encodeURIComponent(material.name)}`, (data) => ({
            ...data,
            viewer_texture_url: TEXTURE_URL(),
          })),
        ),
    );
    await page.goto(`/materials/overview/${encodeURIComponent(material.name)}`);
    await expect(page.locator('.viewer')).toHaveAttribute('data-state', 'ready', VIEWER_READY);
    const stage = page.getByRole('group', { name: `3D view of the material ${material.name} on a sphere` });
    const shot = await picture(stage);
    // The checkerboard's blue on the sphere around the centre, the background at the corners.
    let blue = 0;
    for (let dx = -40; dx <= 40; dx += 8)
      for (let dy = -40; dy <= 40; dy += 8)
        if (isBlue(pixel(shot, shot.width / 2 + dx, shot.height / 2 + dy))) blue += 1;
    expect(blue, 'blue squares on the sphere').toBeGreaterThan(10);
    for (const corner of corners(shot)) expect(isBackground(corner)).toBe(true);
    // No statistics for a material.
    await expect(page.getByRole('button', { name: 'Statistics' })).toHaveCount(0);
    await reviewScreenshot(() =>
      page.screenshot({
        path: 'test-results/screenshots/viewer-material-en-desktop.png',
        fullPage: true,
      }),
    );
  });
});

test.describe('the viewer as it looks', () => {
  test.slow();
  // English at desktop width is checked at the end of the first test above (same page, resized); the review
  // (SCREENSHOT_REVIEW) takes every variant's screenshots.
  for (const { size, viewport, language } of SCREEN_VARIANTS.filter(
    (variant) => SCREENSHOT_REVIEW || !(variant.language === 'en' && variant.size === 'desktop'),
  )) {
    test.describe(`${language} at ${viewport.width} px`, () => {
      test.use({ viewport, locale: localeOf(language) });

      test(`the model overview with the viewer (${language}, ${size})`, async ({
        page,
        context,
        request,
      }) => {
        await signedInAs(context, 'alice');
        const modelId = await seededModelId(request);
        await serveCube(page, request, modelId);
        const stage = await openViewer(page, modelId, `?lng=${language}`);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await idle(stage);
        await settled(page);
        await reviewScreenshot(() =>
          page.screenshot({
            path: `test-results/screenshots/viewer-${language}-${size}.png`,
            fullPage: true,
          }),
        );
        // The frame with the statistics open and the pointer on a tool (its tooltip showing).
        await page.getByRole('button', { name: language === 'nl' ? 'Statistieken' : 'Statistics' }).click();
        await idle(stage);
        await reviewScreenshot(() =>
          page.locator('.viewer').screenshot({
            path: `test-results/screenshots/viewer-${language}-${size}-statistics.png`,
          }),
        );
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        if (language === 'nl') expect(await englishOnDutchScreen(page)).toEqual([]);
      });
    });
  }
});

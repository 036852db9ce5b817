/**
 * Versions of a model in Chromium against the contract server (issue 45): a new file chosen on the edit form, with
 * its note, becomes version 2 while version 1 stays listed; an earlier version opens in the overview's viewer (a
 * notice says so and leads back, the focus following); restoring version 1 after its confirmation makes version 3;
 * a note without a file is refused under its field; a viewer sees the versions but cannot restore; a shown or
 * compared version is in the address; axe finds nothing serious at either width.
 */
import sharp from 'sharp';
import { cube } from '../server/fbx-fixtures';
import { expect, type Locator, test } from './support/test';
import { seriousViolations } from './support/axe';
import { origin, signedInAs } from './support/portal';
import { fbxFile, projectsApi, uniqueName } from './support/projects-api';
import { VIEWER_READY, VIEWER_TEST_VIEWPORT, withoutWebGL } from './support/no-webgl';
import { PHONE } from './support/screen-variants';

const PROJECT = 'Dune Pavilion';

test('a new file makes version 2; version 1 is viewed and restored as version 3', async ({
  page,
  context,
  request,
}) => {
  await signedInAs(context, 'alice');
  await withoutWebGL(page);
  const api = await projectsApi(request);
  const project = await api.findProject(PROJECT);
  const name = uniqueName('E2E Versions');
  const model = await api.createModel(name, project.id);
  try {
    await api.untilModelStatus(model.id, 'FINISHED');
    await page.goto(`/projects/models/edit/${model.id}`);

    // A note without a new file would be lost: the server refuses it under its field.
    await page.getByLabel('Version note').fill('Longer legs');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('A version note goes with a new file: choose the file too.')).toBeVisible();

    await page.locator('input[type="file"]').setInputFiles(fbxFile(`${name} longer.fbx`, 6_000));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/models/overview/${model.id}$`));
    await api.untilModelStatus(model.id, 'FINISHED');

    const versions = page.getByRole('region', { name: 'Versions' });
    const second = page.getByTestId('model-version-2');
    const first = page.getByTestId('model-version-1');
    await expect(second).toContainText('Current');
    await expect(second).toContainText('Longer legs');
    await expect(second).toContainText(`${name} longer.fbx`);
    await expect(first).toContainText(`${name}.fbx`);
    await expect(first).toContainText('12 triangles');

    // Version 1 in the viewer: the notice takes the focus and leads back.
    await versions.getByRole('button', { name: 'View in 3D: version 1' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/models/overview/${model.id}\\?version=1$`));
    const notice = page.getByRole('status').filter({ hasText: 'The viewer shows version 1' });
    await expect(notice).toHaveText(/not the current version 2/);
    await expect(notice).toBeFocused();
    await expect(page.locator('.viewer img')).toHaveAttribute('alt', new RegExp(`${name} · Version 1`));
    await expect(first).toContainText('In the viewer');
    await notice.getByRole('button', { name: 'Back to the current version' }).click();
    await expect(notice).toBeHidden();
    await expect(versions.getByRole('button', { name: 'View in 3D: version 1' })).toBeFocused();

    // Restoring version 1 makes version 3, after the confirmation.
    await versions.getByRole('button', { name: 'Restore version 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmation' });
    await expect(dialog).toContainText('Restore version 1? It becomes version 3');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Version 1 restored as version 3.')).toBeVisible();
    const third = page.getByTestId('model-version-3');
    await expect(third).toContainText('Current');
    await expect(third).toContainText('Restored from version 1');
    await expect(third).toContainText(`${name}.fbx`);
    await expect(page.getByTestId('model-version-2')).not.toContainText('Current');
    await expect(page.getByRole('button', { name: 'Download original file', exact: true })).toBeVisible();

    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await expect(third).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await api.deleteModel(model.id);
  }
});

test('a viewer sees the versions but restores none', async ({ page, context, request }) => {
  const api = await projectsApi(request);
  const project = await api.findProject(PROJECT);
  const name = uniqueName('E2E Versions viewer');
  const model = await api.createModel(name, project.id);
  try {
    await api.untilModelStatus(model.id, 'FINISHED');
    await api.replaceModelFile(model.id, `${name} v2.fbx`, 'Second');
    await signedInAs(context, 'bob');
    await withoutWebGL(page);
    // bob holds no authoring licence: he sees models on the customer portal.
    await page.goto(`${origin('customerportal-acme')}/projects/models/overview/${model.id}`);
    const versions = page.getByRole('region', { name: 'Versions' });
    await expect(versions.getByTestId('model-version-2')).toContainText('Current');
    await expect(versions.getByTestId('model-version-2')).toContainText('Second');
    await expect(versions.getByRole('button', { name: 'Download original file, version 1' })).toBeVisible();
    await expect(versions.getByRole('button', { name: /Restore/ })).toHaveCount(0);
  } finally {
    await api.deleteModel(model.id);
  }
});

/** The cube of version 1 with a second, blue cube beside it: version 2 adds one mesh of 12 triangles. */
function cubeAndAnother() {
  const { scene } = cube();
  return {
    ...scene,
    nodes: [
      ...scene.nodes,
      { ...scene.nodes[0], name: 'Second cube', translation: [-50, 25, 30] as [number, number, number] },
    ],
  };
}

/** Resolves once the viewer has drawn and then drawn no more for a few frames. */
async function drawnAndStill(viewer: Locator, after = 0) {
  await expect(viewer).toHaveAttribute('data-state', 'ready', VIEWER_READY);
  await viewer.locator('canvas').evaluate(
    (canvas, previous) =>
      new Promise<void>((done) => {
        let last = -1;
        let still = 0;
        const check = () => {
          const frames = Number(canvas.getAttribute('data-frames'));
          still = frames > previous && frames === last ? still + 1 : 0;
          last = frames;
          if (still >= 3) done();
          else requestAnimationFrame(check);
        };
        check();
      }),
    after,
  );
}

const framesOf = async (viewer: Locator) =>
  Number(await viewer.locator('canvas').getAttribute('data-frames'));

/** The share of the viewer's pixels in the difference view's green (an added mesh). */
async function greenShare(viewer: Locator): Promise<number> {
  const shot = await viewer.screenshot({ style: '.viewer__toolbar { visibility: hidden }' });
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let green = 0;
  for (let offset = 0; offset < data.length; offset += 3)
    if (
      data[offset + 1] > 80 &&
      data[offset + 1] > 1.4 * data[offset] &&
      data[offset + 1] > 1.3 * data[offset + 2]
    )
      green += 1;
  return green / (info.width * info.height);
}

test('two versions side by side: one camera, what changed counted and coloured', async ({
  page,
  context,
  request,
}) => {
  // Software WebGL draws both models on the CPU.
  test.slow();
  await signedInAs(context, 'alice');
  await page.setViewportSize({ ...VIEWER_TEST_VIEWPORT, height: 1400 });
  const api = await projectsApi(request);
  const project = await api.findProject(PROJECT);
  const name = uniqueName('E2E Compare');
  const model = await api.createModel(name, project.id);
  try {
    await api.untilModelStatus(model.id, 'FINISHED');
    await api.replaceModelFile(model.id, `${name} two.fbx`, 'A second cube', cubeAndAnother());
    await api.untilModelStatus(model.id, 'FINISHED');
    await page.goto(`/projects/models/overview/${model.id}`);
    await page.getByRole('button', { name: 'Compare version 1 with the current version' }).click();

    const compare = page.getByRole('region', { name: 'Version 1 and version 2' });
    const older = compare.locator('.viewer').first();
    const newer = compare.locator('.viewer').last();
    await drawnAndStill(older);
    await drawnAndStill(newer);
    await expect(page.getByTestId('model-compare-summary')).toHaveText('1 added; +12 triangles');

    // One camera: a turn of the older view by keyboard turns the newer one too.
    const before = await newer
      .locator('canvas')
      .evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL());
    const newerFrames = await framesOf(newer);
    await older.getByRole('group', { name: new RegExp(`3D view of ${name} · Version 1`) }).focus();
    await page.keyboard.press('ArrowLeft');
    await drawnAndStill(newer, newerFrames);
    const after = await newer
      .locator('canvas')
      .evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL());
    expect(after).not.toBe(before);

    // The difference view: the added cube is green in the newer version, and nothing in the older one is.
    const [olderFrames, newerFramesBefore] = [await framesOf(older), await framesOf(newer)];
    await compare.getByLabel('Show differences').click();
    await expect(compare.getByRole('list', { name: 'Colors of the differences' })).toContainText('Added');
    await drawnAndStill(older, olderFrames);
    await drawnAndStill(newer, newerFramesBefore);
    expect(await greenShare(newer)).toBeGreaterThan(0.005);
    expect(await greenShare(older)).toBe(0);

    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await expect(newer).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The comparison has an address of its own: it opens again from it, and Back leaves it.
    await expect(page).toHaveURL(new RegExp(`/projects/models/overview/${model.id}\\?compare=1$`));
    await page.reload();
    await expect(page.getByTestId('model-compare-summary')).toHaveText('1 added; +12 triangles');
    await page.goBack();
    await expect(compare).toBeHidden();
    await page.goForward();
    await expect(compare).toBeVisible();

    await compare.getByRole('button', { name: 'Close comparison' }).click();
    await expect(compare).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/projects/models/overview/${model.id}$`));
    await expect(
      page.getByRole('button', { name: 'Compare version 1 with the current version' }),
    ).toBeFocused();
  } finally {
    await api.deleteModel(model.id);
  }
});

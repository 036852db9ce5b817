/**
 * Models in the formats designers send, uploaded as a user does (issue 41): real files written by other tools
 * (the shared corpus, ../shared/corpus/formats/, read in place) — a GLB, an OBJ with its MTL and textures in a
 * zip, and a STEP part — dropped on a project's model management page together; each becomes a model that ends
 * Finished, and its overview shows it in the 3D viewer with the format the statistics name.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { signedInAs } from './support/portal';
import { projectsApi, uniqueName } from './support/projects-api';
import { VIEWER_TEST_VIEWPORT } from './support/no-webgl';
import { expect, test } from './support/test';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/formats/', import.meta.url));
const PROJECT = 'Dune Pavilion';
/** A conversion, or the first frame of software WebGL, on a busy machine. */
const SLOW = { timeout: 180_000 };

test('a GLB, an OBJ zip and a STEP file upload together, finish and show in the 3D viewer', async ({
  page,
  context,
  request,
}) => {
  // Three conversions and three viewer starts in software WebGL, beside the other suites on two cores: a bound on
  // a hang, not on speed (no assertion depends on it).
  test.setTimeout(600_000);
  await signedInAs(context, 'alice');
  await page.setViewportSize(VIEWER_TEST_VIEWPORT);
  const api = await projectsApi(request);
  const project = await api.findProject(PROJECT);
  const base = uniqueName('E2E Formats');
  const files = [
    { source: 'BoxTextured.glb', name: `${base} box.glb`, format: 'glTF 2.0, binary', triangles: '12' },
    { source: 'spider_obj_textured.zip', name: `${base} spider.zip`, format: 'OBJ', triangles: '1,368' },
    { source: 'rounded-cube.step', name: `${base} part.step`, format: 'STEP AP214', triangles: '84' },
  ];
  try {
    await page.goto(`/projects/manage/${project.id}`);
    await expect(page.getByRole('heading', { name: 'Manage models', level: 1 })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles(
      await Promise.all(
        files.map(async (file) => ({
          name: file.name,
          mimeType: 'application/octet-stream',
          buffer: await readFile(CORPUS + file.source),
        })),
      ),
    );
    for (const file of files) {
      const row = page.getByRole('row', { name: new RegExp(file.name.replace(/\.\w+$/, '')) });
      // The processing takes what it takes on this machine: the row follows it live to its end.
      await expect(row.locator('.model-status')).toHaveText('Finished', SLOW);
    }
    const created = (await api.models(project.id)).filter((model) => model.name.startsWith(base));
    expect(created).toHaveLength(3);
    for (const file of files) {
      const model = created.find((candidate) => file.name.startsWith(candidate.name))!;
      await page.goto(`/projects/models/overview/${model.id}`);
      await expect(page.locator('.viewer')).toHaveAttribute('data-state', 'ready', SLOW);
      await expect(page.getByRole('group', { name: `3D view of ${model.name}` })).toBeVisible();
      await page.getByRole('button', { name: 'Statistics' }).click();
      const figures = page.getByRole('region', { name: 'Model statistics' });
      await expect(figures).toContainText(`Format${file.format}`);
      await expect(figures).toContainText(`Triangles${file.triangles}`);
    }
  } finally {
    for (const model of (await api.models(project.id)).filter((item) => item.name.startsWith(base)))
      await api.deleteModel(model.id);
  }
});

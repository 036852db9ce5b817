/**
 * The seed's areas are found in server/seed/areas/ rather than listed (server/seed/index.ts): run by their order,
 * named by their file, and a module that is no area or an order taken twice stops the start naming the file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { seedAreas } from '../../server/seed/index';

const SEED_AREA_MODULE = pathToFileURL(join(import.meta.dirname, '../../server/seed/seed-area.ts')).href;
let folder: string | undefined;

/** A folder of area modules, each `[file, order]` (or `[file, null]`: a module whose default export is no area). */
async function areasFolder(modules: Array<[string, number | null]>): Promise<string> {
  folder = await mkdtemp(join(tmpdir(), 'seed-areas-'));
  for (const [file, order] of modules) {
    await writeFile(
      join(folder, file),
      order === null
        ? 'export default { run: async () => {} };\n'
        : `import { defineSeedArea } from '${SEED_AREA_MODULE}';\n` +
            `export default defineSeedArea({ order: ${order}, run: async () => {} });\n`,
    );
  }
  return folder;
}

afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('seed areas', () => {
  it('runs the accounts (companies and users every other area reads) first, each area at an order of its own', async () => {
    const areas = await seedAreas();
    expect(areas[0].name).toBe('accounts');
    expect(new Set(areas.map((area) => area.order)).size).toBe(areas.length);
    expect(areas.map((area) => area.name)).toEqual(
      expect.arrayContaining(['projects', 'libraries', 'reports']),
    );
  });

  it('finds the areas of a folder, named by their files, by order', async () => {
    const areas = await seedAreas(
      await areasFolder([
        ['zebras.ts', 10],
        ['apples.ts', 30],
        ['mangos.ts', 20],
      ]),
    );
    expect(areas.map((area) => [area.name, area.order])).toEqual([
      ['zebras', 10],
      ['mangos', 20],
      ['apples', 30],
    ]);
  });

  it('refuses a module that is no area, and an order taken twice, naming the file', async () => {
    await expect(seedAreas(await areasFolder([['plain.ts', null]]))).rejects.toThrow(
      /plain\.ts: the default export is no defineSeedArea/,
    );
    await rm(folder!, { recursive: true, force: true });
    await expect(
      seedAreas(
        await areasFolder([
          ['first.ts', 10],
          ['second.ts', 10],
        ]),
      ),
    ).rejects.toThrow(/second\.ts: the order 10 is taken by the area 'first'/);
  });
});

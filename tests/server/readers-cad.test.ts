/**
 * The CAD and BIM readers (server/geometry/readers/occt.ts, ifc.ts, rhino.ts) on real files written by other
 * tools (the shared corpus, ../shared/corpus/formats/, never copied into the repository). Each file the corpus
 * expects to convert reads at the standard preset into a document that draws the reference reader's triangle
 * count within the corpus's tolerance, has the file's real size in metres with Y up, keeps the file's colours,
 * and writes as a glb that reads back the same. The damaged STEP file, bytes of another kind under each format's
 * name, cut-off copies of real files and a triangle cap below the file's count each end with their
 * GeometryFailure, never another error (nor a partial document). The presets change the tessellation:
 * draft draws fewer triangles than standard, standard fewer than fine, on curved parts.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Document, getBounds } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeometryFailure } from '../../server/geometry/failures';
import { drawnGeometry } from '../../server/geometry/geometry-statistics';
import { gltfIO } from '../../server/geometry/gltf-io';
import { readIfc } from '../../server/geometry/readers/ifc';
import { readIges, readStep } from '../../server/geometry/readers/occt';
import { readRhino, readRhinoFile } from '../../server/geometry/readers/rhino';
import {
  READER_LIMITS,
  type ModelFormat,
  type SourceReader,
  type TessellationQuality,
} from '../../server/geometry/readers/source-model';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/formats/', import.meta.url));

interface Expected {
  status: 'FINISHED' | 'FAILED';
  triangles: number;
  tolerance: number;
  triangles_unique_geometry?: number;
}
const expected = JSON.parse(readFileSync(join(CORPUS, 'expected.json'), 'utf8')) as Record<string, Expected>;

interface CorpusCase {
  file: string;
  read: SourceReader;
  format: ModelFormat;
  version: string | null;
  encoding: null;
  /** Width, height (up), depth in metres, as the file's own unit and axes give them. */
  size: [number, number, number];
  why: string;
}

const CASES: CorpusCase[] = [
  {
    file: 'rounded-cube.step',
    read: readStep,
    format: 'STEP',
    version: 'AP214',
    encoding: null,
    size: [0.01, 0.01, 0.01],
    why: 'a cube with rounded edges, 0–10 in the file, its unit the millimetre',
  },
  {
    file: 'as1_pe_203.stp',
    read: readStep,
    format: 'STEP',
    version: 'AP203',
    encoding: null,
    size: [5.08, 3.81, 2.2098],
    why: 'the CAX-IF as1 assembly, 200 × 87 × 150 in (its unit is the inch), its 150 in along Z turned to Y',
  },
  {
    file: 'dm1-id-214.stp',
    read: readStep,
    format: 'STEP',
    version: 'AP214',
    encoding: null,
    size: [0.05, 0.1, 0.087],
    why: 'an L bracket with bolts, 50 × 87 × 100 mm, its 100 mm along Z turned to Y',
  },
  {
    file: 'as1_pe_203.igs',
    read: readIges,
    format: 'IGES',
    version: '5.3',
    encoding: null,
    size: [5.08, 3.81, 2.2098],
    why: 'the same as1 assembly written by Open CASCADE as IGES 5.3',
  },
  {
    file: 'Cube 10x10.igs',
    read: readIges,
    format: 'IGES',
    version: '5.3',
    encoding: null,
    size: [0.01, 0.01, 0.01],
    why: 'the 10 mm cube of its name (the global section names the unit MM)',
  },
  {
    file: 'IfcOpenHouse_IFC4.ifc',
    read: readIfc,
    format: 'IFC',
    version: 'IFC4',
    encoding: null,
    size: [20, 13.91, 20],
    why: 'a 10 × 5 m house on a 20 m square site whose terrain and footing go below its ground floor',
  },
  {
    file: 'example.ifc',
    read: readIfc,
    format: 'IFC',
    version: 'IFC2X3',
    encoding: null,
    size: [25.3008, 5.917, 9.742],
    why: 'a Revit house about 25 × 10 m and 6 m high, in millimetres in the file',
  },
  {
    file: 'RhinoLogo.3dm',
    read: readRhino,
    format: '3DM',
    version: '6',
    encoding: null,
    size: [0.0352, 0.02634, 0.00538],
    why: "Rhino's logo, 35 × 5 × 26 mm in the file (millimetres), its 26 mm along Z turned to Y",
  },
  {
    file: 'mesh.3dm',
    read: readRhino,
    format: '3DM',
    version: '8',
    encoding: null,
    size: [0.05025, 0.05025, 0.05025],
    why: 'a sphere mesh of radius 25.1 mm (millimetres)',
  },
];

const limits = (quality: TessellationQuality = 'standard', maxTriangles = READER_LIMITS.maxTriangles) => ({
  maxTriangles,
  quality,
});
const inputOf = (path: string, quality?: TessellationQuality, maxTriangles?: number) => ({
  path,
  folder: CORPUS,
  scratch: tmpdir(),
  limits: limits(quality, maxTriangles),
});
const corpusInput = (file: string, quality?: TessellationQuality, maxTriangles?: number) =>
  inputOf(join(CORPUS, file), quality, maxTriangles);

/** The reading's failure, or null when it gave a document. */
async function failureOf(reading: Promise<unknown>): Promise<GeometryFailure | null> {
  try {
    await reading;
    return null;
  } catch (error) {
    if (error instanceof GeometryFailure) return error;
    throw error;
  }
}

const sizeOf = (document: Document): number[] => {
  const scene = document.getRoot().getDefaultScene();
  if (!scene) throw new Error('no default scene');
  const { min, max } = getBounds(scene);
  return max.map((value, axis) => value - min[axis]);
};

const expectSize = (actual: number[], size: number[]) =>
  actual.forEach((value, axis) =>
    expect(Math.abs(value - size[axis])).toBeLessThanOrEqual(size[axis] * 0.01 + 1e-4),
  );

const baseColors = (document: Document) =>
  document
    .getRoot()
    .listMaterials()
    .map((material) => material.getBaseColorFactor().map((value) => Math.round(value * 1000) / 1000));

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'readers-cad-test-'));
});
afterAll(() => (scratch ? rm(scratch, { recursive: true, force: true }) : undefined));

describe('each corpus file the corpus expects to convert', () => {
  it('lists every CAD and BIM file of the corpus', () => {
    for (const { file } of CASES) expect(expected[file]?.status).toBe('FINISHED');
    expect(expected['damaged_truncated_io1-cm-214.stp']?.status).toBe('FAILED');
  });

  it.each(CASES)('$file reads at the standard preset ($why)', async (corpusCase) => {
    const model = await corpusCase.read(corpusInput(corpusCase.file));
    const reference = expected[corpusCase.file];
    expect(model).toMatchObject({
      format: corpusCase.format,
      version: corpusCase.version,
      encoding: corpusCase.encoding,
      missingTextures: [],
    });

    // The reference reader's count within the corpus's tolerance, either way.
    const drawn = drawnGeometry(model.document);
    expect(Math.abs(drawn.triangles - reference.triangles)).toBeLessThanOrEqual(
      reference.tolerance * reference.triangles,
    );
    // The file's size in metres with its up axis on Y (see `why`).
    expectSize(sizeOf(model.document), corpusCase.size);

    // A valid glb that reads back with the same triangles and size.
    const io = await gltfIO();
    const glb = await io.writeBinary(model.document);
    expect(Buffer.from(glb.subarray(0, 4)).toString('latin1')).toBe('glTF');
    expect(new DataView(glb.buffer, glb.byteOffset).getUint32(4, true)).toBe(2);
    const back = await io.readBinary(glb);
    expect(drawnGeometry(back).triangles).toBe(drawn.triangles);
    expectSize(sizeOf(back), corpusCase.size);
  });
});

describe('occt-import-js (STEP, IGES)', () => {
  it('fails the cut-off STEP file as unreadable', async () => {
    const failure = await failureOf(readStep(corpusInput('damaged_truncated_io1-cm-214.stp')));
    expect(failure?.code).toBe('unreadable');
    expect(failure?.params).toEqual({ format: 'STEP' });
  });

  it('draws fewer triangles at draft than at standard, and at standard than at fine, on a curved part', async () => {
    const counts: number[] = [];
    for (const quality of ['draft', 'standard', 'fine'] as const) {
      counts.push(
        drawnGeometry((await readStep(corpusInput('rounded-cube.step', quality))).document).triangles,
      );
    }
    expect(counts[0]).toBeLessThan(counts[1]);
    expect(counts[1]).toBeLessThan(counts[2]);
    // The same solid at every preset: a 10 mm cube.
    expect(counts[1]).toBe(expected['rounded-cube.step'].triangles);
  });

  it('keeps the product tree and the colours of the file, in linear RGB', async () => {
    const { document } = await readStep(corpusInput('dm1-id-214.stp'));
    const names = document
      .getRoot()
      .listNodes()
      .map((node) => node.getName());
    expect(names).toEqual(expect.arrayContaining(['dm1', 'l-bracket', 'bolt', 'nut']));
    // COLOUR_RGB('RED', 1, 0, 0), ('GOLDEN_ORANGE', 1, 0.66, 0) and ('ORANGE', 1, 0.33, 0), sRGB in the file.
    expect(baseColors(document)).toEqual(
      expect.arrayContaining([
        [1, 0, 0, 1],
        [1, 0.393, 0, 1],
        [1, 0.089, 0, 1],
      ]),
    );
    expect(document.getRoot().listMaterials()).toHaveLength(3);
  });

  it('draws a file without colours in a neutral grey', async () => {
    const { document } = await readIges(corpusInput('as1_pe_203.igs'));
    expect(baseColors(document)).toEqual([[0.5, 0.5, 0.5, 1]]);
  });

  it('fails a tessellation past the triangle cap as tooManyTriangles', async () => {
    for (const [read, file] of [
      [readStep, 'as1_pe_203.stp'],
      [readIges, 'as1_pe_203.igs'],
    ] as const) {
      const cap = Math.floor(expected[file].triangles / 2);
      const failure = await failureOf(read(corpusInput(file, 'standard', cap)));
      expect(failure?.code).toBe('tooManyTriangles');
      expect(failure?.params).toEqual({ limit: cap });
    }
  });
});

describe('web-ifc (IFC)', () => {
  it('stands the house on the ground with Y up, in metres', async () => {
    const { document } = await readIfc(corpusInput('IfcOpenHouse_IFC4.ifc'));
    const wall = document
      .getRoot()
      .listNodes()
      .find((node) => node.getName() === 'IfcWallStandardCase South wall');
    if (!wall) throw new Error('no south wall');
    // A wall 10 m long and 3 m high on the ground floor, 0.36 m thick.
    const { min, max } = getBounds(wall);
    expect(min[1]).toBeCloseTo(0, 3);
    expect(max[1]).toBeCloseTo(3, 3);
    expect(max[0] - min[0]).toBeCloseTo(10, 3);
    expect(max[2] - min[2]).toBeCloseTo(0.36, 2);
  });

  it('shares one mesh between the products that place the same geometry', async () => {
    const { document } = await readIfc(corpusInput('IfcOpenHouse_IFC4.ifc'));
    const reference = expected['IfcOpenHouse_IFC4.ifc'];
    const own = document
      .getRoot()
      .listMeshes()
      .reduce((sum, mesh) => sum + (mesh.listPrimitives()[0]?.getIndices()?.getCount() ?? 0) / 3, 0);
    expect(drawnGeometry(document).triangles).toBe(reference.triangles);
    expect(own).toBe(reference.triangles_unique_geometry);
    expect(document.getRoot().listMeshes().length).toBeLessThan(document.getRoot().listNodes().length - 1);
  });

  it('cuts curved profiles into more segments at the finer presets', async () => {
    const counts: number[] = [];
    for (const quality of ['draft', 'standard', 'fine'] as const) {
      counts.push(drawnGeometry((await readIfc(corpusInput('example.ifc', quality))).document).triangles);
    }
    expect(counts[0]).toBeLessThan(counts[1]);
    expect(counts[1]).toBeLessThan(counts[2]);
  });

  it("gives each of the file's colours one material, as linear RGBA", async () => {
    const { document } = await readIfc(corpusInput('IfcOpenHouse_IFC4.ifc'));
    const colors = baseColors(document);
    expect(new Set(colors.map((color) => color.join())).size).toBe(colors.length);
    // The glass: IfcColourRgb (0.6, 0.7, 0.75) sRGB, transparency 0.9.
    expect(colors).toContainEqual([0.319, 0.448, 0.523, 0.1]);
  });

  it('fails a model past the triangle cap as tooManyTriangles', async () => {
    const failure = await failureOf(readIfc(corpusInput('example.ifc', 'standard', 5000)));
    expect(failure?.code).toBe('tooManyTriangles');
    expect(failure?.params).toEqual({ limit: 5000 });
  });
});

describe('rhino3dm (3DM)', () => {
  it("counts the file's own triangles: mesh faces and the render meshes cached for its breps", async () => {
    for (const file of ['RhinoLogo.3dm', 'mesh.3dm']) {
      const model = await readRhinoFile(corpusInput(file));
      expect(model.sourceTriangles).toBe(expected[file].triangles);
      expect(model.skippedObjects).toBe(0);
      expect(drawnGeometry(model.document).triangles).toBe(expected[file].triangles);
    }
  });

  it('draws render materials and vertex colours', async () => {
    const logo = await readRhino(corpusInput('RhinoLogo.3dm'));
    // Five objects share a white material, one is red: one material each.
    expect(
      logo.document
        .getRoot()
        .listMaterials()
        .map((material) => [material.getName(), material.getBaseColorFactor()]),
    ).toEqual(
      expect.arrayContaining([
        ['White', [1, 1, 1, 1]],
        ['Red', [1, 0, 0, 1]],
      ]),
    );
    expect(logo.document.getRoot().listMaterials()).toHaveLength(2);
    const sphere = await readRhino(corpusInput('mesh.3dm'));
    const primitive = sphere.document.getRoot().listMeshes()[0].listPrimitives()[0];
    expect(primitive.getAttribute('COLOR_0')?.getCount()).toBe(
      primitive.getAttribute('POSITION')?.getCount(),
    );
  });

  it('fails a file past the triangle cap as tooManyTriangles', async () => {
    const failure = await failureOf(readRhino(corpusInput('RhinoLogo.3dm', 'standard', 10_000)));
    expect(failure?.code).toBe('tooManyTriangles');
    expect(failure?.params).toEqual({ limit: 10_000 });
  });
});

describe('files that are not what their name says, or are cut off', () => {
  const READERS: Array<[string, SourceReader, ModelFormat]> = [
    ['notes.step', readStep, 'STEP'],
    ['notes.stp', readStep, 'STEP'],
    ['notes.igs', readIges, 'IGES'],
    ['notes.ifc', readIfc, 'IFC'],
    ['notes.3dm', readRhino, '3DM'],
  ];

  it.each(READERS)('fails a text file named %s as unreadable', async (name, read, format) => {
    const path = join(scratch, name);
    await writeFile(path, 'Meeting notes\nThe model will follow next week.\n'.repeat(40));
    const failure = await failureOf(read(inputOf(path)));
    expect(failure?.code).toBe('unreadable');
    expect(failure?.params).toEqual({ format });
  });

  it('fails a file of another of these formats as unreadable', async () => {
    expect((await failureOf(readIfc(corpusInput('dm1-id-214.stp'))))?.code).toBe('unreadable');
    expect((await failureOf(readStep(corpusInput('Cube 10x10.igs'))))?.code).toBe('unreadable');
    expect((await failureOf(readIges(corpusInput('rounded-cube.step'))))?.code).toBe('unreadable');
    expect((await failureOf(readRhino(corpusInput('example.ifc'))))?.code).toBe('unreadable');
  });

  const CUT: Array<[string, SourceReader, ModelFormat]> = [
    ['dm1-id-214.stp', readStep, 'STEP'],
    ['as1_pe_203.igs', readIges, 'IGES'],
    ['example.ifc', readIfc, 'IFC'],
    ['IfcOpenHouse_IFC4.ifc', readIfc, 'IFC'],
    ['RhinoLogo.3dm', readRhino, '3DM'],
    ['mesh.3dm', readRhino, '3DM'],
  ];

  // The libraries read the part they have of some cut-off files (web-ifc 30 % of example.ifc into 1,780
  // triangles, Open CASCADE 90 % of the IGES into 826): the readers refuse them instead of converting part.
  it.each(CUT)('fails cut-off copies of %s as unreadable', async (file, read, format) => {
    const bytes = readFileSync(join(CORPUS, file));
    for (const share of [0.02, 0.3, 0.6, 0.9, 0.99]) {
      const path = join(scratch, `cut-${Math.round(share * 100)}-${file}`);
      await writeFile(path, bytes.subarray(0, Math.floor(bytes.length * share)));
      const failure = await failureOf(read(inputOf(path)));
      expect(failure?.code).toBe('unreadable');
      expect(failure?.params).toEqual({ format });
    }
    // The readers are sound after the damaged files.
    const model = await read(corpusInput(file));
    expect(drawnGeometry(model.document).triangles).toBe(expected[file].triangles);
  });

  const CORRUPT: Array<[string, SourceReader, number[]]> = [
    ['dm1-id-214.stp', readStep, [0.5]],
    ['as1_pe_203.igs', readIges, [0.3, 0.7]],
    ['example.ifc', readIfc, [0.3, 0.7]],
    ['RhinoLogo.3dm', readRhino, [0.3, 0.9]],
  ];

  // 2 kB of noise inside the file: the libraries read past some of it (Open CASCADE keeps 1,516 of the
  // bracket's 1,576 triangles, rhino3dm 21,322 of the logo's 32,044), fail on the rest.
  it.each(CORRUPT)(
    'reads %s with noise inside into a document or a GeometryFailure',
    async (file, read, at) => {
      const bytes = readFileSync(join(CORPUS, file));
      for (const share of at) {
        const copy = Buffer.from(bytes);
        const start = Math.floor(copy.length * share);
        for (let index = start; index < start + 2048; index += 1) copy[index] = (index * 7919) & 0xff;
        const path = join(scratch, `noise-${Math.round(share * 100)}-${file}`);
        await writeFile(path, copy);
        const outcome = await read(inputOf(path)).then(
          (model) => drawnGeometry(model.document).triangles,
          (error: unknown) => error,
        );
        if (typeof outcome === 'number') expect(outcome).toBeGreaterThan(0);
        else expect(outcome).toBeInstanceOf(GeometryFailure);
      }
      const model = await read(corpusInput(file));
      expect(drawnGeometry(model.document).triangles).toBe(expected[file].triangles);
    },
  );
});

/**
 * The FBX scenes the tests, the seed and the benchmarks convert (written with fbx-writer.ts), each with what a
 * converter must give back: triangles, textures, nodes and the scene's bounds in metres, Y up, as FBX2glTF
 * writes them. The expectation is computed from the scene itself (`expectationOf`): polygons of n vertices are
 * n − 2 triangles; the bounds are every vertex through its node's transforms (parent × translation × rotation
 * (X, then Y, then Z) × scale), times the unit scale in metres, a Z-up scene turned to Y up; FBX2glTF adds one
 * root node above the scene's nodes and embeds each texture file once.
 *
 * - `cube()`: 12 triangles, one coloured material, translated, in centimetres.
 * - `texturedPlane()`: a quad with UVs and a material with `checker.png` (`checkerPng(size)` draws it), in
 *   metres and Z up.
 * - `denseMesh(targetTriangles)`: a terrain grid of about 200 000 triangles with normals, its values on a
 *   binary grid (1/1024 m, normals 1/4096) so deflate keeps the binary file small.
 * - `nodeHierarchy()`: a chain of parent and child nodes with rotations and scales, and a sibling.
 * - `emptyMesh()`: a Model whose Geometry has vertices but no polygons, for the failure tests.
 */
import sharp from 'sharp';
import { box, cylinder, mergeMeshes } from '../../server/seed/demo-shapes';
import type { FbxMaterial, FbxNode, FbxScene, Vec3 } from '../../server/seed/fbx-writer';

export interface FixtureExpectation {
  triangles: number;
  /** Texture images in the converted glb. */
  textures: number;
  /** Nodes in the converted glb: the scene's nodes and FBX2glTF's root. */
  nodes: number;
  /** Null when nothing has geometry. */
  boundsMetres: { min: Vec3; max: Vec3 } | null;
}

export interface FbxFixture {
  name: string;
  scene: FbxScene;
  expected: FixtureExpectation;
  /** The image files the scene's materials name, to be written beside the FBX. */
  textureFiles: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// What a scene must convert to.

/** A 3 × 4 affine transform, row by row. */
type Affine = number[];

const IDENTITY: Affine = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

function multiply(a: Affine, b: Affine): Affine {
  const out: Affine = [];
  for (let row = 0; row < 3; row += 1)
    for (let col = 0; col < 4; col += 1) {
      let sum = col === 3 ? a[row * 4 + 3] : 0;
      for (let k = 0; k < 3; k += 1) sum += a[row * 4 + k] * b[k * 4 + col];
      out.push(sum);
    }
  return out;
}

/** A node's local transform: T × Rz × Ry × Rx × S (FBX's eEulerXYZ, without pivots or offsets). */
function localTransform(node: FbxNode): Affine {
  const [tx, ty, tz] = node.translation ?? [0, 0, 0];
  const [ax, ay, az] = (node.rotationDegrees ?? [0, 0, 0]).map((degrees) => (degrees * Math.PI) / 180);
  const [sx, sy, sz] = node.scale ?? [1, 1, 1];
  const rx: Affine = [1, 0, 0, 0, 0, Math.cos(ax), -Math.sin(ax), 0, 0, Math.sin(ax), Math.cos(ax), 0];
  const ry: Affine = [Math.cos(ay), 0, Math.sin(ay), 0, 0, 1, 0, 0, -Math.sin(ay), 0, Math.cos(ay), 0];
  const rz: Affine = [Math.cos(az), -Math.sin(az), 0, 0, Math.sin(az), Math.cos(az), 0, 0, 0, 0, 1, 0];
  const scale: Affine = [sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0];
  const translate: Affine = [1, 0, 0, tx, 0, 1, 0, ty, 0, 0, 1, tz];
  return multiply(translate, multiply(rz, multiply(ry, multiply(rx, scale))));
}

/** The textures a scene's materials name, each material counted once by name (as the writer writes them). */
export function textureFilesOf(scene: FbxScene): string[] {
  const materials = new Map<string, FbxMaterial>();
  const visit = (node: FbxNode) => {
    if (node.material && !materials.has(node.material.name)) materials.set(node.material.name, node.material);
    node.children?.forEach(visit);
  };
  scene.nodes.forEach(visit);
  const files = new Set<string>();
  for (const material of materials.values()) if (material.texture) files.add(material.texture.fileName);
  return [...files];
}

/** What FBX2glTF gives back for `scene`. */
export function expectationOf(scene: FbxScene): FixtureExpectation {
  const metres = (scene.unitScaleCm ?? 1) / 100;
  const zUp = scene.upAxis === 'z';
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  let triangles = 0;
  let nodes = 1;
  let anyVertex = false;
  const visit = (node: FbxNode, parent: Affine) => {
    nodes += 1;
    const world = multiply(parent, localTransform(node));
    const mesh = node.mesh;
    if (mesh && mesh.polygons.length) {
      for (const polygon of mesh.polygons) triangles += polygon.length - 2;
      const used = new Set(mesh.polygons.flat());
      for (const index of used) {
        const [x, y, z] = [0, 1, 2].map((k) => mesh.positions[index * 3 + k]);
        const point = [0, 1, 2].map(
          (row) =>
            (world[row * 4] * x + world[row * 4 + 1] * y + world[row * 4 + 2] * z + world[row * 4 + 3]) *
            metres,
        );
        const turned: Vec3 = zUp ? [point[0], point[2], -point[1]] : [point[0], point[1], point[2]];
        for (let k = 0; k < 3; k += 1) {
          min[k] = Math.min(min[k], turned[k]);
          max[k] = Math.max(max[k], turned[k]);
        }
        anyVertex = true;
      }
    }
    for (const child of node.children ?? []) visit(child, world);
  };
  for (const node of scene.nodes) visit(node, IDENTITY);
  return {
    triangles,
    textures: textureFilesOf(scene).length,
    nodes,
    boundsMetres: anyVertex ? { min, max } : null,
  };
}

const fixture = (name: string, scene: FbxScene): FbxFixture => ({
  name,
  scene,
  expected: expectationOf(scene),
  textureFiles: textureFilesOf(scene),
});

// ---------------------------------------------------------------------------------------------------------------
// The fixtures.

/** A 50 cm cube, red, moved to (50, 25, −30) cm: 12 triangles. */
export function cube(): FbxFixture {
  return fixture('cube', {
    unitScaleCm: 1,
    nodes: [
      {
        name: 'Cube',
        translation: [50, 25, -30],
        mesh: box(50, 50, 50, [0, 0, 0], 50),
        material: { name: 'Red', color: [0.8, 0.1, 0.1] },
      },
    ],
  });
}

/** A two-colour checker of `cells` × `cells` squares, `size` pixels square, as PNG bytes. */
export async function checkerPng(size = 64, cells = 8): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  const cell = size / cells;
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      const light = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 0;
      pixels.set(light ? [235, 235, 235] : [40, 90, 160], (y * size + x) * 3);
    }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/** A 2 m × 1.5 m quad in the XY plane of a Z-up scene in metres, with UVs 0..1 and `checker.png`. */
export function texturedPlane(): FbxFixture {
  return fixture('texturedPlane', {
    unitScaleCm: 100,
    upAxis: 'z',
    nodes: [
      {
        name: 'Plane',
        translation: [0.5, 0, 0.25],
        mesh: {
          positions: [-1, -0.75, 0, 1, -0.75, 0, 1, 0.75, 0, -1, 0.75, 0],
          polygons: [[0, 1, 2, 3]],
          normals: [0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1],
          uvs: [0, 0, 1, 0, 1, 1, 0, 1],
        },
        material: { name: 'Checker', color: [1, 1, 1], texture: { fileName: 'checker.png' } },
      },
    ],
  });
}

const onGrid = (value: number, steps: number) => Math.round(value * steps) / steps;

/**
 * A 20 m × 20 m terrain of rolling hills (up to about 1.5 m), a grid of quads giving about `targetTriangles`
 * triangles, with per-vertex normals, in metres.
 */
export function denseMesh(targetTriangles = 200_000): FbxFixture {
  const quads = Math.max(1, Math.round(targetTriangles / 2));
  const rows = Math.max(1, Math.round(Math.sqrt(quads)));
  const cols = Math.max(1, Math.round(quads / rows));
  const size = 20;
  const height = (x: number, z: number) =>
    0.7 * Math.sin(x * 0.45) * Math.cos(z * 0.35) + 0.3 * Math.sin(x * 1.3 + z * 0.9) + 0.4;
  const slope = (x: number, z: number): [number, number] => [
    0.7 * 0.45 * Math.cos(x * 0.45) * Math.cos(z * 0.35) + 0.3 * 1.3 * Math.cos(x * 1.3 + z * 0.9),
    -0.7 * 0.35 * Math.sin(x * 0.45) * Math.sin(z * 0.35) + 0.3 * 0.9 * Math.cos(x * 1.3 + z * 0.9),
  ];
  const positions: number[] = [];
  const vertexNormals: number[] = [];
  for (let j = 0; j <= rows; j += 1)
    for (let i = 0; i <= cols; i += 1) {
      const x = onGrid(-size / 2 + (size * i) / cols, 1024);
      const z = onGrid(-size / 2 + (size * j) / rows, 1024);
      positions.push(x, onGrid(height(x, z), 1024), z);
      const [dx, dz] = slope(x, z);
      const length = Math.hypot(dx, 1, dz);
      vertexNormals.push(onGrid(-dx / length, 4096), onGrid(1 / length, 4096), onGrid(-dz / length, 4096));
    }
  const polygons: number[][] = [];
  const normals: number[] = [];
  for (let j = 0; j < rows; j += 1)
    for (let i = 0; i < cols; i += 1) {
      const a = j * (cols + 1) + i;
      // Counter-clockwise seen from above (+y): (i, j+1), (i+1, j+1), (i+1, j), (i, j).
      const polygon = [a + cols + 1, a + cols + 2, a + 1, a];
      polygons.push(polygon);
      for (const index of polygon) normals.push(...vertexNormals.slice(index * 3, index * 3 + 3));
    }
  return fixture('denseMesh', {
    unitScaleCm: 100,
    nodes: [
      {
        name: 'Terrain',
        mesh: { positions, polygons, normals },
        material: { name: 'Grass', color: [0.3, 0.55, 0.25] },
      },
    ],
  });
}

/**
 * A rig of nodes in centimetres: a Null root turned 90° about Y and moved, a post with a rotated, scaled arm
 * whose child (a hand, turned about X and scaled again) hangs from it, and a non-uniformly scaled base beside.
 */
export function nodeHierarchy(): FbxFixture {
  const metal: FbxMaterial = { name: 'Metal', color: [0.6, 0.6, 0.65] };
  const paint: FbxMaterial = { name: 'Paint', color: [0.9, 0.6, 0.1] };
  return fixture('nodeHierarchy', {
    unitScaleCm: 1,
    nodes: [
      {
        name: 'Rig',
        translation: [100, 0, -50],
        rotationDegrees: [0, 90, 0],
        children: [
          {
            name: 'Post',
            translation: [0, 50, 0],
            mesh: cylinder(5, 100, 12, [0, 0, 0], 50),
            material: metal,
            children: [
              {
                name: 'Arm',
                translation: [0, 50, 0],
                rotationDegrees: [0, 0, -30],
                scale: [2, 1, 1],
                mesh: box(30, 6, 6, [15, 0, 0], 50),
                material: paint,
                children: [
                  {
                    name: 'Hand',
                    translation: [30, 0, 0],
                    rotationDegrees: [45, 0, 20],
                    scale: [0.5, 1.5, 1],
                    mesh: box(10, 10, 10, [0, -5, 0], 50),
                    material: metal,
                  },
                ],
              },
            ],
          },
          {
            name: 'Base',
            scale: [3, 0.5, 2],
            rotationDegrees: [10, 0, 0],
            mesh: mergeMeshes([box(20, 10, 20, [0, 5, 0], 50), cylinder(4, 4, 8, [0, 12, 0], 50)]),
            material: paint,
          },
        ],
      },
    ],
  });
}

/** A Model with a Geometry of four vertices and no polygon: nothing to convert. */
export function emptyMesh(): FbxFixture {
  return fixture('emptyMesh', {
    nodes: [
      {
        name: 'Empty',
        mesh: { positions: [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], polygons: [] },
        material: { name: 'Unused', color: [0.5, 0.5, 0.5] },
      },
    ],
  });
}

/** Every fixture, the dense one with `denseTriangles` triangles. */
export function allFixtures(denseTriangles = 200_000): FbxFixture[] {
  return [cube(), texturedPlane(), denseMesh(denseTriangles), nodeHierarchy(), emptyMesh()];
}

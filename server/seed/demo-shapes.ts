/**
 * Procedural furniture and architecture for the demo data and the benchmarks: a chair, a table, a sofa, a lamp,
 * a shelf and a small building (walls with a window and a door opening, a tiled floor, a roof slab), each an
 * FBX scene (fbx-writer.ts) with the small tiled textures it names. Shapes are put together from boxes and
 * cylinders (`box`, `cylinder`, merged with `mergeMeshes`), one node per material, one to three materials per
 * shape; wood planks, floor tiles and brick are 64 × 64 PNGs drawn from raw pixels with sharp, their UVs in
 * metres over the tile size, so the pattern repeats at a real scale.
 *
 * Shapes are measured in metres (a chair is about 0.9 m high) and written in centimetres (`unitScaleCm` 1, FBX's
 * default), so every demo upload goes through the converter's unit conversion. `seed` varies the colours and a
 * few proportions; the same kind and seed always give the same scene and the same texture bytes.
 */
import sharp from 'sharp';
import type { FbxMaterial, FbxMesh, FbxNode, FbxScene, Vec3 } from './fbx-writer';

export type DemoShapeKind = 'chair' | 'table' | 'sofa' | 'lamp' | 'shelf' | 'building';

export const DEMO_SHAPE_KINDS: readonly DemoShapeKind[] = [
  'chair',
  'table',
  'sofa',
  'lamp',
  'shelf',
  'building',
];

export interface DemoShape {
  scene: FbxScene;
  /** The PNG files the scene's materials name, to be stored beside the FBX. */
  textures: Record<string, Buffer>;
}

// ---------------------------------------------------------------------------------------------------------------
// Mesh builders (metres).

/** UVs of a face: its two in-plane coordinates over the tile size. */
const TILE_METRES = 0.5;

/** Vertices carry a normal and a UV; a polygon copies its corners' into the per polygon-vertex lists. */
function meshBuilder() {
  const mesh: Required<FbxMesh> = { positions: [], polygons: [], normals: [], uvs: [] };
  const vertexNormals: number[] = [];
  const vertexUvs: number[] = [];
  return {
    mesh,
    vertex(point: Vec3, normal: Vec3, uv: [number, number]): number {
      mesh.positions.push(...point);
      vertexNormals.push(...normal);
      vertexUvs.push(...uv);
      return mesh.positions.length / 3 - 1;
    },
    polygon(indices: number[]): void {
      mesh.polygons.push(indices);
      for (const index of indices) {
        mesh.normals.push(...vertexNormals.slice(index * 3, index * 3 + 3));
        mesh.uvs.push(...vertexUvs.slice(index * 2, index * 2 + 2));
      }
    },
  };
}

/**
 * A box `w` × `h` × `d` (x, y, z) centred on `at`: six quads with flat normals, and UVs in tiles of
 * `tile` metres (each face's two in-plane axes).
 */
export function box(w: number, h: number, d: number, at: Vec3 = [0, 0, 0], tile = TILE_METRES): FbxMesh {
  const [cx, cy, cz] = at;
  const hx = w / 2;
  const hy = h / 2;
  const hz = d / 2;
  // Each face: normal, then its four corners counter-clockwise seen from outside, as signs of (x, y, z).
  const faces: Array<[Vec3, Vec3[]]> = [
    [
      [1, 0, 0],
      [
        [1, -1, 1],
        [1, -1, -1],
        [1, 1, -1],
        [1, 1, 1],
      ],
    ],
    [
      [-1, 0, 0],
      [
        [-1, -1, -1],
        [-1, -1, 1],
        [-1, 1, 1],
        [-1, 1, -1],
      ],
    ],
    [
      [0, 1, 0],
      [
        [-1, 1, 1],
        [1, 1, 1],
        [1, 1, -1],
        [-1, 1, -1],
      ],
    ],
    [
      [0, -1, 0],
      [
        [-1, -1, -1],
        [1, -1, -1],
        [1, -1, 1],
        [-1, -1, 1],
      ],
    ],
    [
      [0, 0, 1],
      [
        [-1, -1, 1],
        [1, -1, 1],
        [1, 1, 1],
        [-1, 1, 1],
      ],
    ],
    [
      [0, 0, -1],
      [
        [1, -1, -1],
        [-1, -1, -1],
        [-1, 1, -1],
        [1, 1, -1],
      ],
    ],
  ];
  const builder = meshBuilder();
  for (const [normal, corners] of faces) {
    const axis = normal.findIndex((n) => n !== 0);
    // The face's in-plane axes, for its UVs.
    const [ua, va] = axis === 0 ? [2, 1] : axis === 1 ? [0, 2] : [0, 1];
    builder.polygon(
      corners.map((sign) => {
        const point: Vec3 = [cx + sign[0] * hx, cy + sign[1] * hy, cz + sign[2] * hz];
        return builder.vertex(point, normal, [point[ua] / tile, point[va] / tile]);
      }),
    );
  }
  return builder.mesh;
}

/**
 * A cylinder of radius `r` and height `h` along y, centred on `at`, with `segments` sides: quads with smooth
 * normals around, each cap a fan of triangles (segments − 2 of them) with a flat normal.
 */
export function cylinder(
  r: number,
  h: number,
  segments: number,
  at: Vec3 = [0, 0, 0],
  tile = TILE_METRES,
): FbxMesh {
  if (segments < 3) throw new Error('a cylinder needs at least 3 segments');
  const [cx, cy, cz] = at;
  const { mesh, vertex, polygon } = meshBuilder();
  const ring = (k: number) => {
    const angle = (2 * Math.PI * k) / segments;
    return { cos: Math.cos(angle), sin: Math.sin(angle), arc: (angle * r) / tile };
  };
  const bottom = cy - h / 2;
  const top = cy + h / 2;
  for (let k = 0; k < segments; k += 1) {
    const a = ring(k);
    const b = ring(k + 1);
    const arcB = a.arc + (2 * Math.PI * r) / segments / tile;
    polygon([
      vertex([cx + r * a.cos, bottom, cz - r * a.sin], [a.cos, 0, -a.sin], [a.arc, bottom / tile]),
      vertex([cx + r * b.cos, bottom, cz - r * b.sin], [b.cos, 0, -b.sin], [arcB, bottom / tile]),
      vertex([cx + r * b.cos, top, cz - r * b.sin], [b.cos, 0, -b.sin], [arcB, top / tile]),
      vertex([cx + r * a.cos, top, cz - r * a.sin], [a.cos, 0, -a.sin], [a.arc, top / tile]),
    ]);
  }
  for (const [y, up] of [
    [top, 1],
    [bottom, -1],
  ] as const) {
    const cap: number[] = [];
    for (let k = 0; k < segments; k += 1) {
      const { cos, sin } = ring(up > 0 ? k : segments - k);
      const x = cx + r * cos;
      const z = cz - r * sin;
      cap.push(vertex([x, y, z], [0, up, 0], [x / tile, z / tile]));
    }
    for (let k = 1; k < segments - 1; k += 1) polygon([cap[0], cap[k], cap[k + 1]]);
  }
  return mesh;
}

/** Meshes as one: positions appended, polygon indices shifted; normals and UVs kept where every mesh has them. */
export function mergeMeshes(meshes: FbxMesh[]): FbxMesh {
  const merged: Required<FbxMesh> = { positions: [], polygons: [], normals: [], uvs: [] };
  for (const mesh of meshes) {
    const offset = merged.positions.length / 3;
    merged.positions.push(...mesh.positions);
    for (const polygon of mesh.polygons) merged.polygons.push(polygon.map((index) => index + offset));
    if (mesh.normals) merged.normals.push(...mesh.normals);
    if (mesh.uvs) merged.uvs.push(...mesh.uvs);
  }
  const result: FbxMesh = { positions: merged.positions, polygons: merged.polygons };
  if (meshes.every((mesh) => mesh.normals)) result.normals = merged.normals;
  if (meshes.every((mesh) => mesh.uvs)) result.uvs = merged.uvs;
  return result;
}

/** A mesh's positions multiplied by `factor` (metres to centimetres). */
function scaled(mesh: FbxMesh, factor: number): FbxMesh {
  return { ...mesh, positions: mesh.positions.map((value) => value * factor) };
}

// ---------------------------------------------------------------------------------------------------------------
// Textures: 64 × 64 tiles from raw RGB pixels.

type Rgb = [number, number, number];
const TEXTURE_SIZE = 64;

/** A small deterministic generator (xorshift32), 0 ≤ n < 1. */
function seeded(seed: number): () => number {
  let state = (seed ^ 0x9e3779b9) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

/** A PNG of `size` × `size` pixels whose colour at (x, y) is `colour(x, y)`. */
async function drawPng(size: number, colour: (x: number, y: number) => Rgb): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      const [r, g, b] = colour(x, y);
      const at = (y * size + x) * 3;
      pixels[at] = Math.max(0, Math.min(255, Math.round(r)));
      pixels[at + 1] = Math.max(0, Math.min(255, Math.round(g)));
      pixels[at + 2] = Math.max(0, Math.min(255, Math.round(b)));
    }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const shade = ([r, g, b]: Rgb, factor: number): Rgb => [r * factor, g * factor, b * factor];

/** Four planks across the tile, each its own tone, with grain lines and dark joints. */
function woodPlanks(seed: number, tone: Rgb): Promise<Buffer> {
  const next = seeded(seed);
  const planks = 4;
  const height = TEXTURE_SIZE / planks;
  const tones = Array.from({ length: planks }, () => 0.85 + next() * 0.3);
  const phases = Array.from({ length: planks }, () => next() * Math.PI * 2);
  return drawPng(TEXTURE_SIZE, (x, y) => {
    const plank = Math.floor(y / height);
    if (y % height === 0) return shade(tone, 0.45);
    const grain =
      0.92 + 0.08 * Math.sin((x / TEXTURE_SIZE) * Math.PI * 6 + phases[plank] + (y % height) * 0.7);
    return shade(tone, tones[plank] * grain);
  });
}

/** Four by four square tiles with grout lines. */
function floorTiles(seed: number, tone: Rgb): Promise<Buffer> {
  const next = seeded(seed);
  const tiles = 4;
  const size = TEXTURE_SIZE / tiles;
  const tones = Array.from({ length: tiles * tiles }, () => 0.9 + next() * 0.15);
  return drawPng(TEXTURE_SIZE, (x, y) => {
    if (x % size < 1 || y % size < 1) return [190, 188, 182];
    return shade(tone, tones[Math.floor(y / size) * tiles + Math.floor(x / size)]);
  });
}

/** Running-bond brick: four courses, every other one shifted half a brick, mortar between. */
function brick(seed: number, tone: Rgb): Promise<Buffer> {
  const next = seeded(seed);
  const courses = 4;
  const courseHeight = TEXTURE_SIZE / courses;
  const brickWidth = TEXTURE_SIZE / 2;
  const tones = Array.from({ length: courses * 3 }, () => 0.8 + next() * 0.35);
  return drawPng(TEXTURE_SIZE, (x, y) => {
    const course = Math.floor(y / courseHeight);
    const shifted = (x + (course % 2) * (brickWidth / 2)) % TEXTURE_SIZE;
    if (y % courseHeight < 2 || shifted % brickWidth < 2) return [200, 196, 188];
    return shade(tone, tones[course * 3 + Math.floor(shifted / brickWidth)]);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The shapes.

interface Part {
  name: string;
  material: FbxMaterial;
  meshes: FbxMesh[];
}

interface Palette {
  next: () => number;
  /** A colour varied by the seed, each channel ±`spread`. */
  vary: (colour: Rgb, spread?: number) => Rgb;
  /** A length varied by the seed, ±`spread` of itself. */
  size: (metres: number, spread?: number) => number;
}

function palette(seed: number): Palette {
  const next = seeded(seed);
  return {
    next,
    vary: (colour, spread = 0.08) =>
      colour.map((channel) => Math.max(0, Math.min(1, channel + (next() * 2 - 1) * spread))) as Rgb,
    size: (metres, spread = 0.05) => metres * (1 + (next() * 2 - 1) * spread),
  };
}

const colour = (rgb: Rgb): Vec3 => [rgb[0], rgb[1], rgb[2]];
const bytes = (rgb: Rgb): Rgb => [rgb[0] * 255, rgb[1] * 255, rgb[2] * 255];

const WOOD: Rgb = [0.62, 0.44, 0.27];
const FABRIC: Rgb = [0.25, 0.36, 0.52];
const METAL: Rgb = [0.55, 0.56, 0.58];

function chair(p: Palette): Part[] {
  const seat = 0.45;
  const width = p.size(0.46);
  const depth = p.size(0.44);
  const leg = 0.02;
  const legs = [-1, 1].flatMap((sx) =>
    [-1, 1].map((sz) =>
      cylinder(leg, seat - 0.03, 10, [sx * (width / 2 - 0.04), (seat - 0.03) / 2, sz * (depth / 2 - 0.04)]),
    ),
  );
  const back = [
    box(0.04, 0.47, 0.04, [-(width / 2 - 0.03), seat + 0.2, -(depth / 2 - 0.03)]),
    box(0.04, 0.47, 0.04, [width / 2 - 0.03, seat + 0.2, -(depth / 2 - 0.03)]),
    box(width, 0.16, 0.03, [0, seat + 0.37, -(depth / 2 - 0.03)]),
  ];
  return [
    {
      name: 'Frame',
      material: { name: 'Chair wood', color: colour(p.vary(WOOD)), texture: { fileName: 'wood-planks.png' } },
      meshes: [...legs, ...back],
    },
    {
      name: 'Seat',
      material: { name: 'Chair fabric', color: colour(p.vary(FABRIC, 0.2)) },
      meshes: [box(width, 0.06, depth, [0, seat, 0])],
    },
  ];
}

function table(p: Palette): Part[] {
  const length = p.size(1.6, 0.15);
  const width = p.size(0.9, 0.1);
  const height = 0.75;
  const top = 0.04;
  const legs = [-1, 1].flatMap((sx) =>
    [-1, 1].map((sz) =>
      box(0.06, height - top, 0.06, [sx * (length / 2 - 0.08), (height - top) / 2, sz * (width / 2 - 0.08)]),
    ),
  );
  return [
    {
      name: 'Table',
      material: { name: 'Table wood', color: colour(p.vary(WOOD)), texture: { fileName: 'wood-planks.png' } },
      meshes: [box(length, top, width, [0, height - top / 2, 0]), ...legs],
    },
  ];
}

function sofa(p: Palette): Part[] {
  const length = p.size(2.0, 0.1);
  const depth = 0.9;
  const fabric = p.vary(FABRIC, 0.25);
  const feet = [-1, 1].flatMap((sx) =>
    [-1, 1].map((sz) => cylinder(0.025, 0.1, 8, [sx * (length / 2 - 0.1), 0.05, sz * (depth / 2 - 0.1)])),
  );
  const cushion = (length - 0.4) / 2;
  return [
    {
      name: 'Body',
      material: { name: 'Sofa fabric', color: colour(fabric) },
      meshes: [
        box(length, 0.25, depth, [0, 0.225, 0]),
        box(length, 0.5, 0.2, [0, 0.6, -(depth / 2 - 0.1)]),
        box(0.2, 0.3, depth, [-(length / 2 - 0.1), 0.5, 0]),
        box(0.2, 0.3, depth, [length / 2 - 0.1, 0.5, 0]),
      ],
    },
    {
      name: 'Cushions',
      material: { name: 'Sofa cushions', color: colour(p.vary(shade(fabric, 1.25), 0.05)) },
      meshes: [-1, 1].map((side) =>
        box(cushion - 0.02, 0.12, depth - 0.25, [(side * cushion) / 2, 0.41, 0.1]),
      ),
    },
    { name: 'Feet', material: { name: 'Sofa feet', color: colour(METAL) }, meshes: feet },
  ];
}

function lamp(p: Palette): Part[] {
  const height = p.size(1.6, 0.1);
  const top = 0.32;
  return [
    {
      name: 'Stand',
      material: { name: 'Lamp metal', color: colour(p.vary(METAL, 0.15)) },
      meshes: [
        cylinder(0.16, 0.03, 24, [0, 0.015, 0]),
        cylinder(0.012, height - top - 0.03, 12, [0, 0.03 + (height - top - 0.03) / 2, 0]),
      ],
    },
    {
      name: 'Shade',
      material: { name: 'Lamp shade', color: colour(p.vary([0.93, 0.88, 0.76], 0.05)) },
      meshes: [cylinder(0.2, top, 32, [0, height - top / 2, 0])],
    },
  ];
}

function shelf(p: Palette): Part[] {
  const height = p.size(1.8, 0.1);
  const width = p.size(0.8, 0.1);
  const depth = 0.35;
  const board = 0.02;
  const shelves = 5;
  const boards = Array.from({ length: shelves }, (_, k) =>
    box(width - 2 * board, board, depth, [0, board / 2 + (k * (height - board)) / (shelves - 1), 0]),
  );
  return [
    {
      name: 'Shelf',
      material: { name: 'Shelf wood', color: colour(p.vary(WOOD)), texture: { fileName: 'wood-planks.png' } },
      meshes: [
        box(board, height, depth, [-(width - board) / 2, height / 2, 0]),
        box(board, height, depth, [(width - board) / 2, height / 2, 0]),
        ...boards,
      ],
    },
    {
      name: 'Back',
      material: { name: 'Shelf back', color: colour(p.vary([0.9, 0.9, 0.88], 0.04)) },
      meshes: [box(width, height, 0.005, [0, height / 2, -(depth / 2) - 0.0025])],
    },
  ];
}

/**
 * A wall along x from `x0` to `x1` (at z, `thickness` thick, `height` high) with an opening from `from` to `to`
 * along it, from `sill` to `lintel` high: the boxes left, right, below and above the opening.
 */
function wallWithOpening(
  length: number,
  height: number,
  thickness: number,
  opening: { from: number; to: number; sill: number; lintel: number },
): FbxMesh[] {
  const { from, to, sill, lintel } = opening;
  const pieces = [
    box(from, height, thickness, [from / 2, height / 2, 0]),
    box(length - to, height, thickness, [(to + length) / 2, height / 2, 0]),
    box(to - from, height - lintel, thickness, [(from + to) / 2, (lintel + height) / 2, 0]),
  ];
  if (sill > 0) pieces.push(box(to - from, sill, thickness, [(from + to) / 2, sill / 2, 0]));
  return pieces;
}

/** Moves a mesh along x, y, z. */
const moved = (mesh: FbxMesh, [dx, dy, dz]: Vec3): FbxMesh => ({
  ...mesh,
  positions: mesh.positions.map((value, k) => value + (k % 3 === 0 ? dx : k % 3 === 1 ? dy : dz)),
});

/** Turns a mesh a quarter turn about y (x → −z), with its normals. */
const quarterTurn = (mesh: FbxMesh): FbxMesh => {
  const turn = (values: number[]) =>
    values.map((_, k) => (k % 3 === 0 ? values[k + 2] : k % 3 === 1 ? values[k] : -values[k - 2]));
  return { ...mesh, positions: turn(mesh.positions), normals: mesh.normals && turn(mesh.normals) };
};

function building(p: Palette): Part[] {
  const width = p.size(4, 0.1);
  const depth = p.size(3, 0.1);
  const height = 2.7;
  const wall = 0.2;
  const window = { from: width / 2 - 0.6, to: width / 2 + 0.6, sill: 0.9, lintel: 2.0 };
  const door = { from: 0.5, to: 1.4, sill: 0, lintel: 2.1 };
  const front = wallWithOpening(width, height, wall, window).map((m) => moved(m, [-width / 2, 0, depth / 2]));
  const back = [box(width, height, wall, [0, height / 2, -depth / 2])];
  const inner = depth - wall;
  const side = wallWithOpening(inner, height, wall, door).map((m) =>
    moved(quarterTurn(moved(m, [-inner / 2, 0, 0])), [width / 2 - wall / 2, 0, 0]),
  );
  const otherSide = [box(wall, height, inner, [-(width / 2 - wall / 2), height / 2, 0])];
  const frame = [
    box(1.2, 0.06, 0.08, [0, window.sill, depth / 2]),
    box(1.2, 0.06, 0.08, [0, window.lintel, depth / 2]),
    box(0.06, 1.1, 0.08, [-0.6, (window.sill + window.lintel) / 2, depth / 2]),
    box(0.06, 1.1, 0.08, [0.6, (window.sill + window.lintel) / 2, depth / 2]),
  ];
  return [
    {
      name: 'Walls',
      material: {
        name: 'Brick',
        color: colour(p.vary([0.66, 0.32, 0.24], 0.05)),
        texture: { fileName: 'brick.png' },
      },
      meshes: [...front, ...back, ...side, ...otherSide],
    },
    {
      name: 'Floor',
      material: { name: 'Floor tiles', color: colour([0.85, 0.83, 0.8]), texture: { fileName: 'tiles.png' } },
      meshes: [
        box(width + 0.2, 0.1, depth + 0.2, [0, -0.05, 0]),
        box(width + 0.4, 0.15, depth + 0.4, [0, height + 0.075, 0]),
      ],
    },
    {
      name: 'Window',
      material: { name: 'Window frame', color: colour([0.95, 0.95, 0.95]) },
      meshes: frame,
    },
  ];
}

const BUILDERS: Record<DemoShapeKind, (p: Palette) => Part[]> = { chair, table, sofa, lamp, shelf, building };

const TEXTURES: Record<string, (seed: number, p: Palette) => Promise<Buffer>> = {
  'wood-planks.png': (seed, p) => woodPlanks(seed, bytes(p.vary(WOOD, 0.06))),
  'tiles.png': (seed, p) => floorTiles(seed, bytes(p.vary([0.82, 0.8, 0.76], 0.04))),
  'brick.png': (seed, p) => brick(seed, bytes(p.vary([0.62, 0.3, 0.22], 0.05))),
};

/** A demo shape of `kind` as an FBX scene in centimetres, with its textures. */
export async function demoShape(kind: DemoShapeKind, seed = 1): Promise<DemoShape> {
  const p = palette(seed * 7919 + DEMO_SHAPE_KINDS.indexOf(kind));
  const parts = BUILDERS[kind](p);
  const nodes: FbxNode[] = parts.map((part) => ({
    name: part.name,
    mesh: scaled(mergeMeshes(part.meshes), 100),
    material: part.material,
  }));
  const textures: Record<string, Buffer> = {};
  for (const part of parts) {
    const fileName = part.material.texture?.fileName;
    if (fileName && !textures[fileName]) textures[fileName] = await TEXTURES[fileName](seed, p);
  }
  const name = kind[0].toUpperCase() + kind.slice(1);
  return { scene: { unitScaleCm: 1, upAxis: 'y', nodes: [{ name, children: nodes }] }, textures };
}

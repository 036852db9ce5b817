/**
 * The preview pictures of models and materials, drawn on the server from the real geometry with the software
 * renderer of rasterizer.ts (there is no GPU nor headless GL there), at card size and at 2×, as WebP.
 *
 * `renderModelPreview` draws the default scene of a glTF document: every triangle primitive (lists, strips, fans;
 * indexed or not) of every node with its world matrix, its normals (face normals when it has none), its
 * material's base colour, base-colour map (TEXCOORD_n, bilinear, the sampler's wrapping), vertex colours,
 * metalness, roughness, emission and alpha (cut-outs, and screen-door transparency for blended materials); both
 * sides of every surface. The camera looks from front-right-above (azimuth 35°, elevation 25°, Y up, glTF's front
 * towards +Z) with a mild perspective, its image framed on the model's projected outline so the model fills the
 * 16:9 card but for a small margin. The light is a studio set-up in linear light: a key light that casts shadows
 * (a shadow map seen from the light), a fill light, a sky/ground hemisphere, a Blinn-Phong highlight and a soft
 * studio reflection; then tone-mapped to sRGB. The model stands on an invisible ground over a light-grey vertical
 * gradient, where it leaves a soft contact shadow (the model seen from below, darker where it is close to the
 * ground) and a light cast shadow, both blurred.
 *
 * Every 2× pixel has 2 × 2 samples where they see different triangles, and the 1× picture averages the 2× one in
 * linear light. A 200 000-triangle mesh takes about half a second on one core, a few million triangles a couple
 * of seconds: the time goes with the pixels more than the triangles, so large meshes are drawn as they are rather
 * than simplified first (meshoptimizer's simplifier alone takes longer than drawing them).
 *
 * `renderMaterialPreview` draws a sphere resting on the same ground with the same lights, its base-colour map
 * wrapped twice around it.
 *
 * A scene without triangles is an Error (the model pipeline reports it as a failure).
 */
import type { Document, Material, Primitive, Texture } from '@gltf-transform/core';
import sharp from 'sharp';
import {
  blur,
  type Camera,
  type CoverageTest,
  createVisibilityBuffer,
  cross,
  direction,
  frame,
  normalize,
  orbitCamera,
  picture,
  rasterize,
  type Sampler,
  SRGB_TO_LINEAR,
  type Vec3,
} from './rasterizer';

/** An sRGB colour, 0–255 a channel. */
export type Rgb = [number, number, number];

export interface ModelPreviewOptions {
  /** The 1× picture's size; the 2× one is twice that. 640 × 360 (the card's 16:9) unless given. */
  width?: number;
  height?: number;
  /** The backdrop's colour at its middle (it runs a little lighter above and darker below). */
  background?: Rgb;
}

export interface ModelPreview {
  image1x: Buffer;
  image2x: Buffer;
  width: number;
  height: number;
}

export interface MaterialPreviewOptions {
  /** Multiplies the map; a light grey without a map. */
  baseColor?: Rgb;
  /** The base-colour map, as image file bytes (PNG, JPEG, WebP…). */
  texture?: Buffer;
  width?: number;
  height?: number;
}

export interface MaterialPreview {
  image1x: Buffer;
  image2x: Buffer;
}

const DEFAULT_WIDTH = 640;
const DEFAULT_HEIGHT = 360;
const DEFAULT_BACKGROUND: Rgb = [234, 236, 240];
/** Textures are read at most this size a side: the preview never shows more detail. */
const MAX_TEXTURE = 1024;
const MODEL_VIEW = { azimuth: 35, elevation: 25, fieldOfView: 30 };
/** The material ball is seen a little lower, so the map's pole stays near its outline. */
const BALL_VIEW = { azimuth: 35, elevation: 12, fieldOfView: 30 };
const KEY_SHADOW_SIZE = 1024;
/** Thresholds of the screen-door transparency of blended surfaces, over 4 × 4 samples. */
const SCREEN_DOOR = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16);

const TRIANGLES = 4;
const TRIANGLE_STRIP = 5;
const TRIANGLE_FAN = 6;
const CLAMP_TO_EDGE = 33071;
const MIRRORED_REPEAT = 33648;

function pictureSize(options: { width?: number; height?: number }): { width: number; height: number } {
  const side = (value: number | undefined, fallback: number) =>
    value !== undefined && Number.isFinite(value) && value >= 1
      ? Math.min(2048, Math.round(value))
      : fallback;
  return { width: side(options.width, DEFAULT_WIDTH), height: side(options.height, DEFAULT_HEIGHT) };
}

const linearOf = (rgb: Rgb): Vec3 => {
  const byte = (value: number) => Math.min(255, Math.max(0, Math.round(value)));
  return [SRGB_TO_LINEAR[byte(rgb[0])], SRGB_TO_LINEAR[byte(rgb[1])], SRGB_TO_LINEAR[byte(rgb[2])]];
};

// ---------------------------------------------------------------------------------------------------------------
// Textures.

interface TextureImage {
  width: number;
  height: number;
  /** sRGB RGBA bytes. */
  data: Uint8Array;
}

/** Decodes an image to RGBA; null when sharp cannot read it (KTX2, a broken file): the colour factor stays. */
async function decodeTexture(bytes: Uint8Array): Promise<TextureImage | null> {
  try {
    const { data, info } = await sharp(bytes)
      .resize(MAX_TEXTURE, MAX_TEXTURE, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  } catch {
    return null;
  }
}

function wrap(i: number, n: number, mode: number): number {
  if (mode === CLAMP_TO_EDGE) return i < 0 ? 0 : i >= n ? n - 1 : i;
  if (mode === MIRRORED_REPEAT) {
    const m = ((i % (2 * n)) + 2 * n) % (2 * n);
    return m < n ? m : 2 * n - 1 - m;
  }
  return ((i % n) + n) % n;
}

/** Bilinear sample in linear light: out[0..3] = r, g, b, a. */
function sampleTexture(
  image: TextureImage,
  wrapS: number,
  wrapT: number,
  u: number,
  v: number,
  out: Float64Array,
): void {
  const x = (Number.isFinite(u) ? u : 0) * image.width - 0.5;
  const y = (Number.isFinite(v) ? v : 0) * image.height - 0.5;
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const tx = x - fx;
  const ty = y - fy;
  const x0 = wrap(fx, image.width, wrapS) * 4;
  const x1 = wrap(fx + 1, image.width, wrapS) * 4;
  const y0 = wrap(fy, image.height, wrapT) * image.width * 4;
  const y1 = wrap(fy + 1, image.height, wrapT) * image.width * 4;
  const d = image.data;
  const w00 = (1 - tx) * (1 - ty);
  const w10 = tx * (1 - ty);
  const w01 = (1 - tx) * ty;
  const w11 = tx * ty;
  for (let c = 0; c < 3; c += 1)
    out[c] =
      SRGB_TO_LINEAR[d[y0 + x0 + c]] * w00 +
      SRGB_TO_LINEAR[d[y0 + x1 + c]] * w10 +
      SRGB_TO_LINEAR[d[y1 + x0 + c]] * w01 +
      SRGB_TO_LINEAR[d[y1 + x1 + c]] * w11;
  out[3] = (d[y0 + x0 + 3] * w00 + d[y0 + x1 + 3] * w10 + d[y1 + x0 + 3] * w01 + d[y1 + x1 + 3] * w11) / 255;
}

// ---------------------------------------------------------------------------------------------------------------
// Light.

/** Towards the lights, in world space. */
const KEY = direction(-35, 50);
const FILL = direction(105, 15);
const KEY_LIGHT: Vec3 = [1.3, 1.25, 1.18];
const FILL_LIGHT: Vec3 = [0.3, 0.33, 0.38];
const SKY: Vec3 = [0.54, 0.56, 0.6];
const GROUND: Vec3 = [0.17, 0.16, 0.15];

/**
 * Studio light on a surface, in linear light, into `out`: the normal and the direction towards the eye are unit
 * vectors; `keyLit` is how much of the key light reaches the point (its shadow), `occlusion` how much of the
 * rest (near the ground, less).
 */
function shade(
  out: Float64Array,
  nx: number,
  ny: number,
  nz: number,
  vx: number,
  vy: number,
  vz: number,
  r: number,
  g: number,
  b: number,
  metallic: number,
  roughness: number,
  keyLit: number,
  occlusion: number,
): void {
  const keyDot = nx * KEY[0] + ny * KEY[1] + nz * KEY[2];
  const fillDot = nx * FILL[0] + ny * FILL[1] + nz * FILL[2];
  const key = keyDot > 0 ? keyDot * keyLit : 0;
  const fill = (fillDot > 0 ? fillDot : 0) * occlusion;
  const sky = (0.5 + 0.5 * ny) * occlusion;
  const lightR =
    KEY_LIGHT[0] * key + FILL_LIGHT[0] * fill + GROUND[0] * occlusion + (SKY[0] - GROUND[0]) * sky;
  const lightG =
    KEY_LIGHT[1] * key + FILL_LIGHT[1] * fill + GROUND[1] * occlusion + (SKY[1] - GROUND[1]) * sky;
  const lightB =
    KEY_LIGHT[2] * key + FILL_LIGHT[2] * fill + GROUND[2] * occlusion + (SKY[2] - GROUND[2]) * sky;
  // Blinn-Phong on the key light, as sharp as the surface is smooth.
  const alpha = Math.max(0.08, roughness) ** 2;
  const shininess = Math.min(2048, Math.max(1, 2 / (alpha * alpha) - 2));
  let hx = KEY[0] + vx;
  let hy = KEY[1] + vy;
  let hz = KEY[2] + vz;
  const hl = Math.sqrt(hx * hx + hy * hy + hz * hz) || 1;
  hx /= hl;
  hy /= hl;
  hz /= hl;
  const nh = nx * hx + ny * hy + nz * hz;
  const smooth = 1 - roughness;
  const highlight = key > 0 && nh > 0 ? ((shininess + 8) / 8) * nh ** shininess * key * smooth : 0;
  // A studio reflection (bright above, dark below), blurred into the diffuse light as roughness grows.
  const nv = Math.max(0, nx * vx + ny * vy + nz * vz);
  const reflectedY = 2 * nv * ny - vy;
  const studio = (0.2 + 1.1 * Math.min(1, Math.max(0, (reflectedY + 0.1) / 0.7))) * smooth * occlusion;
  const fresnel = (1 - nv) ** 5 * smooth * smooth;
  const diffuse = 1 - metallic;
  const f0r = 0.04 + (r - 0.04) * metallic;
  const f0g = 0.04 + (g - 0.04) * metallic;
  const f0b = 0.04 + (b - 0.04) * metallic;
  const specR = f0r + (1 - f0r) * fresnel;
  const specG = f0g + (1 - f0g) * fresnel;
  const specB = f0b + (1 - f0b) * fresnel;
  out[0] =
    r * diffuse * (1 - specR) * lightR + specR * (highlight * KEY_LIGHT[0] + studio + lightR * roughness);
  out[1] =
    g * diffuse * (1 - specG) * lightG + specG * (highlight * KEY_LIGHT[1] + studio + lightG * roughness);
  out[2] =
    b * diffuse * (1 - specB) * lightB + specB * (highlight * KEY_LIGHT[2] + studio + lightB * roughness);
}

/** The key light's shadow map: the scene seen from the light, orthographic, over its bounding sphere. */
interface KeyShadow {
  center: Vec3;
  right: Vec3;
  up: Vec3;
  /** Map pixels per metre, and the depth key's offset (depth = distance towards the light + offset). */
  scale: number;
  offset: number;
  depth: Float32Array;
}

function keyShadowOf(
  positions: Float32Array,
  indices: Uint32Array,
  center: Vec3,
  radius: number,
  tested?: Uint8Array,
  coverage?: CoverageTest,
): KeyShadow {
  const right = normalize(cross(KEY, [0, 1, 0]));
  const up = cross(right, KEY);
  const scale = KEY_SHADOW_SIZE / (2.1 * radius);
  const offset = 2 * radius;
  const screen = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i] - center[0];
    const y = positions[i + 1] - center[1];
    const z = positions[i + 2] - center[2];
    screen[i] = KEY_SHADOW_SIZE / 2 + (x * right[0] + y * right[1] + z * right[2]) * scale;
    screen[i + 1] = KEY_SHADOW_SIZE / 2 - (x * up[0] + y * up[1] + z * up[2]) * scale;
    screen[i + 2] = x * KEY[0] + y * KEY[1] + z * KEY[2] + offset;
  }
  const map = createVisibilityBuffer(KEY_SHADOW_SIZE, KEY_SHADOW_SIZE);
  rasterize(map, screen, indices, tested, coverage);
  return { center, right, up, scale, offset, depth: map.depth };
}

/** How much of the key light reaches a point (0–1, over 4 × 4 map pixels), its normal towards the light's side. */
function keyLitAt(
  shadow: KeyShadow,
  px: number,
  py: number,
  pz: number,
  nx: number,
  ny: number,
  nz: number,
): number {
  const { center, right, up, scale, depth } = shadow;
  // The point moves 1.5 map pixels off its surface, so the surface does not shadow itself.
  const lift = 1.5 / scale;
  const x = px + nx * lift - center[0];
  const y = py + ny * lift - center[1];
  const z = pz + nz * lift - center[2];
  const mx = Math.round(KEY_SHADOW_SIZE / 2 + (x * right[0] + y * right[1] + z * right[2]) * scale) - 2;
  const my = Math.round(KEY_SHADOW_SIZE / 2 - (x * up[0] + y * up[1] + z * up[2]) * scale) - 2;
  const q = x * KEY[0] + y * KEY[1] + z * KEY[2] + shadow.offset + 1 / scale;
  let lit = 0;
  for (let row = my; row < my + 4; row += 1)
    for (let column = mx; column < mx + 4; column += 1) {
      if (row < 0 || column < 0 || row >= KEY_SHADOW_SIZE || column >= KEY_SHADOW_SIZE) lit += 1;
      else {
        const stored = depth[row * KEY_SHADOW_SIZE + column];
        if (stored === 0 || q >= stored) lit += 1;
      }
    }
  return lit / 16;
}

// ---------------------------------------------------------------------------------------------------------------
// The ground.

/** The backdrop of each sample row: a light vertical gradient around the given colour, in linear light. */
function backdrop(background: Rgb, rows: number): Float32Array {
  const top = linearOf([background[0] * 1.035, background[1] * 1.035, background[2] * 1.035]);
  const bottom = linearOf([background[0] * 0.9, background[1] * 0.9, background[2] * 0.9]);
  const values = new Float32Array(rows * 3);
  for (let y = 0; y < rows; y += 1) {
    const t = y / Math.max(1, rows - 1);
    const s = t * t * (3 - 2 * t);
    for (let c = 0; c < 3; c += 1) values[y * 3 + c] = top[c] + (bottom[c] - top[c]) * s;
  }
  return values;
}

/** A soft shadow on the ground plane y = groundY: its darkness (0–1) per cell of an x–z grid. */
interface GroundShadow {
  groundY: number;
  x0: number;
  z0: number;
  cell: number;
  columns: number;
  rows: number;
  darkness: Float32Array;
}

function darknessAt(shadow: GroundShadow, x: number, z: number): number {
  const gx = (x - shadow.x0) / shadow.cell - 0.5;
  const gz = (z - shadow.z0) / shadow.cell - 0.5;
  if (!(gx >= 0 && gz >= 0 && gx < shadow.columns - 1 && gz < shadow.rows - 1)) return 0;
  const ix = Math.floor(gx);
  const iz = Math.floor(gz);
  const tx = gx - ix;
  const tz = gz - iz;
  const d = shadow.darkness;
  const i = iz * shadow.columns + ix;
  const next = i + shadow.columns;
  return (d[i] * (1 - tx) + d[i + 1] * tx) * (1 - tz) + (d[next] * (1 - tx) + d[next + 1] * tx) * tz;
}

/** The ground seen by the camera at sample point (px, py): the backdrop, darkened where the shadow falls. */
function groundSample(
  camera: Camera,
  shadow: GroundShadow,
  rows: Float32Array,
  px: number,
  py: number,
  out: Float64Array,
): void {
  const u = (px - camera.cx) / camera.f;
  const v = (camera.cy - py) / camera.f;
  const { eye, right, up, forward } = camera;
  const dy = right[1] * u + up[1] * v + forward[1];
  let light = 1;
  if (dy < -1e-9) {
    const t = (shadow.groundY - eye[1]) / dy;
    const x = eye[0] + t * (right[0] * u + up[0] * v + forward[0]);
    const z = eye[2] + t * (right[2] * u + up[2] * v + forward[2]);
    light = 1 - darknessAt(shadow, x, z);
  }
  const row = Math.min(rows.length / 3 - 1, Math.floor(py)) * 3;
  out[0] = rows[row] * light;
  out[1] = rows[row + 1] * light;
  out[2] = rows[row + 2] * light;
}

// ---------------------------------------------------------------------------------------------------------------
// The model: its triangles in world space, with what their materials need.

const OPAQUE = 0;
const MASK = 1;
const BLEND = 2;

/** A glTF material as the shader reads it (factors in linear light). */
interface Surface {
  r: number;
  g: number;
  b: number;
  a: number;
  texture: TextureImage | null;
  texCoord: number;
  wrapS: number;
  wrapT: number;
  alphaMode: number;
  cutoff: number;
  metallic: number;
  roughness: number;
  emissive: Vec3;
}

/** One primitive drawn by one node: its surface and which vertex attributes it has. */
interface Batch {
  surface: Surface;
  normals: boolean;
  uvs: boolean;
  colors: boolean;
}

/** A neutral grey for primitives without a material (glTF's default white would vanish on the backdrop). */
const DEFAULT_SURFACE: Surface = {
  r: 0.5,
  g: 0.5,
  b: 0.5,
  a: 1,
  texture: null,
  texCoord: 0,
  wrapS: 0,
  wrapT: 0,
  alphaMode: OPAQUE,
  cutoff: 0.5,
  metallic: 0,
  roughness: 0.6,
  emissive: [0, 0, 0],
};

async function surfaceOf(
  material: Material,
  textures: Map<Texture, Promise<TextureImage | null>>,
): Promise<Surface> {
  const [r, g, b, a] = material.getBaseColorFactor();
  const texture = material.getBaseColorTexture();
  const info = material.getBaseColorTextureInfo();
  let image: TextureImage | null = null;
  const bytes = texture?.getImage();
  if (texture && bytes) {
    if (!textures.has(texture)) textures.set(texture, decodeTexture(bytes));
    image = (await textures.get(texture)) ?? null;
  }
  const mode = material.getAlphaMode();
  return {
    r,
    g,
    b,
    a,
    texture: image,
    texCoord: info?.getTexCoord() ?? 0,
    wrapS: info?.getWrapS() ?? 0,
    wrapT: info?.getWrapT() ?? 0,
    alphaMode: mode === 'MASK' ? MASK : mode === 'BLEND' ? BLEND : OPAQUE,
    cutoff: material.getAlphaCutoff(),
    metallic: Math.min(1, Math.max(0, material.getMetallicFactor())),
    roughness: Math.min(1, Math.max(0, material.getRoughnessFactor())),
    emissive: material.getEmissiveFactor(),
  };
}

/**
 * The primitive's triangles (strips and fans unrolled, out-of-range indices dropped) over the vertices they use,
 * renumbered in `vertices` order: vertices no triangle uses are neither drawn nor framed, and primitives that
 * share one large vertex buffer copy only their part of it. `remap` is all −1, at least `vertexCount` long, and
 * is left so.
 */
function drawnTriangles(
  primitive: Primitive,
  vertexCount: number,
  remap: Int32Array,
): { vertices: Uint32Array; triangles: Uint32Array } {
  const source = primitive.getIndices()?.getArray() ?? null;
  const length = source ? source.length : vertexCount;
  const mode = primitive.getMode();
  const count = mode === TRIANGLES ? Math.floor(length / 3) : Math.max(0, length - 2);
  const triangles = new Uint32Array(count * 3);
  let written = 0;
  for (let t = 0; t < count; t += 1) {
    // Corners in the index list; a strip's odd triangles turn the other way.
    let a = mode === TRIANGLES ? t * 3 : mode === TRIANGLE_FAN ? 0 : t % 2 === 0 ? t : t + 1;
    let b = mode === TRIANGLES ? t * 3 + 1 : mode === TRIANGLE_FAN ? t + 1 : t % 2 === 0 ? t + 1 : t;
    let c = mode === TRIANGLES ? t * 3 + 2 : t + 2;
    if (source) {
      a = source[a];
      b = source[b];
      c = source[c];
    }
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    triangles[written] = a;
    triangles[written + 1] = b;
    triangles[written + 2] = c;
    written += 3;
  }
  const vertices = new Uint32Array(Math.min(vertexCount, written));
  let used = 0;
  for (let k = 0; k < written; k += 1) {
    const vertex = triangles[k];
    if (remap[vertex] < 0) {
      remap[vertex] = used;
      vertices[used] = vertex;
      used += 1;
    }
    triangles[k] = remap[vertex];
  }
  for (let k = 0; k < used; k += 1) remap[vertices[k]] = -1;
  return { vertices: vertices.subarray(0, used), triangles: triangles.subarray(0, written) };
}

interface Scene {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  colors: Float32Array;
  indices: Uint32Array;
  /** Per triangle: its batch, and its geometric normal (facing the primitive's front). */
  batchOf: Uint32Array;
  faceNormals: Float32Array;
  batches: Batch[];
  min: Vec3;
  max: Vec3;
}

/** Every triangle of the default scene in world space. */
async function sceneOf(document: Document): Promise<Scene> {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const draws: Array<{
    primitive: Primitive;
    matrix: number[];
    vertices: Uint32Array;
    triangles: Uint32Array;
    batch: Batch;
  }> = [];
  const textures = new Map<Texture, Promise<TextureImage | null>>();
  const surfaces = new Map<Material, Promise<Surface>>();
  const pending: Array<Promise<void>> = [];
  let remap = new Int32Array(0);
  scene?.traverse((node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    const matrix = Array.from(node.getWorldMatrix());
    for (const primitive of mesh.listPrimitives()) {
      const mode = primitive.getMode();
      const position = primitive.getAttribute('POSITION');
      if ((mode !== TRIANGLES && mode !== TRIANGLE_STRIP && mode !== TRIANGLE_FAN) || !position) continue;
      if (remap.length < position.getCount()) remap = new Int32Array(position.getCount()).fill(-1);
      const { vertices, triangles } = drawnTriangles(primitive, position.getCount(), remap);
      if (!triangles.length) continue;
      const material = primitive.getMaterial();
      const batch: Batch = { surface: DEFAULT_SURFACE, normals: false, uvs: false, colors: false };
      if (material) {
        if (!surfaces.has(material)) surfaces.set(material, surfaceOf(material, textures));
        const surface = surfaces.get(material);
        if (surface)
          pending.push(
            surface.then((found) => {
              batch.surface = found;
            }),
          );
      }
      draws.push({ primitive, matrix, vertices, triangles, batch });
    }
  });
  await Promise.all(pending);

  let vertexCount = 0;
  let triangleCount = 0;
  for (const draw of draws) {
    vertexCount += draw.vertices.length;
    triangleCount += draw.triangles.length / 3;
  }
  if (!triangleCount) throw new Error('The model has no triangles to draw a preview of');
  const anyColors = draws.some((draw) => draw.primitive.getAttribute('COLOR_0'));
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  const uvs = new Float32Array(vertexCount * 2);
  const colors = new Float32Array(anyColors ? vertexCount * 4 : 0);
  const indices = new Uint32Array(triangleCount * 3);
  const batchOf = new Uint32Array(triangleCount);
  const faceNormals = new Float32Array(triangleCount * 3);
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  const element: number[] = [0, 0, 0, 0];
  let firstVertex = 0;
  let firstTriangle = 0;
  draws.forEach((draw, batchIndex) => {
    const m = draw.matrix;
    // The normal matrix: the cofactors of the upper 3 × 3 (its inverse transpose times the determinant).
    const n = [
      m[5] * m[10] - m[6] * m[9],
      m[6] * m[8] - m[4] * m[10],
      m[4] * m[9] - m[5] * m[8],
      m[9] * m[2] - m[10] * m[1],
      m[10] * m[0] - m[8] * m[2],
      m[8] * m[1] - m[9] * m[0],
      m[1] * m[6] - m[2] * m[5],
      m[2] * m[4] - m[0] * m[6],
      m[0] * m[5] - m[1] * m[4],
    ];
    const mirrored = m[0] * n[0] + m[1] * n[1] + m[2] * n[2] < 0 ? -1 : 1;
    const position = draw.primitive.getAttribute('POSITION');
    const normal = draw.primitive.getAttribute('NORMAL');
    const uv = draw.batch.surface.texture
      ? draw.primitive.getAttribute(`TEXCOORD_${draw.batch.surface.texCoord}`)
      : null;
    const color = draw.primitive.getAttribute('COLOR_0');
    const count = position?.getCount() ?? 0;
    draw.batch.normals = !!normal && normal.getCount() === count;
    draw.batch.uvs = !!uv && uv.getCount() === count;
    draw.batch.colors = !!color && color.getCount() === count;
    for (let k = 0; k < draw.vertices.length; k += 1) {
      const i = draw.vertices[k];
      const v = (firstVertex + k) * 3;
      position?.getElement(i, element);
      const [x, y, z] = element;
      const wx = m[0] * x + m[4] * y + m[8] * z + m[12];
      const wy = m[1] * x + m[5] * y + m[9] * z + m[13];
      const wz = m[2] * x + m[6] * y + m[10] * z + m[14];
      positions[v] = wx;
      positions[v + 1] = wy;
      positions[v + 2] = wz;
      // A broken vertex (NaN, infinite) is left out of the bounds; its triangles draw nothing.
      if (Number.isFinite(wx + wy + wz)) {
        min[0] = Math.min(min[0], wx);
        min[1] = Math.min(min[1], wy);
        min[2] = Math.min(min[2], wz);
        max[0] = Math.max(max[0], wx);
        max[1] = Math.max(max[1], wy);
        max[2] = Math.max(max[2], wz);
      }
      if (draw.batch.normals) {
        normal?.getElement(i, element);
        const [a, b, c] = element;
        const nx = (n[0] * a + n[3] * b + n[6] * c) * mirrored;
        const ny = (n[1] * a + n[4] * b + n[7] * c) * mirrored;
        const nz = (n[2] * a + n[5] * b + n[8] * c) * mirrored;
        const length = Math.hypot(nx, ny, nz) || 1;
        normals[v] = nx / length;
        normals[v + 1] = ny / length;
        normals[v + 2] = nz / length;
      }
      if (draw.batch.uvs) {
        uv?.getElement(i, element);
        uvs[(firstVertex + k) * 2] = element[0];
        uvs[(firstVertex + k) * 2 + 1] = element[1];
      }
      if (draw.batch.colors) {
        element[3] = 1;
        color?.getElement(i, element);
        colors.set(element.slice(0, 4), (firstVertex + k) * 4);
        if (color?.getType() !== 'VEC4') colors[(firstVertex + k) * 4 + 3] = 1;
      }
    }
    const triangles = draw.triangles;
    for (let t = 0; t < triangles.length / 3; t += 1) {
      const at = (firstTriangle + t) * 3;
      const a = (indices[at] = triangles[t * 3] + firstVertex) * 3;
      const b = (indices[at + 1] = triangles[t * 3 + 1] + firstVertex) * 3;
      const c = (indices[at + 2] = triangles[t * 3 + 2] + firstVertex) * 3;
      batchOf[firstTriangle + t] = batchIndex;
      const e1x = positions[b] - positions[a];
      const e1y = positions[b + 1] - positions[a + 1];
      const e1z = positions[b + 2] - positions[a + 2];
      const e2x = positions[c] - positions[a];
      const e2y = positions[c + 1] - positions[a + 1];
      const e2z = positions[c + 2] - positions[a + 2];
      const fx = (e1y * e2z - e1z * e2y) * mirrored;
      const fy = (e1z * e2x - e1x * e2z) * mirrored;
      const fz = (e1x * e2y - e1y * e2x) * mirrored;
      const length = Math.hypot(fx, fy, fz) || 1;
      faceNormals[at] = fx / length;
      faceNormals[at + 1] = fy / length;
      faceNormals[at + 2] = fz / length;
    }
    firstVertex += draw.vertices.length;
    firstTriangle += triangles.length / 3;
  });
  if (![...min, ...max].every(Number.isFinite)) throw new Error('The model has no finite geometry to draw');
  return {
    positions,
    normals,
    uvs,
    colors,
    indices,
    batchOf,
    faceNormals,
    batches: draws.map((draw) => draw.batch),
    min,
    max,
  };
}

/**
 * The shadow on the ground, on an x–z grid under the model: the model seen from below gives each cell its height
 * above the ground, hence a dark contact shadow where the model touches the ground and a wide faint one under
 * the rest; the key light's shadow map adds its cast shadow, light. All three blurred.
 */
function groundShadowOf(scene: Scene, size: number, keyShadow: KeyShadow): GroundShadow {
  const { min, max } = scene;
  // The key light's shadow falls up to the model's height / tan(50°) away.
  const pad = Math.max(size * 0.3, (max[1] - min[1]) * 0.9);
  const x0 = min[0] - pad;
  const z0 = min[2] - pad;
  const across = max[0] - min[0] + 2 * pad;
  const deep = max[2] - min[2] + 2 * pad;
  // About 200 × 200 cells, however long the model (at most 2048 along it).
  const cell = Math.max(Math.sqrt(across * deep) / 200, Math.max(across, deep) / 2048);
  const columns = Math.ceil(across / cell) + 1;
  const rows = Math.ceil(deep / cell) + 1;
  const top = max[1] + size * 0.01;
  const count = scene.positions.length / 3;
  const screen = new Float32Array(count * 3);
  for (let i = 0; i < count; i += 1) {
    screen[i * 3] = (scene.positions[i * 3] - x0) / cell;
    screen[i * 3 + 1] = (scene.positions[i * 3 + 2] - z0) / cell;
    screen[i * 3 + 2] = top - scene.positions[i * 3 + 1];
  }
  const below = createVisibilityBuffer(columns, rows);
  rasterize(below, screen, scene.indices);
  const contact = new Float32Array(columns * rows);
  const ambient = new Float32Array(columns * rows);
  const cast = new Float32Array(columns * rows);
  for (let i = 0; i < contact.length; i += 1) {
    const x = x0 + ((i % columns) + 0.5) * cell;
    const z = z0 + (Math.floor(i / columns) + 0.5) * cell;
    cast[i] = 1 - keyLitAt(keyShadow, x, min[1], z, 0, 1, 0);
    if (!below.triangle[i]) continue;
    const height = top - below.depth[i] - min[1];
    contact[i] = Math.exp(-height / (size * 0.04));
    ambient[i] = Math.exp(-height / (size * 0.5));
  }
  blur(contact, columns, rows, (size * 0.025) / cell);
  blur(ambient, columns, rows, (size * 0.12) / cell);
  blur(cast, columns, rows, (size * 0.02) / cell);
  const darkness = new Float32Array(columns * rows);
  for (let i = 0; i < darkness.length; i += 1)
    darkness[i] = 1 - (1 - Math.min(0.85, 0.4 * contact[i] + 0.4 * ambient[i])) * (1 - 0.22 * cast[i]);
  return { groundY: min[1], x0, z0, cell, columns, rows, darkness };
}

// ---------------------------------------------------------------------------------------------------------------
// The renderers.

export async function renderModelPreview(
  document: Document,
  options: ModelPreviewOptions = {},
): Promise<ModelPreview> {
  const { width, height } = pictureSize(options);
  const scene = await sceneOf(document);
  const { positions, normals, uvs, colors, indices, batchOf, faceNormals, batches, min, max } = scene;
  const columns = width * 4;
  const rows = height * 4;

  const center: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  let radius = 0;
  for (let i = 0; i < positions.length; i += 3) {
    const distance = Math.hypot(
      positions[i] - center[0],
      positions[i + 1] - center[1],
      positions[i + 2] - center[2],
    );
    if (distance > radius && Number.isFinite(distance)) radius = distance;
  }
  radius ||= 1;
  // The model's size for its shadows: its middle extent, so a long thin model keeps a thin shadow.
  const extents = [max[0] - min[0], max[1] - min[1], max[2] - min[2]].sort((a, b) => a - b);
  const size = Math.max(extents[1], extents[2] * 0.05) || radius;
  const camera = orbitCamera(center, radius, MODEL_VIEW);
  frame(camera, positions, columns, rows, 0.06, 0.09);

  // Project: x and y in sample pixels, q = 1/depth.
  const { eye, right, up, forward, f, cx, cy } = camera;
  const screen = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i] - eye[0];
    const y = positions[i + 1] - eye[1];
    const z = positions[i + 2] - eye[2];
    const q = 1 / (x * forward[0] + y * forward[1] + z * forward[2]);
    screen[i] = cx + f * q * (x * right[0] + y * right[1] + z * right[2]);
    screen[i + 1] = cy - f * q * (x * up[0] + y * up[1] + z * up[2]);
    screen[i + 2] = q;
  }

  const texel = new Float64Array(4);
  const coverage: CoverageTest = (t, w1, w2, x, y) => {
    const batch = batches[batchOf[t]];
    const surface = batch.surface;
    const i0 = indices[t * 3];
    const i1 = indices[t * 3 + 1];
    const i2 = indices[t * 3 + 2];
    const w0 = 1 - w1 - w2;
    let alpha = surface.a;
    if (batch.colors) alpha *= w0 * colors[i0 * 4 + 3] + w1 * colors[i1 * 4 + 3] + w2 * colors[i2 * 4 + 3];
    if (surface.texture && batch.uvs) {
      const u = w0 * uvs[i0 * 2] + w1 * uvs[i1 * 2] + w2 * uvs[i2 * 2];
      const v = w0 * uvs[i0 * 2 + 1] + w1 * uvs[i1 * 2 + 1] + w2 * uvs[i2 * 2 + 1];
      sampleTexture(surface.texture, surface.wrapS, surface.wrapT, u, v, texel);
      alpha *= texel[3];
    }
    // Blended surfaces: a share of the samples as large as the alpha (screen-door), averaged into see-through.
    return surface.alphaMode === MASK ? alpha >= surface.cutoff : alpha > SCREEN_DOOR[(y & 3) * 4 + (x & 3)];
  };
  const tested = new Uint8Array(batchOf.length);
  for (let t = 0; t < tested.length; t += 1)
    tested[t] = batches[batchOf[t]].surface.alphaMode === OPAQUE ? 0 : 1;
  const visibility = createVisibilityBuffer(columns, rows);
  rasterize(visibility, screen, indices, tested, coverage);

  const keyShadow = keyShadowOf(positions, indices, center, radius, tested, coverage);
  const groundShadow = groundShadowOf(scene, size, keyShadow);
  const backdropRows = backdrop(options.background ?? DEFAULT_BACKGROUND, rows);
  const groundY = min[1];
  const nearGround = size * 0.06;
  const { triangle, weight1, weight2 } = visibility;
  const sample: Sampler = (px, py, out) => {
    const index = Math.floor(py) * columns + Math.floor(px);
    const t = triangle[index] - 1;
    if (t < 0) {
      groundSample(camera, groundShadow, backdropRows, px, py, out);
      return;
    }
    const batch = batches[batchOf[t]];
    const surface = batch.surface;
    const w1 = weight1[index];
    const w2 = weight2[index];
    const w0 = 1 - w1 - w2;
    const i0 = indices[t * 3];
    const i1 = indices[t * 3 + 1];
    const i2 = indices[t * 3 + 2];
    // Towards the eye.
    const u = (px - cx) / f;
    const v = (cy - py) / f;
    let vx = -(right[0] * u + up[0] * v + forward[0]);
    let vy = -(right[1] * u + up[1] * v + forward[1]);
    let vz = -(right[2] * u + up[2] * v + forward[2]);
    const vl = Math.sqrt(vx * vx + vy * vy + vz * vz);
    vx /= vl;
    vy /= vl;
    vz /= vl;
    // Both sides of every surface are drawn; the back side is lit as its own front.
    const facing =
      faceNormals[t * 3] * vx + faceNormals[t * 3 + 1] * vy + faceNormals[t * 3 + 2] * vz < 0 ? -1 : 1;
    const gx = faceNormals[t * 3] * facing;
    const gy = faceNormals[t * 3 + 1] * facing;
    const gz = faceNormals[t * 3 + 2] * facing;
    let nx = gx;
    let ny = gy;
    let nz = gz;
    if (batch.normals) {
      nx = (w0 * normals[i0 * 3] + w1 * normals[i1 * 3] + w2 * normals[i2 * 3]) * facing;
      ny = (w0 * normals[i0 * 3 + 1] + w1 * normals[i1 * 3 + 1] + w2 * normals[i2 * 3 + 1]) * facing;
      nz = (w0 * normals[i0 * 3 + 2] + w1 * normals[i1 * 3 + 2] + w2 * normals[i2 * 3 + 2]) * facing;
      const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
      if (nl > 1e-12) {
        nx /= nl;
        ny /= nl;
        nz /= nl;
      } else {
        nx = gx;
        ny = gy;
        nz = gz;
      }
    }
    let r = surface.r;
    let g = surface.g;
    let b = surface.b;
    if (batch.colors) {
      r *= w0 * colors[i0 * 4] + w1 * colors[i1 * 4] + w2 * colors[i2 * 4];
      g *= w0 * colors[i0 * 4 + 1] + w1 * colors[i1 * 4 + 1] + w2 * colors[i2 * 4 + 1];
      b *= w0 * colors[i0 * 4 + 2] + w1 * colors[i1 * 4 + 2] + w2 * colors[i2 * 4 + 2];
    }
    if (surface.texture && batch.uvs) {
      const tu = w0 * uvs[i0 * 2] + w1 * uvs[i1 * 2] + w2 * uvs[i2 * 2];
      const tv = w0 * uvs[i0 * 2 + 1] + w1 * uvs[i1 * 2 + 1] + w2 * uvs[i2 * 2 + 1];
      sampleTexture(surface.texture, surface.wrapS, surface.wrapT, tu, tv, texel);
      r *= texel[0];
      g *= texel[1];
      b *= texel[2];
    }
    const x = w0 * positions[i0 * 3] + w1 * positions[i1 * 3] + w2 * positions[i2 * 3];
    const y = w0 * positions[i0 * 3 + 1] + w1 * positions[i1 * 3 + 1] + w2 * positions[i2 * 3 + 1];
    const z = w0 * positions[i0 * 3 + 2] + w1 * positions[i1 * 3 + 2] + w2 * positions[i2 * 3 + 2];
    const keyLit = keyLitAt(keyShadow, x, y, z, gx, gy, gz);
    const occlusion = 1 - 0.35 * Math.exp(-(y - groundY) / nearGround);
    shade(out, nx, ny, nz, vx, vy, vz, r, g, b, surface.metallic, surface.roughness, keyLit, occlusion);
    out[0] += surface.emissive[0];
    out[1] += surface.emissive[1];
    out[2] += surface.emissive[2];
  };
  const images = await picture(width, height, sample, (x, y) => triangle[y * columns + x]);
  return { ...images, width, height };
}

/** The material ball: a unit sphere resting on the ground, its map repeated twice around and once pole to pole. */
export async function renderMaterialPreview(options: MaterialPreviewOptions = {}): Promise<MaterialPreview> {
  const { width, height } = pictureSize(options);
  const columns = width * 4;
  const rows = height * 4;
  let image: TextureImage | null = null;
  if (options.texture) {
    image = await decodeTexture(options.texture);
    if (!image) throw new Error('The material preview texture is not an image sharp can read');
  }
  const base = linearOf(options.baseColor ?? (image ? [255, 255, 255] : [200, 200, 200]));
  const camera = orbitCamera([0, 0, 0], 1, BALL_VIEW);
  const outline: number[] = [];
  for (let i = 0; i < 72; i += 1)
    for (let j = 0; j <= 36; j += 1) outline.push(...direction(i * 5, j * 5 - 90));
  frame(camera, outline, columns, rows, 0.1, 0.13);
  const cells = 96;
  const groundShadow: GroundShadow = {
    groundY: -1,
    x0: -2,
    z0: -2,
    cell: 4 / cells,
    columns: cells,
    rows: cells,
    darkness: new Float32Array(cells * cells).map((_, i) => {
      const x = -2 + ((i % cells) + 0.5) * (4 / cells);
      const z = -2 + (Math.floor(i / cells) + 0.5) * (4 / cells);
      const d2 = x * x + z * z;
      return Math.min(0.85, 0.45 * Math.exp(-d2 / 0.12) + 0.35 * Math.exp(-d2 / 0.7));
    }),
  };
  const backdropRows = backdrop(DEFAULT_BACKGROUND, rows);
  const { eye, right, up, forward, f, cx, cy } = camera;
  const eyeSquared = eye[0] * eye[0] + eye[1] * eye[1] + eye[2] * eye[2];
  const texel = new Float64Array(4);
  /** Along the ray through (px, py), the distance to the sphere, or NaN when it misses. */
  const hit = (px: number, py: number, ray: Float64Array): number => {
    const u = (px - cx) / f;
    const v = (cy - py) / f;
    const dx = right[0] * u + up[0] * v + forward[0];
    const dy = right[1] * u + up[1] * v + forward[1];
    const dz = right[2] * u + up[2] * v + forward[2];
    const dl = Math.sqrt(dx * dx + dy * dy + dz * dz);
    ray[0] = dx / dl;
    ray[1] = dy / dl;
    ray[2] = dz / dl;
    const along = -(eye[0] * ray[0] + eye[1] * ray[1] + eye[2] * ray[2]);
    const discriminant = along * along - (eyeSquared - 1);
    return discriminant >= 0 ? along - Math.sqrt(discriminant) : NaN;
  };
  const ray = new Float64Array(3);
  const sample: Sampler = (px, py, out) => {
    const t = hit(px, py, ray);
    if (Number.isNaN(t)) {
      groundSample(camera, groundShadow, backdropRows, px, py, out);
      return;
    }
    const nx = eye[0] + t * ray[0];
    const ny = Math.max(-1, Math.min(1, eye[1] + t * ray[1]));
    const nz = eye[2] + t * ray[2];
    let r = base[0];
    let g = base[1];
    let b = base[2];
    if (image) {
      const tu = (Math.atan2(nx, nz) / (2 * Math.PI) + 0.5) * 2;
      const tv = Math.acos(ny) / Math.PI;
      sampleTexture(image, 0, 0, tu, tv, texel);
      r *= texel[0];
      g *= texel[1];
      b *= texel[2];
    }
    const occlusion = 1 - 0.35 * Math.exp(-(ny + 1) / 0.25);
    shade(out, nx, ny, nz, -ray[0], -ray[1], -ray[2], r, g, b, 0, 0.45, 1, occlusion);
  };
  const keyRay = new Float64Array(3);
  return picture(width, height, sample, (x, y) => (Number.isNaN(hit(x + 0.5, y + 0.5, keyRay)) ? 0 : 1));
}

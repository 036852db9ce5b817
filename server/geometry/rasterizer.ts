/**
 * The core of the server's software renderer (preview-render.ts draws models and material balls with it): there
 * is no GPU nor headless GL on the server, so this is plain typed-array arithmetic.
 *
 * - `rasterize`: a z-buffered triangle rasterizer that fills a visibility buffer (per pixel the nearest triangle
 *   and its perspective-correct barycentric weights) instead of colours, so each pixel is shaded once however many
 *   triangles overlap it; tuned for many small triangles.
 * - `blur`: a separable blur, for soft shadows.
 * - A perspective camera looking at a point from an azimuth and an elevation (`orbitCamera`), whose image is zoomed
 *   and shifted onto what it must show (`frame`).
 * - `picture`: the 2× and 1× pictures from a shading function, supersampled (2 × 2 samples a 2× pixel, where
 *   a pixel's samples do not all see the same surface; one sample where they do), averaged in linear light,
 *   tone-mapped to sRGB with an ordered dither against banding, and encoded as WebP by sharp.
 */
import sharp from 'sharp';

// ---------------------------------------------------------------------------------------------------------------
// Rasterizing.

export interface VisibilityBuffer {
  width: number;
  height: number;
  /** The interpolated depth key per pixel (1/w for a perspective view): greater is nearer, 0 is empty. */
  depth: Float32Array;
  /** The drawn triangle's index + 1 per pixel; 0 where nothing was drawn. */
  triangle: Int32Array;
  /** Perspective-correct barycentric weights of the triangle's second and third vertex. */
  weight1: Float32Array;
  weight2: Float32Array;
}

export function createVisibilityBuffer(width: number, height: number): VisibilityBuffer {
  const size = width * height;
  return {
    width,
    height,
    depth: new Float32Array(size),
    triangle: new Int32Array(size),
    weight1: new Float32Array(size),
    weight2: new Float32Array(size),
  };
}

/**
 * Whether a pixel a triangle covers is drawn (alpha cut-outs and screen-door transparency): the triangle, its
 * weights at the pixel and the pixel's position.
 */
export type CoverageTest = (
  triangle: number,
  weight1: number,
  weight2: number,
  x: number,
  y: number,
) => boolean;

/** Pixels on a shared edge are drawn by both triangles (the depth test settles them), so meshes never crack. */
const EDGE = -1e-6;

/**
 * Draws triangles into the buffer. `screen` holds per vertex x and y in pixels (y down, pixel centres at .5) and
 * the depth key q (> 0, linear in screen space: 1/w, or any affine depth for an orthographic view); `indices`
 * three vertices per triangle. `tested` marks (non-zero) the triangles whose pixels go through `coverage`.
 */
export function rasterize(
  target: VisibilityBuffer,
  screen: Float32Array,
  indices: Uint32Array,
  tested?: Uint8Array,
  coverage?: CoverageTest,
): void {
  const { width, height, depth, triangle, weight1, weight2 } = target;
  const count = indices.length / 3;
  for (let t = 0; t < count; t += 1) {
    const a = indices[t * 3] * 3;
    const b = indices[t * 3 + 1] * 3;
    const c = indices[t * 3 + 2] * 3;
    const ax = screen[a];
    const ay = screen[a + 1];
    const bx = screen[b];
    const by = screen[b + 1];
    const cx = screen[c];
    const cy = screen[c + 1];
    // Pixels whose centre lies in the triangle's bounding box.
    const minX = Math.max(0, Math.ceil(Math.min(ax, bx, cx) - 0.5));
    const maxX = Math.min(width - 1, Math.floor(Math.max(ax, bx, cx) - 0.5));
    if (!(minX <= maxX)) continue;
    const minY = Math.max(0, Math.ceil(Math.min(ay, by, cy) - 0.5));
    const maxY = Math.min(height - 1, Math.floor(Math.max(ay, by, cy) - 0.5));
    if (!(minY <= maxY)) continue;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (!(area > 1e-12 || area < -1e-12)) continue;
    const inverse = 1 / area;
    // Normalized edge functions: l0 + l1 + l2 = 1, each >= 0 inside whichever way the triangle winds.
    const dx0 = (by - cy) * inverse;
    const dy0 = (cx - bx) * inverse;
    const dx1 = (cy - ay) * inverse;
    const dy1 = (ax - cx) * inverse;
    const dx2 = (ay - by) * inverse;
    const dy2 = (bx - ax) * inverse;
    const aq = screen[a + 2];
    const bq = screen[b + 2];
    const cq = screen[c + 2];
    const test = coverage !== undefined && tested !== undefined && tested[t] !== 0;
    const over0 = 1 / dx0;
    const over1 = 1 / dx1;
    const over2 = 1 / dx2;
    const px = minX + 0.5;
    const last = maxX - minX;
    for (let y = minY; y <= maxY; y += 1) {
      const py = y + 0.5;
      const row0 = (px - bx) * dx0 + (py - by) * dy0;
      const row1 = (px - cx) * dx1 + (py - cy) * dy1;
      const row2 = (px - ax) * dx2 + (py - ay) * dy2;
      // The span of the row inside all three edges, solved per edge instead of tested per pixel.
      let from = 0;
      let to = last;
      if (dx0 > 0) from = Math.max(from, Math.ceil((EDGE - row0) * over0));
      else if (dx0 < 0) to = Math.min(to, Math.floor((EDGE - row0) * over0));
      else if (row0 < EDGE) continue;
      if (dx1 > 0) from = Math.max(from, Math.ceil((EDGE - row1) * over1));
      else if (dx1 < 0) to = Math.min(to, Math.floor((EDGE - row1) * over1));
      else if (row1 < EDGE) continue;
      if (dx2 > 0) from = Math.max(from, Math.ceil((EDGE - row2) * over2));
      else if (dx2 < 0) to = Math.min(to, Math.floor((EDGE - row2) * over2));
      else if (row2 < EDGE) continue;
      const offset = y * width + minX;
      for (let step = from; step <= to; step += 1) {
        const l1 = row1 + step * dx1;
        const l2 = row2 + step * dx2;
        const q1 = l1 * bq;
        const q2 = l2 * cq;
        const q = (1 - l1 - l2) * aq + q1 + q2;
        const index = offset + step;
        if (q <= depth[index]) continue;
        const w1 = q1 / q;
        const w2 = q2 / q;
        if (test && !coverage(t, w1, w2, minX + step, y)) continue;
        depth[index] = q;
        triangle[index] = t + 1;
        weight1[index] = w1;
        weight2[index] = w2;
      }
    }
  }
}

/** A box blur of `radius` cells, across then down, three times over: close to a Gaussian, in place. */
export function blur(values: Float32Array, width: number, height: number, radius: number): void {
  const r = Math.max(1, Math.round(radius));
  const scratch = new Float32Array(Math.max(width, height));
  const scale = 1 / (2 * r + 1);
  const pass = (start: number, stride: number, length: number) => {
    for (let i = 0; i < length; i += 1) scratch[i] = values[start + i * stride];
    let sum = 0;
    for (let i = 0; i <= r && i < length; i += 1) sum += scratch[i];
    for (let i = 0; i < length; i += 1) {
      values[start + i * stride] = sum * scale;
      if (i - r >= 0) sum -= scratch[i - r];
      if (i + r + 1 < length) sum += scratch[i + r + 1];
    }
  };
  for (let round = 0; round < 3; round += 1) {
    for (let y = 0; y < height; y += 1) pass(y * width, 1, width);
    for (let x = 0; x < width; x += 1) pass(x, width, height);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The camera.

export type Vec3 = [number, number, number];

export const normalize = (v: Vec3): Vec3 => {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
};

export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** The unit vector at an azimuth (from +Z towards +X) and an elevation (towards +Y), in degrees. */
export function direction(azimuth: number, elevation: number): Vec3 {
  const a = (azimuth * Math.PI) / 180;
  const e = (elevation * Math.PI) / 180;
  return [Math.sin(a) * Math.cos(e), Math.sin(e), Math.cos(a) * Math.cos(e)];
}

/** A perspective camera: a world-space basis and a pinhole at (cx, cy) with focal length f, in pixels. */
export interface Camera {
  eye: Vec3;
  right: Vec3;
  up: Vec3;
  forward: Vec3;
  f: number;
  cx: number;
  cy: number;
}

/**
 * The camera on a sphere around `center`, `radius` the radius of what it looks at, from an azimuth and an
 * elevation in degrees, Y up, at the distance where a field of view of `fieldOfView` degrees holds that sphere.
 */
export function orbitCamera(
  center: Vec3,
  radius: number,
  view: { azimuth: number; elevation: number; fieldOfView: number },
): Camera {
  const toEye = direction(view.azimuth, view.elevation);
  const distance = radius / Math.sin((view.fieldOfView * Math.PI) / 360);
  const forward: Vec3 = [-toEye[0], -toEye[1], -toEye[2]];
  const right = normalize(cross(forward, [0, 1, 0]));
  const eye: Vec3 = [
    center[0] + toEye[0] * distance,
    center[1] + toEye[1] * distance,
    center[2] + toEye[2] * distance,
  ];
  return { eye, right, up: cross(right, forward), forward, f: 1, cx: 0, cy: 0 };
}

/**
 * Zooms and shifts the camera's image (not the camera: the perspective stays) so the projected points fill a
 * picture of width × height pixels but for the margins (shares of the picture: sides and top, bottom).
 */
export function frame(
  camera: Camera,
  points: ArrayLike<number>,
  width: number,
  height: number,
  margin: number,
  bottomMargin: number,
): void {
  const { eye, right, up, forward } = camera;
  let minU = Infinity;
  let maxU = -Infinity;
  let minV = Infinity;
  let maxV = -Infinity;
  for (let i = 0; i + 2 < points.length; i += 3) {
    const x = points[i] - eye[0];
    const y = points[i + 1] - eye[1];
    const z = points[i + 2] - eye[2];
    const depth = x * forward[0] + y * forward[1] + z * forward[2];
    if (!(depth > 0)) continue;
    const u = (x * right[0] + y * right[1] + z * right[2]) / depth;
    const v = (x * up[0] + y * up[1] + z * up[2]) / depth;
    if (u < minU) minU = u;
    if (u > maxU) maxU = u;
    if (v < minV) minV = v;
    if (v > maxV) maxV = v;
  }
  const usableHeight = height * (1 - margin - bottomMargin);
  const fit = Math.min((width * (1 - 2 * margin)) / (maxU - minU), usableHeight / (maxV - minV));
  camera.f = Number.isFinite(fit) && fit > 0 ? fit : height;
  const middleU = Number.isFinite(minU + maxU) ? (minU + maxU) / 2 : 0;
  const middleV = Number.isFinite(minV + maxV) ? (minV + maxV) / 2 : 0;
  camera.cx = width / 2 - camera.f * middleU;
  camera.cy = height * margin + usableHeight / 2 + camera.f * middleV;
}

// ---------------------------------------------------------------------------------------------------------------
// Pictures.

/** sRGB byte to linear light. */
export const SRGB_TO_LINEAR = new Float32Array(256).map((_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** Linear light (0–TONE_RANGE) to sRGB 0–255, with a soft shoulder instead of clipping the highlights. */
const TONE_RANGE = 4;
const TONE_STEPS = 8192;
const TONE = new Float32Array(TONE_STEPS + 1).map((_, i) => {
  const x = (i / TONE_STEPS) * TONE_RANGE;
  const knee = 0.8;
  const y = x <= knee ? x : knee + (1 - knee) * (1 - Math.exp(-(x - knee) / (1 - knee)));
  const s = y <= 0.0031308 ? y * 12.92 : 1.055 * y ** (1 / 2.4) - 0.055;
  return s * 255;
});

/** A 4 × 4 ordered dither, −0.5…0.5 of a level, so the gradients do not band. */
const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16 - 0.5);

const WEBP = { quality: 88, effort: 2 } as const;

/** The linear colour at a point of the sample grid (px, py in sample pixels; a sample's centre is at .5). */
export type Sampler = (px: number, py: number, out: Float64Array) => void;
/** What a sample (integer sample coordinates) sees: equal keys over a pixel's samples shade it once. */
export type SampleKey = (x: number, y: number) => number;

/**
 * The pictures of a scene at width × height (1×) and twice that (2×), from a grid of 4 × width by 4 × height
 * samples.
 */
export async function picture(
  width: number,
  height: number,
  sample: Sampler,
  key: SampleKey,
): Promise<{ image1x: Buffer; image2x: Buffer }> {
  const w2 = width * 2;
  const h2 = height * 2;
  const linear = new Float32Array(w2 * h2 * 3);
  const out = new Float64Array(4);
  for (let y = 0; y < h2; y += 1)
    for (let x = 0; x < w2; x += 1) {
      const sx = x * 2;
      const sy = y * 2;
      const i = (y * w2 + x) * 3;
      const k = key(sx, sy);
      if (k === key(sx + 1, sy) && k === key(sx, sy + 1) && k === key(sx + 1, sy + 1)) {
        sample(sx + 1, sy + 1, out);
        linear[i] = out[0];
        linear[i + 1] = out[1];
        linear[i + 2] = out[2];
        continue;
      }
      let r = 0;
      let g = 0;
      let b = 0;
      for (let j = 0; j < 4; j += 1) {
        sample(sx + (j & 1) + 0.5, sy + (j >> 1) + 0.5, out);
        r += out[0];
        g += out[1];
        b += out[2];
      }
      linear[i] = r / 4;
      linear[i + 1] = g / 4;
      linear[i + 2] = b / 4;
    }
  const half = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const a = (y * 2 * w2 + x * 2) * 3;
      const b = a + w2 * 3;
      for (let c = 0; c < 3; c += 1)
        half[(y * width + x) * 3 + c] =
          (linear[a + c] + linear[a + 3 + c] + linear[b + c] + linear[b + 3 + c]) / 4;
    }
  const [image1x, image2x] = await Promise.all([encode(half, width, height), encode(linear, w2, h2)]);
  return { image1x, image2x };
}

function encode(values: Float32Array, width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const dither = BAYER[(y & 3) * 4 + (x & 3)];
      for (let c = 0, i = (y * width + x) * 3; c < 3; c += 1, i += 1) {
        const linear = values[i];
        const step = linear > 0 ? Math.min(TONE_STEPS, Math.round((linear / TONE_RANGE) * TONE_STEPS)) : 0;
        bytes[i] = Math.min(255, Math.max(0, Math.round(TONE[step] + dither)));
      }
    }
  return sharp(bytes, { raw: { width, height, channels: 3 } })
    .webp(WEBP)
    .toBuffer();
}

/**
 * Base-colour maps for the demo's materials (server/seed/demo-files.ts), drawn from a material's name (a pipeline task):
 * wood grain (oak, walnut, pine, teak, in their tones), brushed or polished metal, veined stone, terrazzo, slate
 * tiles, woven fabric, leather, concrete, frosted glass and vinyl checks. Each is a tileable 512 × 512 PNG made
 * from raw pixels with sharp and a seeded noise, so a material looks the same on every start. Drawing them is
 * CPU work, so `writeSwatchArchive` runs in a pipeline process (server/geometry/pipeline-process.ts) and leaves a zip that the
 * material pipeline reads like an upload.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { PipelineTask } from '../geometry/pipeline-protocol';
import { zipOf } from '../geometry/zip-writer';

type Rgb = [number, number, number];
const SIZE = 512;

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hash = (text: string) => [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);

/** Tileable value noise: a grid of random values, wrapped, smoothly interpolated. */
function noise(seed: number, cells: number) {
  const next = random(seed);
  const grid = Array.from({ length: cells * cells }, () => next());
  const at = (x: number, y: number) => grid[((y + cells) % cells) * cells + ((x + cells) % cells)];
  const smooth = (t: number) => t * t * (3 - 2 * t);
  return (u: number, v: number) => {
    const x = u * cells;
    const y = v * cells;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = smooth(x - x0);
    const fy = smooth(y - y0);
    const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
    const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
    return top * (1 - fy) + bottom * fy;
  };
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * t) as Rgb;
const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

interface Look {
  base: Rgb;
  detail: Rgb;
  /** 0..1 at a texel (u, v). */
  pattern: (u: number, v: number) => number;
}

function lookOf(name: string, seed: number): Look {
  const lower = name.toLowerCase();
  const fine = noise(seed, 64);
  const coarse = noise(seed + 1, 8);
  const grain = (u: number, v: number) =>
    0.5 + 0.5 * Math.sin((u * 6 + coarse(u, v) * 2.5 + fine(u, v * 0.1) * 0.3) * Math.PI * 8);
  const woods: Array<[RegExp, Rgb, Rgb]> = [
    [/white/, [226, 212, 190], [196, 178, 150]],
    [/smoked/, [120, 86, 58], [86, 60, 40]],
    [/walnut/, [110, 74, 50], [70, 46, 30]],
    [/pine/, [222, 188, 132], [190, 150, 96]],
    [/teak/, [168, 118, 70], [128, 84, 48]],
    [/oak|wood/, [196, 152, 104], [156, 114, 72]],
  ];
  if (/oak|walnut|pine|teak|wood/.test(lower)) {
    const [, base, detail] = woods.find(([pattern]) => pattern.test(lower))!;
    return { base, detail, pattern: grain };
  }
  if (/steel|alumin|chrome|brass|copper/.test(lower)) {
    const base: Rgb = /brass/.test(lower)
      ? [206, 170, 92]
      : /copper/.test(lower)
        ? [110, 160, 140]
        : /chrome/.test(lower)
          ? [214, 218, 224]
          : [176, 180, 186];
    const streaks = noise(seed + 2, 128);
    return {
      base,
      detail: mix(base, [60, 64, 70], 0.35),
      pattern: (u, v) => (/chrome/.test(lower) ? fine(u, v) * 0.2 : streaks(u * 0.05, v) * 0.8),
    };
  }
  if (/marble|granite/.test(lower)) {
    const granite = /granite/.test(lower);
    return {
      base: granite ? [150, 150, 152] : [236, 234, 230],
      detail: granite ? [70, 70, 74] : [150, 150, 160],
      pattern: granite
        ? (u, v) => (fine(u * 4, v * 4) > 0.62 ? 1 : fine(u, v) * 0.4)
        : (u, v) => Math.pow(1 - Math.abs(Math.sin((u + v + coarse(u, v) * 1.6) * Math.PI * 3)), 12),
    };
  }
  if (/terrazzo/.test(lower)) {
    const chips = noise(seed + 3, 96);
    return { base: [214, 208, 198], detail: [90, 96, 104], pattern: (u, v) => (chips(u, v) > 0.7 ? 1 : 0) };
  }
  if (/slate|tile/.test(lower)) {
    return {
      base: [88, 94, 100],
      detail: [40, 44, 48],
      pattern: (u, v) => ((u * 4) % 1 < 0.02 || (v * 2) % 1 < 0.02 ? 1 : fine(u, v) * 0.35),
    };
  }
  if (/linen|velvet|wool|felt|fabric/.test(lower)) {
    const base: Rgb = /velvet/.test(lower)
      ? [112, 26, 42]
      : /wool|felt/.test(lower)
        ? [120, 124, 130]
        : [214, 204, 184];
    return {
      base,
      detail: mix(base, [0, 0, 0], 0.3),
      pattern: (u, v) => 0.5 + 0.25 * Math.sin(u * SIZE * 0.8) * Math.sin(v * SIZE * 0.8) + fine(u, v) * 0.25,
    };
  }
  if (/leather/.test(lower)) {
    const pores = noise(seed + 4, 160);
    return { base: [160, 92, 48], detail: [110, 60, 30], pattern: pores };
  }
  if (/glass/.test(lower)) {
    return { base: [220, 232, 236], detail: [190, 206, 212], pattern: (u, v) => fine(u, v) };
  }
  if (/vinyl/.test(lower)) {
    return {
      base: [222, 216, 200],
      detail: [46, 80, 110],
      pattern: (u, v) => ((Math.floor(u * 8) + Math.floor(v * 8)) % 2 ? 1 : 0),
    };
  }
  // Concrete and anything else: a mottled grey.
  return {
    base: [170, 168, 162],
    detail: [128, 126, 122],
    pattern: (u, v) => coarse(u, v) * 0.6 + fine(u, v) * 0.4,
  };
}

/** A material's base-colour map as PNG bytes. */
export async function materialSwatch(name: string): Promise<Buffer> {
  const seed = hash(name);
  const look = lookOf(name, seed);
  const speckle = noise(seed + 9, 256);
  const pixels = Buffer.alloc(SIZE * SIZE * 3);
  for (let y = 0; y < SIZE; y += 1) {
    for (let x = 0; x < SIZE; x += 1) {
      const u = x / SIZE;
      const v = y / SIZE;
      const colour = mix(look.base, look.detail, Math.max(0, Math.min(1, look.pattern(u, v))));
      const shade = 0.94 + speckle(u, v) * 0.12;
      const at = (y * SIZE + x) * 3;
      pixels[at] = clamp(colour[0] * shade);
      pixels[at + 1] = clamp(colour[1] * shade);
      pixels[at + 2] = clamp(colour[2] * shade);
    }
  }
  return sharp(pixels, { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .png()
    .toBuffer();
}

export interface SwatchArchiveInput {
  /** Per folder of the archive, the material whose map it holds (`{folder}/basecolor.png`). */
  folders: Record<string, string>;
  workFolder: string;
}

/**
 * Writes a zip of the materials' maps into the work folder; answers its path. A pipeline task (the default export,
 * run in a pipeline process: `{kind: 'task', module: SWATCH_TASK}`).
 */
const writeSwatchArchive: PipelineTask<SwatchArchiveInput, { archive: string }> = async (input) => {
  const entries: Record<string, Buffer> = {};
  for (const [folder, name] of Object.entries(input.folders))
    entries[`${folder}/basecolor.png`] = await materialSwatch(name);
  const archive = join(input.workFolder, 'swatches.zip');
  await writeFile(archive, await zipOf(entries));
  return { archive };
};
export default writeSwatchArchive;

/** This module's URL, as a pipeline job names its task. */
export const SWATCH_TASK = import.meta.url;

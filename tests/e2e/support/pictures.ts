/**
 * Pictures of the 3D view compared as a user would see them (the viewer's and the review's tests): decoded to RGB,
 * and the share of pixels that differ by more than a little. Software WebGL may draw the same view with a few
 * pixels a shade apart (depth precision at touching faces), so "the same view" is a share below half a percent,
 * never byte equality.
 */
import sharp from 'sharp';

export interface Picture {
  width: number;
  height: number;
  data: Buffer;
}

/** A PNG screenshot as RGB pixels. */
export async function pictureOf(png: Buffer): Promise<Picture> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The share of pixels that differ by more than a little between two pictures of the same size. */
export function difference(a: Picture, b: Picture): number {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`Pictures of ${a.width}×${a.height} and ${b.width}×${b.height} px are not compared`);
  let differing = 0;
  for (let offset = 0; offset < a.data.length; offset += 3) {
    const delta = Math.max(
      Math.abs(a.data[offset] - b.data[offset]),
      Math.abs(a.data[offset + 1] - b.data[offset + 1]),
      Math.abs(a.data[offset + 2] - b.data[offset + 2]),
    );
    if (delta > 24) differing += 1;
  }
  return differing / (a.width * a.height);
}

/** Below this share of differing pixels two pictures show the same view. */
export const SAME_VIEW = 0.005;

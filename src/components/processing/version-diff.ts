/**
 * What changed between two versions of a model (issue 45): their meshes matched by their place in the node tree
 * (`key`, mesh-signatures.ts), each compared by its counts and the measures of its surface in world space (its
 * geometry and transform together), within a ten-thousandth of the models' size: the processing quantizes
 * positions to the bounds of the whole model and may store a mesh's vertices and triangles in another order, so a
 * mesh left as it was is stored differently when another mesh is added. A mesh found in only one is added or removed. The meshes of both sides keep their keys, so the
 * viewers can colour them.
 */
import type { MeshSignature } from '@/components/viewer/mesh-signatures';

export type { MeshSignature };

export interface VersionDiff {
  added: string[];
  removed: string[];
  changed: string[];
  unchanged: string[];
  /** The newer version's triangles less the older one's. */
  triangleChange: number;
}

const trianglesOf = (meshes: readonly MeshSignature[]) =>
  meshes.reduce((sum, mesh) => sum + mesh.triangles, 0);

/** Measures closer than this share of the models' size (a length, an area, a moment) are the same. */
const TOLERANCE = 1e-4;

/** The largest extent of the box around both versions (measures 4 to 9 are each mesh's box). */
function sizeOf(meshes: readonly MeshSignature[]): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const { measures } of meshes)
    for (let axis = 0; axis < 3; axis += 1) {
      min[axis] = Math.min(min[axis], measures[4 + axis]);
      max[axis] = Math.max(max[axis], measures[7 + axis]);
    }
  return Math.max(0, ...max.map((value, axis) => value - min[axis]));
}

/** Whether two meshes have the same surface in the same place, to within the tolerance of a model `size` big. */
function sameSurface(a: MeshSignature, b: MeshSignature, size: number): boolean {
  if (a.triangles !== b.triangles || a.vertices !== b.vertices) return false;
  const length = size * TOLERANCE;
  // The area is a length squared, the moments an area times a length squared.
  const scales = [
    size * length,
    length,
    length,
    length,
    ...Array(6).fill(length),
    ...Array(6).fill(size ** 3 * length),
  ];
  return a.measures.every((value, index) => Math.abs(value - b.measures[index]) <= scales[index]);
}

/** What changed from `older` to `newer`. */
export function diffVersions(older: readonly MeshSignature[], newer: readonly MeshSignature[]): VersionDiff {
  const before = new Map(older.map((mesh) => [mesh.key, mesh]));
  const after = new Map(newer.map((mesh) => [mesh.key, mesh]));
  const diff: VersionDiff = {
    added: newer.filter((mesh) => !before.has(mesh.key)).map((mesh) => mesh.key),
    removed: older.filter((mesh) => !after.has(mesh.key)).map((mesh) => mesh.key),
    changed: [],
    unchanged: [],
    triangleChange: trianglesOf(newer) - trianglesOf(older),
  };
  const size = sizeOf([...older, ...newer]);
  for (const mesh of newer) {
    const was = before.get(mesh.key);
    if (!was) continue;
    const same = sameSurface(was, mesh, size);
    (same ? diff.unchanged : diff.changed).push(mesh.key);
  }
  return diff;
}

/** The difference view's colours (sRGB hex): added, removed, changed; the unchanged meshes fade to grey. */
export const DIFF_COLOURS = {
  added: 0x2e9e44,
  removed: 0xd9363e,
  changed: 0xf08c00,
  unchanged: 0x9aa1ab,
} as const;

/** Each side's meshes to colour: the older shows what was removed and changed, the newer what was added and changed. */
export function diffColours(diff: VersionDiff, side: 'older' | 'newer'): Map<string, number> {
  const colours = new Map<string, number>();
  for (const key of diff.changed) colours.set(key, DIFF_COLOURS.changed);
  const own = side === 'older' ? diff.removed : diff.added;
  for (const key of own) colours.set(key, side === 'older' ? DIFF_COLOURS.removed : DIFF_COLOURS.added);
  return colours;
}

/**
 * What makes a USDZ right (issue 45's AR): a zip whose files are stored uncompressed, each one's data starting on
 * a 64-byte boundary, `model.usda` first (the layer AR Quick Look opens), textures only as PNG or JPEG, and as many
 * USD meshes as the viewer's glb places triangle primitives (a mesh used twice counts twice, as it is drawn).
 */
import type { Document } from '@gltf-transform/core';
import { strFromU8, unzipSync } from 'fflate';
import { sniffImageType } from '../../server/geometry/texture-images';

const LOCAL_HEADER = 0x04034b50;
const TRIANGLE_MODES = new Set([4, 5, 6]);

export interface UsdzLayout {
  /** In the order the zip holds them. */
  names: string[];
  /** Files whose data is compressed or does not start on a 64-byte boundary. */
  misplaced: string[];
  /** Meshes placed in the scene: geometry layers referenced (each reference a placement) and meshes defined inline. */
  meshes: number;
  /** Geometry layers referenced that the zip lacks or that define no mesh. */
  broken: string[];
  files: Record<string, Uint8Array>;
}

/** The files of a USDZ and where each one's data lies, read from its local headers. */
export function usdzLayout(bytes: Uint8Array): UsdzLayout {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  const misplaced: string[] = [];
  let offset = 0;
  while (offset + 30 <= bytes.length && view.getUint32(offset, true) === LOCAL_HEADER) {
    const method = view.getUint16(offset + 8, true);
    const size = view.getUint32(offset + 18, true);
    const nameLength = view.getUint16(offset + 26, true);
    const extraLength = view.getUint16(offset + 28, true);
    const name = strFromU8(bytes.subarray(offset + 30, offset + 30 + nameLength));
    const data = offset + 30 + nameLength + extraLength;
    names.push(name);
    if (method !== 0 || data % 64 !== 0) misplaced.push(name);
    offset = data + size;
  }
  const files = unzipSync(bytes);
  const model = files['model.usda'] ? strFromU8(files['model.usda']) : '';
  const references = [...model.matchAll(/references = @\.\/([^@]+)@/g)].map((found) => found[1]!);
  const inline = (model.match(/^\s*def Mesh "/gm) ?? []).length;
  const broken = [...new Set(references)].filter(
    (name) => !files[name] || !/^\s*def Mesh "/m.test(strFromU8(files[name])),
  );
  return { names, misplaced, meshes: references.length + inline, broken, files };
}

/** The triangle primitives a glTF document's default scene places, each node's once. */
export function placedPrimitives(document: Document): number {
  const root = document.getRoot();
  let placed = 0;
  (root.getDefaultScene() ?? root.listScenes()[0])?.traverse((node) => {
    for (const primitive of node.getMesh()?.listPrimitives() ?? [])
      if (TRIANGLE_MODES.has(primitive.getMode()) && primitive.getAttribute('POSITION')) placed++;
  });
  return placed;
}

/** Where a USDZ is not what AR Quick Look opens, or does not hold the viewer model's meshes; none when it is right. */
export function usdzProblems(bytes: Uint8Array, viewerModel: Document): string[] {
  const layout = usdzLayout(bytes);
  const problems: string[] = [];
  if (layout.names[0] !== 'model.usda') problems.push(`USDZ opens with ${layout.names[0] ?? 'nothing'}`);
  if (layout.misplaced.length)
    problems.push(`USDZ files compressed or unaligned: ${layout.misplaced.join(', ')}`);
  if (layout.broken.length) problems.push(`USDZ geometry missing or empty: ${layout.broken.join(', ')}`);
  const placed = placedPrimitives(viewerModel);
  if (layout.meshes !== placed) problems.push(`USDZ has ${layout.meshes} meshes, the glb places ${placed}`);
  for (const name of layout.names.filter((name) => name.startsWith('textures/'))) {
    const type = sniffImageType(layout.files[name]!);
    if (type !== 'png' && type !== 'jpeg') problems.push(`USDZ texture ${name} is ${type ?? 'unknown'}`);
  }
  return problems;
}

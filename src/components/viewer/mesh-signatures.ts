/**
 * What version comparison (issue 45) reads of a loaded model and paints on it, in the viewer's chunk with three.js:
 * each mesh's signature (its place in the node tree, its counts and the measures of its surface in world space:
 * `meshSignatures`) and the colours of a difference view (`paintMeshes`, which gives back a function
 * that puts the meshes' own materials back). The comparison itself is src/components/processing/version-diff.ts.
 */
import { type Material, Mesh, MeshStandardMaterial, type Object3D, Vector3 } from 'three';

/** One mesh of a loaded model, as version comparison sees it. */
export interface MeshSignature {
  /** Its path of node names, unique in its model. */
  key: string;
  triangles: number;
  vertices: number;
  /**
   * What its surface is in world space, whichever order or encoding the file stores it in: its area, the centre
   * of its area (x, y, z), its box (min x, y, z, max x, y, z) and the second moments of its area about that centre
   * (xx, yy, zz, xy, xz, yz). Its geometry and transform together: the same shape in the same place measures the
   * same however the file's quantization, node tree or triangle order carries it.
   */
  measures: number[];
}

/** The area, centre, box and second moments of a surface given as world-space triangles. */
function measuresOf(
  positions: Float32Array,
  triangle: (index: number) => [number, number, number],
  count: number,
) {
  let area = 0;
  const centre = [0, 0, 0];
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const parts: Array<{ area: number; centre: number[] }> = [];
  const a = new Vector3();
  const b = new Vector3();
  const c = new Vector3();
  for (let index = 0; index < count; index += 1) {
    const [i, j, k] = triangle(index);
    a.fromArray(positions, i * 3);
    b.fromArray(positions, j * 3);
    c.fromArray(positions, k * 3);
    for (const point of [a, b, c])
      point.toArray().forEach((value, axis) => {
        min[axis] = Math.min(min[axis], value);
        max[axis] = Math.max(max[axis], value);
      });
    const part = new Vector3().subVectors(b, a).cross(new Vector3().subVectors(c, a)).length() / 2;
    const middle = new Vector3().add(a).add(b).add(c).divideScalar(3).toArray();
    area += part;
    middle.forEach((value, axis) => (centre[axis] += value * part));
    parts.push({ area: part, centre: middle });
  }
  if (area > 0) centre.forEach((_, axis) => (centre[axis] /= area));
  const moments = [0, 0, 0, 0, 0, 0];
  const pairs = [
    [0, 0],
    [1, 1],
    [2, 2],
    [0, 1],
    [0, 2],
    [1, 2],
  ];
  for (const part of parts) {
    const offset = part.centre.map((value, axis) => value - centre[axis]);
    pairs.forEach(([u, v], index) => (moments[index] += part.area * offset[u] * offset[v]));
  }
  return [area, ...centre, ...min, ...max, ...moments];
}

/** A node's path of names from the content's root (`Rig/Post/Arm`); an unnamed node by its place. */
function pathOf(object: Object3D, root: Object3D): string {
  const names: string[] = [];
  for (let node: Object3D | null = object; node && node !== root; node = node.parent) {
    names.unshift(node.name || `#${node.parent?.children.indexOf(node) ?? 0}`);
  }
  return names.join('/');
}

/** The signature of every mesh below `root`, in the tree's order; a path met twice gets its count (`Leg~2`). */
export function meshSignatures(root: Object3D): MeshSignature[] {
  root.updateWorldMatrix(true, true);
  const seen = new Map<string, number>();
  const signatures: MeshSignature[] = [];
  root.traverse((object) => {
    if (!(object instanceof Mesh) || object.userData.sectionCap) return;
    const path = pathOf(object, root);
    const count = (seen.get(path) ?? 0) + 1;
    seen.set(path, count);
    const { geometry } = object;
    const position = geometry.attributes.position;
    const positions = new Float32Array(position.count * 3);
    const vertex = new Vector3();
    for (let index = 0; index < position.count; index += 1) {
      vertex.fromBufferAttribute(position, index).applyMatrix4(object.matrixWorld);
      vertex.toArray(positions, index * 3);
    }
    const { index: triangleList } = geometry;
    const triangles = Math.floor((triangleList ? triangleList.count : position.count) / 3);
    const corner = (at: number) => (triangleList ? triangleList.getX(at) : at);
    signatures.push({
      key: count > 1 ? `${path}~${count}` : path,
      triangles,
      vertices: position.count,
      measures: measuresOf(
        positions,
        (index) => [corner(index * 3), corner(index * 3 + 1), corner(index * 3 + 2)],
        triangles,
      ),
    });
  });
  return signatures;
}

/**
 * Paints each mesh below `root` whose key has a colour in it, and every other one in `rest` (see-through); answers
 * the function that puts the meshes' own materials back.
 */
export function paintMeshes(root: Object3D, colours: ReadonlyMap<string, number>, rest: number): () => void {
  const keys = meshSignatures(root).map((signature) => signature.key);
  const own = new Map<Mesh, Material | Material[]>();
  const made: Material[] = [];
  const paint = (colour: number, faded: boolean) => {
    const material = new MeshStandardMaterial({
      color: colour,
      roughness: 0.6,
      metalness: 0,
      transparent: faded,
      opacity: faded ? 0.25 : 1,
      depthWrite: !faded,
    });
    made.push(material);
    return material;
  };
  let index = 0;
  root.traverse((object) => {
    if (!(object instanceof Mesh)) return;
    const colour = colours.get(keys[index]);
    index += 1;
    own.set(object, object.material);
    object.material = colour === undefined ? paint(rest, true) : paint(colour, false);
  });
  return () => {
    for (const [mesh, material] of own) mesh.material = material;
    for (const material of made) material.dispose();
  };
}

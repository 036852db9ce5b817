/**
 * Triangulates an FBX file's polygons before the converter reads it, for files whose polygons the FBX SDK's own
 * triangulation loses (measured on real files: a concave 66-gon became one triangle, and a ZBrush mesh of quads
 * kept one triangle per quad). Each polygon of four or more corners is cut into n − 2 triangles by earcut on the
 * polygon's best-fitting plane (Newell's normal; a fan where earcut cannot cut it, e.g. a polygon that crosses
 * itself), each triangle wound like its polygon, every corner kept (earcut drops corners on a straight edge). Everything the mesh keeps per polygon corner (normals, UVs,
 * colours, their index arrays) follows the corners, what it keeps per polygon (materials, smoothing, groups) is
 * repeated for each of its triangles, and what it keeps per edge is dropped with the edge list (the SDK derives
 * edges again). Per control point and all-same layers stay as they are.
 */
import earcut from 'earcut';
import { polygonSizes } from './fbx-facts';
import { childOf, type FbxRecord, type FbxTree, recordArray, setRecordArray, stringOf } from './fbx-tree';

/**
 * The polygon's `corners` points (x, y, z each) projected into `flat` (x, y each) on the plane of the two axes its
 * Newell normal points least along: robust for non-planar and concave polygons.
 */
function projectOntoPlane(points: ArrayLike<number>, corners: number, flat: Float64Array): void {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let k = 0; k < corners; k += 1) {
    const a = k * 3;
    const b = ((k + 1) % corners) * 3;
    nx += (points[a + 1] - points[b + 1]) * (points[a + 2] + points[b + 2]);
    ny += (points[a + 2] - points[b + 2]) * (points[a] + points[b]);
    nz += (points[a] - points[b]) * (points[a + 1] + points[b + 1]);
  }
  const ax = Math.abs(nx);
  const ay = Math.abs(ny);
  const az = Math.abs(nz);
  const u = az >= ax && az >= ay ? 0 : ax >= ay ? 1 : 2;
  const v = (u + 1) % 3;
  for (let k = 0; k < corners; k += 1) {
    flat[k * 2] = points[k * 3 + u];
    flat[k * 2 + 1] = points[k * 3 + v];
  }
}

/** Twice the signed area of the triangle of projected corners a, b, c. */
function signedArea(flat: Float64Array, a: number, b: number, c: number): number {
  return (
    (flat[b * 2] - flat[a * 2]) * (flat[c * 2 + 1] - flat[a * 2 + 1]) -
    (flat[c * 2] - flat[a * 2]) * (flat[b * 2 + 1] - flat[a * 2 + 1])
  );
}

/** Whether a projected quad turns the same way, strictly, at each corner: either diagonal cuts it. */
function strictlyConvexQuad(flat: Float64Array): boolean {
  const a = signedArea(flat, 3, 0, 1);
  const b = signedArea(flat, 0, 1, 2);
  const c = signedArea(flat, 1, 2, 3);
  const d = signedArea(flat, 2, 3, 0);
  return (a > 0 && b > 0 && c > 0 && d > 0) || (a < 0 && b < 0 && c < 0 && d < 0);
}

/** The cut of a strictly convex quad (most quads of a dense mesh), wound as the quad is. */
const CONVEX_QUAD_CUT = [0, 1, 2, 0, 2, 3] as const;

/** Corner index triples (into the polygon's own corners) cutting a polygon of `points` (x, y, z each) into triangles. */
export function triangulatePolygon(points: ArrayLike<number>): number[] {
  const corners = points.length / 3;
  const flat = new Float64Array(corners * 2);
  projectOntoPlane(points, corners, flat);
  if (corners === 4 && strictlyConvexQuad(flat)) return [...CONVEX_QUAD_CUT];
  const cut = earcut(flat);
  // earcut winds its triangles its own way: wind each as the polygon is wound in the projection.
  let polygonArea = 0;
  for (let k = 0; k < corners; k += 1) {
    const next = (k + 1) % corners;
    polygonArea += flat[k * 2] * flat[next * 2 + 1] - flat[next * 2] * flat[k * 2 + 1];
  }
  let covered = 0;
  for (let t = 0; t < cut.length; t += 3) {
    const area = signedArea(flat, cut[t], cut[t + 1], cut[t + 2]);
    covered += Math.abs(area);
    if (Math.sign(area) === -Math.sign(polygonArea)) {
      const swap = cut[t + 1];
      cut[t + 1] = cut[t + 2];
      cut[t + 2] = swap;
    }
  }
  // Triangles that do not cover the polygon exactly once: it crosses itself (or is degenerate).
  if (!cut.length || Math.abs(covered - Math.abs(polygonArea)) > 1e-9 * Math.max(1, Math.abs(polygonArea)))
    return fan(corners);
  return withEveryCorner(cut, corners);
}

/**
 * earcut leaves out corners on a straight line between their neighbours; each is put back by splitting the
 * triangle on whose edge it lies, so every corner keeps its normal and UV and the polygon is n − 2 triangles.
 * The triangles are wound like the polygon, so the boundary edge spanning a left-out corner runs from the corner
 * kept before it to the one kept after it.
 */
function withEveryCorner(cut: number[], corners: number): number[] {
  const used = new Array<boolean>(corners).fill(false);
  for (const corner of cut) used[corner] = true;
  for (let corner = 0; corner < corners; corner += 1) {
    if (used[corner]) continue;
    let before = (corner - 1 + corners) % corners;
    while (!used[before]) before = (before - 1 + corners) % corners;
    let after = (corner + 1) % corners;
    while (!used[after]) after = (after + 1) % corners;
    for (let t = 0; t < cut.length; t += 3) {
      const k = [0, 1, 2].find((side) => cut[t + side] === before && cut[t + ((side + 1) % 3)] === after);
      if (k === undefined) continue;
      const opposite = cut[t + ((k + 2) % 3)];
      cut.splice(t, 3, before, corner, opposite, corner, after, opposite);
      used[corner] = true;
      break;
    }
  }
  return used.every(Boolean) ? cut : fan(corners);
}

function fan(corners: number): number[] {
  const triangles: number[] = [];
  for (let k = 1; k < corners - 1; k += 1) triangles.push(0, k, k + 1);
  return triangles;
}

/** The layer-element arrays that hold values per mapping item (not the lookup table of an IndexToDirect layer). */
function perItemArrays(layer: FbxRecord, reference: string): FbxRecord[] {
  const arrays = layer.children.filter(
    (child) => child.name !== 'a' && recordArray(child) !== null && child.name !== 'Version',
  );
  if (reference === 'Direct') return arrays;
  // IndexToDirect (and FBX 6's Index): the index array maps items to the table; a material or group layer's one
  // array is its items.
  const indices = arrays.filter((child) => /Index$/.test(child.name));
  return indices.length
    ? indices
    : arrays.filter((child) => /^(Materials|TextureId|PolygonGroup)$/.test(child.name));
}

/** Whether a record's array holds integers (kept as integers when rewritten). */
function holdsIntegers(record: FbxRecord): boolean {
  const [first] = record.properties;
  if (first?.kind === 'array') return first.code !== 'd' && first.code !== 'f';
  if (first?.kind === 'number') return first.code !== 'D' && first.code !== 'F';
  const nested = childOf(record, 'a');
  return nested ? holdsIntegers(nested) : false;
}

/** `values` (width per item) rearranged so item k of the result is item `from[k]` of the source. */
function gather(values: ArrayLike<number>, width: number, from: ArrayLike<number>): Float64Array {
  const result = new Float64Array(from.length * width);
  for (let k = 0; k < from.length; k += 1)
    for (let w = 0; w < width; w += 1) result[k * width + w] = values[from[k] * width + w];
  return result;
}

/** Removes per-edge layers and the edge list, and the layer entries that name a removed layer. */
function dropEdgeData(mesh: FbxRecord): void {
  const removed = new Map<string, number[]>();
  mesh.children = mesh.children.filter((child) => {
    if (child.name === 'Edges') return false;
    if (!child.name.startsWith('LayerElement')) return true;
    if (stringOf(childOf(child, 'MappingInformationType')?.properties[0]) !== 'ByEdge') return true;
    const index = child.properties[0]?.kind === 'number' ? child.properties[0].value : 0;
    removed.set(child.name, [...(removed.get(child.name) ?? []), index]);
    return false;
  });
  if (!removed.size) return;
  // The layers left of a type are numbered 0, 1, … again, and each Layer's entries follow.
  const renumbered = new Map<string, Map<number, number>>();
  for (const [type, gone] of removed) {
    const kept = mesh.children.filter((child) => child.name === type);
    const numbers = new Map<number, number>();
    kept.forEach((child, position) => {
      const first = child.properties[0];
      if (first?.kind === 'number') {
        numbers.set(first.value, position);
        child.properties[0] = {
          ...first,
          value: position,
          big: first.big !== undefined ? BigInt(position) : undefined,
          text: undefined,
        };
      }
    });
    for (const index of gone) numbers.set(index, -1);
    renumbered.set(type, numbers);
  }
  for (const layer of mesh.children.filter((child) => child.name === 'Layer')) {
    layer.children = layer.children.filter((entry) => {
      if (entry.name !== 'LayerElement') return true;
      const type = stringOf(childOf(entry, 'Type')?.properties[0]) ?? '';
      const typed = childOf(entry, 'TypedIndex');
      const numbers = renumbered.get(type);
      const first = typed?.properties[0];
      if (!numbers || first?.kind !== 'number') return true;
      const position = numbers.get(first.value);
      if (position === -1) return false;
      if (position !== undefined) typed!.properties[0] = { ...first, value: position, text: undefined };
      return true;
    });
  }
}

/** Triangulates one mesh record; answers whether it had polygons to cut. */
function triangulateMesh(tree: FbxTree, mesh: FbxRecord): boolean {
  const polygonRecord = childOf(mesh, 'PolygonVertexIndex')!;
  const indices = recordArray(polygonRecord) ?? [];
  const sizes = polygonSizes(indices);
  if (!sizes.some((corners) => corners > 3)) return false;
  const vertices = recordArray(childOf(mesh, 'Vertices')!) ?? [];
  const controlPoint = (corner: number) => (indices[corner] < 0 ? -indices[corner] - 1 : indices[corner]);

  // The corners of the triangles (as corner numbers of the old list) and each triangle's polygon.
  let triangleCount = 0;
  for (const size of sizes) triangleCount += Math.max(0, size - 2);
  const corners = new Int32Array(triangleCount * 3);
  const polygonOf = new Int32Array(triangleCount);
  let written = 0;
  let triangle = 0;
  let start = 0;
  // One buffer for every polygon's points, as large as the largest polygon needs, and a quad's own: a dense
  // mesh's quads (most of its polygons) are cut without allocating.
  const scratch = new Float64Array(sizes.reduce((largest, size) => Math.max(largest, size), 0) * 3);
  const quadFlat = new Float64Array(8);
  for (let polygon = 0; polygon < sizes.length; polygon += 1) {
    const size = sizes[polygon];
    if (size === 3) {
      corners[written++] = start;
      corners[written++] = start + 1;
      corners[written++] = start + 2;
    } else if (size > 3) {
      for (let k = 0; k < size; k += 1) {
        const point = controlPoint(start + k) * 3;
        scratch[k * 3] = vertices[point];
        scratch[k * 3 + 1] = vertices[point + 1];
        scratch[k * 3 + 2] = vertices[point + 2];
      }
      let cut: ArrayLike<number> | undefined;
      if (size === 4) {
        projectOntoPlane(scratch, 4, quadFlat);
        if (strictlyConvexQuad(quadFlat)) cut = CONVEX_QUAD_CUT;
      }
      cut ??= triangulatePolygon(scratch.subarray(0, size * 3));
      for (let k = 0; k < cut.length; k += 1) corners[written++] = start + cut[k];
    }
    for (let t = 2; t < size; t += 1) polygonOf[triangle++] = polygon;
    start += size;
  }
  if (written !== corners.length)
    throw new Error('a polygon was not cut into its corners less two triangles');

  const rewritten = new Int32Array(corners.length);
  for (let k = 0; k < corners.length; k += 1) {
    const point = controlPoint(corners[k]);
    rewritten[k] = k % 3 === 2 ? -point - 1 : point;
  }
  setRecordArray(tree, polygonRecord, rewritten, 'int');

  const cornerCount = indices.length;
  for (const layer of mesh.children.filter((child) => child.name.startsWith('LayerElement'))) {
    const mapping = stringOf(childOf(layer, 'MappingInformationType')?.properties[0]);
    const reference = stringOf(childOf(layer, 'ReferenceInformationType')?.properties[0]) ?? 'Direct';
    const [items, from] =
      mapping === 'ByPolygonVertex'
        ? [cornerCount, corners]
        : mapping === 'ByPolygon'
          ? [sizes.length, polygonOf]
          : [0, []];
    if (!items) continue;
    for (const array of perItemArrays(layer, reference)) {
      const values = recordArray(array)!;
      const width = values.length / items;
      // An array that does not hold a whole number of values per item is not per item: leave it.
      if (!Number.isInteger(width) || width < 1) continue;
      setRecordArray(tree, array, gather(values, width, from), holdsIntegers(array) ? 'int' : 'double');
    }
  }
  dropEdgeData(mesh);
  return true;
}

/**
 * Cuts every polygon of four or more corners of every mesh of the tree into triangles, in place; answers how
 * many meshes changed.
 */
export function triangulateFbx(tree: FbxTree, meshes: FbxRecord[]): number {
  return meshes.filter((mesh) => triangulateMesh(tree, mesh)).length;
}

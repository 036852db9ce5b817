/**
 * A three.js scene as three's loaders answer it (OBJ, STL, PLY, 3MF) into a glTF document through DocumentBuilder:
 * one node per triangle mesh under the builder's root, with the mesh's world matrix; one primitive per material the
 * mesh draws with (a material array draws each geometry group with its own material, as three renders it);
 * positions, normals, texture coordinates and, when the material asks for them, vertex colours. Lines and points
 * are skipped: only triangles count. A geometry placed twice with the same materials (3MF build items and
 * components) becomes one glTF mesh used by two nodes. three's textures hold no bytes in Node, so the reader's
 * material callback brings the image bytes.
 */
import type { Material as GltfMaterial, Mesh as GltfMesh, Primitive } from '@gltf-transform/core';
import {
  Color,
  DoubleSide,
  type BufferAttribute,
  type BufferGeometry,
  type InterleavedBufferAttribute,
  type Material,
  type Mesh,
  type Object3D,
} from 'three';
import { GeometryFailure } from '../failures';
import type { DocumentBuilder, MaterialInput, Matrix4 } from './document-builder';
import type { ModelFormat } from './source-model';

export interface SceneConversion {
  /** The format being read, named by the failure of a damaged file. */
  format: ModelFormat;
  /** The glTF material a three.js material becomes; `vertexColors`: the primitive carries COLOR_0. */
  material: (material: Material, vertexColors: boolean) => GltfMaterial;
}

type Attribute = BufferAttribute | InterleavedBufferAttribute;

/** What a mesh draws with one material: `count` vertices from `start` (not indexed) or indices (indexed). */
interface DrawCall {
  material: Material;
  start: number;
  count: number;
}

/** The vertices a primitive takes from its geometry: a run, or chosen ones (an indexed group, compacted). */
type VertexSelection = { start: number; count: number } | { vertices: Uint32Array };

export const isMesh = (object: Object3D): object is Mesh => (object as Partial<Mesh>).isMesh === true;

/** The triangles three draws of `mesh`: its geometry groups with a material array, else the whole geometry. */
function drawCalls(mesh: Mesh): DrawCall[] {
  const geometry = mesh.geometry;
  const elements = geometry.index ? geometry.index.count : (geometry.getAttribute('position')?.count ?? 0);
  const call = (material: Material | undefined, start: number, count: number): DrawCall[] => {
    const first = Math.max(0, start);
    const last = Math.min(elements, first + count);
    const whole = Math.floor((last - first) / 3) * 3;
    return material && whole > 0 ? [{ material, start: first, count: whole }] : [];
  };
  const materials = mesh.material;
  if (!Array.isArray(materials)) return call(materials, 0, elements);
  return geometry.groups.flatMap((group) =>
    call(materials[group.materialIndex ?? 0], group.start, group.count),
  );
}

const meshesUnder = (object: Object3D): Mesh[] => {
  const meshes: Mesh[] = [];
  object.traverse((child) => {
    if (isMesh(child)) meshes.push(child);
  });
  return meshes;
};

/** The triangles the scene under `object` draws, each placed mesh counted: the readers' count and cap. */
export function sceneTriangles(object: Object3D): number {
  let triangles = 0;
  for (const mesh of meshesUnder(object)) for (const call of drawCalls(mesh)) triangles += call.count / 3;
  return triangles;
}

const selectionCount = (selection: VertexSelection) =>
  'vertices' in selection ? selection.vertices.length : selection.count;

/**
 * The selected vertices' values of `attribute` as `size` floats each (normalized integers read as three reads
 * them); null when the attribute holds fewer vertices than the selection needs.
 */
function gather(attribute: Attribute, selection: VertexSelection, size: number): Float32Array | null {
  const count = selectionCount(selection);
  if ('vertices' in selection) {
    for (const vertex of selection.vertices) if (vertex >= attribute.count) return null;
  } else if (selection.start + selection.count > attribute.count) return null;
  const values = new Float32Array(count * size);
  const plain =
    !('isInterleavedBufferAttribute' in attribute) &&
    attribute.array instanceof Float32Array &&
    attribute.itemSize === size &&
    !attribute.normalized;
  if (plain && !('vertices' in selection)) {
    values.set(attribute.array.subarray(selection.start * size, (selection.start + count) * size));
    return values;
  }
  const components = Math.min(size, attribute.itemSize);
  for (let i = 0; i < count; i += 1) {
    const vertex = 'vertices' in selection ? selection.vertices[i] : selection.start + i;
    for (let c = 0; c < components; c += 1) values[i * size + c] = attribute.getComponent(vertex, c);
    // A colour given without alpha is opaque.
    for (let c = components; c < size; c += 1) values[i * size + c] = c === 3 ? 1 : 0;
  }
  return values;
}

/** Replaces values that are not finite (a file's NaN normals, OBJ colours missing on some vertices). */
function sanitize(values: Float32Array, replacement: number): Float32Array {
  for (let i = 0; i < values.length; i += 1) if (!Number.isFinite(values[i])) values[i] = replacement;
  return values;
}

/** The vertices and indices of one draw call; indices checked against the geometry's vertex count. */
function selectionOf(
  geometry: BufferGeometry,
  call: DrawCall,
  vertexCount: number,
  format: ModelFormat,
): { selection: VertexSelection; indices?: Uint32Array } {
  const index = geometry.index;
  if (!index) return { selection: { start: call.start, count: call.count } };
  const indices = new Uint32Array(call.count);
  for (let i = 0; i < call.count; i += 1) {
    const vertex = index.getX(call.start + i);
    if (!(vertex >= 0 && vertex < vertexCount)) throw new GeometryFailure('unreadable', { format });
    indices[i] = vertex;
  }
  if (call.start === 0 && call.count === index.count)
    return { selection: { start: 0, count: vertexCount }, indices };
  // A group of an indexed geometry: only the vertices it uses, renumbered.
  const renumbered = new Int32Array(vertexCount).fill(-1);
  const vertices: number[] = [];
  for (let i = 0; i < indices.length; i += 1) {
    const vertex = indices[i];
    if (renumbered[vertex] < 0) {
      renumbered[vertex] = vertices.length;
      vertices.push(vertex);
    }
    indices[i] = renumbered[vertex];
  }
  return { selection: { vertices: Uint32Array.from(vertices) }, indices };
}

function primitiveOf(
  builder: DocumentBuilder,
  geometry: BufferGeometry,
  call: DrawCall,
  conversion: SceneConversion,
): Primitive | null {
  const position = geometry.getAttribute('position') as Attribute | undefined;
  if (!position) return null;
  const { selection, indices } = selectionOf(geometry, call, position.count, conversion.format);
  const positions = gather(position, selection, 3);
  if (!positions) return null;
  // A vertex that is not a number is a damaged file, not something to guess a place for.
  for (const value of positions)
    if (!Number.isFinite(value)) throw new GeometryFailure('unreadable', { format: conversion.format });
  const optional = (name: string, size: number) => {
    const attribute = geometry.getAttribute(name) as Attribute | undefined;
    return attribute ? gather(attribute, selection, size) : null;
  };
  const normals = optional('normal', 3);
  const uvs = optional('uv', 2);
  if (uvs) for (let i = 1; i < uvs.length; i += 2) uvs[i] = 1 - uvs[i]; // three's v runs up, glTF's down
  const colorAttribute = geometry.getAttribute('color') as Attribute | undefined;
  const colorSize = colorAttribute?.itemSize === 4 ? 4 : 3;
  // three draws vertex colours only when the material asks for them; glTF always does.
  const colors = call.material.vertexColors ? optional('color', colorSize) : null;
  return builder.primitive({
    positions,
    normals: normals ? sanitize(normals, 0) : undefined,
    uvs: uvs ? sanitize(uvs, 0) : undefined,
    colors: colors ? sanitize(colors, 1) : undefined,
    colorSize,
    indices,
    material: conversion.material(call.material, colors !== null),
  });
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/**
 * Adds every triangle mesh under `object` to the builder: a node per placed mesh under the root, with its world
 * matrix (the object's own transform included). Throws `unreadable` for a vertex that is not a number or an index
 * past the vertices.
 */
export function addThreeScene(builder: DocumentBuilder, object: Object3D, conversion: SceneConversion): void {
  object.updateMatrixWorld(true);
  const built = new Map<string, GltfMesh | null>();
  for (const mesh of meshesUnder(object)) {
    const calls = drawCalls(mesh);
    const materials = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    const key = [mesh.geometry.uuid, ...materials.map((material) => material?.uuid)].join(' ');
    let gltfMesh = built.get(key);
    if (gltfMesh === undefined) {
      const primitives = calls.flatMap((call) => primitiveOf(builder, mesh.geometry, call, conversion) ?? []);
      gltfMesh = primitives.length > 0 ? builder.mesh(mesh.name || 'mesh', primitives) : null;
      built.set(key, gltfMesh);
    }
    if (!gltfMesh) continue;
    const matrix = mesh.matrixWorld.toArray() as Matrix4;
    const identity = matrix.every((value, index) => value === IDENTITY[index]);
    builder.node(mesh.name || 'mesh', { mesh: gltfMesh, matrix: identity ? undefined : matrix });
  }
}

const linearColor = (color: Color): [number, number, number] =>
  [color.r, color.g, color.b].map((value) => Math.min(1, Math.max(0, value))) as [number, number, number];

/**
 * What a three.js material says as a glTF material's factors: its colour (three keeps colours linear) and
 * opacity, emissive colour, metalness and roughness when it has them, two-sidedness. No texture: the reader adds
 * the image bytes.
 */
export function materialInputOf(material: Material): MaterialInput {
  const input: MaterialInput = { name: material.name, doubleSided: material.side === DoubleSide };
  const opacity = Math.min(1, Math.max(0, material.opacity));
  if ('color' in material && material.color instanceof Color)
    input.baseColor = [...linearColor(material.color), opacity];
  if ('emissive' in material && material.emissive instanceof Color && material.emissive.getHex() !== 0)
    input.emissive = linearColor(material.emissive);
  if ('metalness' in material && typeof material.metalness === 'number') input.metallic = material.metalness;
  if ('roughness' in material && typeof material.roughness === 'number') input.roughness = material.roughness;
  return input;
}

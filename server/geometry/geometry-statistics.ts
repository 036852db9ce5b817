/**
 * The figures of a converted model (shared/geometry-statistics.ts), read from its glTF document: meshes,
 * materials, textures and nodes as the document holds them; triangles and vertices as drawn (a mesh used by two
 * nodes counts twice); the bounding box of the default scene in metres.
 */
import type { Document } from '@gltf-transform/core';
import { getBounds } from '@gltf-transform/functions';

const TRIANGLES = 4;

export interface DrawnGeometry {
  meshes: number;
  materials: number;
  textures: number;
  nodes: number;
  triangles: number;
  vertices: number;
  /** Width, height, depth in metres; zeros for an empty scene. */
  size: [number, number, number];
  bounds: { min: [number, number, number]; max: [number, number, number] } | null;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export function drawnGeometry(document: Document): DrawnGeometry {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  let triangles = 0;
  let vertices = 0;
  scene?.traverse((node) => {
    for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
      if (primitive.getMode() !== TRIANGLES) continue;
      const position = primitive.getAttribute('POSITION');
      if (!position) continue;
      const indices = primitive.getIndices();
      triangles += Math.floor((indices ? indices.getCount() : position.getCount()) / 3);
      vertices += position.getCount();
    }
  });
  const box = scene && triangles ? getBounds(scene) : null;
  const bounds = box
    ? {
        min: box.min.map(round) as [number, number, number],
        max: box.max.map(round) as [number, number, number],
      }
    : null;
  return {
    meshes: root.listMeshes().length,
    materials: root.listMaterials().length,
    textures: root.listTextures().length,
    nodes: root.listNodes().length,
    triangles,
    vertices,
    size: bounds
      ? ([0, 1, 2].map((axis) => round(bounds.max[axis] - bounds.min[axis])) as [number, number, number])
      : [0, 0, 0],
    bounds,
  };
}

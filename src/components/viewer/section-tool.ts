/**
 * The viewer's section tool (issue 45), three.js side: the model cut by the planes of an axis-aligned box, each side
 * of which is a share of the model's own box (`SectionRange`: x, y and z each from 0 to 1); one side moved in is a
 * single clipping plane, several a section box. A side at its end cuts nothing and is left out. The cuts are capped:
 * every mesh gets a twin that draws only its back faces, in one flat colour, so where a closed mesh is cut open its
 * inside shows as a solid face rather than a hollow shell.
 */
import { BackSide, Box3, Mesh, MeshBasicMaterial, type Material, type Object3D, Plane, Vector3 } from 'three';

/** Which share of the model's box stays, per axis. */
export interface SectionRange {
  x: [number, number];
  y: [number, number];
  z: [number, number];
}

export const FULL_SECTION: SectionRange = { x: [0, 1], y: [0, 1], z: [0, 1] };

const CAP_COLOUR = 0x8c95a3;
const AXES = ['x', 'y', 'z'] as const;

const materialsOf = (mesh: Mesh): Material[] =>
  Array.isArray(mesh.material) ? mesh.material : [mesh.material];

export class SectionTool {
  private readonly box: Box3;
  private readonly caps: Mesh[] = [];
  private readonly materials = new Set<Material>();
  private readonly capMaterial = new MeshBasicMaterial({
    color: CAP_COLOUR,
    side: BackSide,
    toneMapped: false,
  });

  constructor(content: Object3D) {
    this.box = new Box3().setFromObject(content);
    const meshes: Mesh[] = [];
    content.traverse((object) => {
      if (object instanceof Mesh) meshes.push(object);
    });
    for (const mesh of meshes) {
      for (const material of materialsOf(mesh)) this.materials.add(material);
      const cap = new Mesh(mesh.geometry, this.capMaterial);
      // No part of the model: rays pass it, and version comparison does not count it.
      cap.userData.sectionCap = true;
      cap.raycast = () => undefined;
      mesh.add(cap);
      this.caps.push(cap);
    }
  }

  /** Cuts the model to `range` (the full range cuts nothing). */
  set(range: SectionRange) {
    const planes: Plane[] = [];
    for (const axis of AXES) {
      const [from, to] = range[axis];
      const min = this.box.min[axis];
      const extent = this.box.max[axis] - min;
      const normal = new Vector3();
      if (from > 0) {
        normal.set(0, 0, 0)[axis] = 1;
        planes.push(new Plane(normal.clone(), -(min + from * extent)));
      }
      if (to < 1) {
        normal.set(0, 0, 0)[axis] = -1;
        planes.push(new Plane(normal.clone(), min + to * extent));
      }
    }
    for (const material of [...this.materials, this.capMaterial]) {
      material.clippingPlanes = planes.length ? planes : null;
      material.needsUpdate = true;
    }
    for (const cap of this.caps) cap.visible = planes.length > 0;
  }

  dispose() {
    this.set(FULL_SECTION);
    for (const cap of this.caps) cap.removeFromParent();
    this.capMaterial.dispose();
  }
}

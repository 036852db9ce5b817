/**
 * The viewer's section tool (issue 45), three.js side: the model cut by the planes of an axis-aligned box, each side
 * of which is a share of the model's own box (`SectionRange`: x, y and z each from 0 to 1); one side moved in is a
 * single clipping plane, several a section box. A side at its end cuts nothing and is left out. The cuts are capped:
 * every mesh gets a twin that draws only its back faces, in one flat colour, so where a closed mesh is cut open its
 * inside shows as a solid face rather than a hollow shell. Each side has a handle in the middle of its face of the
 * section box, which the pointer drags along the side's axis (three's DragControls moves it; the tool holds it to
 * its axis and within the model's box, and reports the share it reached, `onDrag`); the panel's sliders stay the
 * keyboard's way.
 */
import {
  BackSide,
  Box3,
  type Camera,
  Group,
  Mesh,
  MeshBasicMaterial,
  type Material,
  type Object3D,
  Plane,
  SphereGeometry,
  Vector3,
} from 'three';
import { DragControls } from 'three/examples/jsm/controls/DragControls.js';

/** Which share of the model's box stays, per axis. */
export interface SectionRange {
  x: [number, number];
  y: [number, number];
  z: [number, number];
}

export const FULL_SECTION: SectionRange = { x: [0, 1], y: [0, 1], z: [0, 1] };

const CAP_COLOUR = 0x8c95a3;
/** The handles' colour: the portal's primary blue, seen on any model. */
const HANDLE_COLOUR = 0x1677ff;
/** A handle's radius, as a share of the model box's diagonal. */
const HANDLE_SIZE = 0.022;
const AXES = ['x', 'y', 'z'] as const;

export type SectionAxis = (typeof AXES)[number];
/** A side of the section box: the low or the high end of an axis. */
export interface SectionEnd {
  axis: SectionAxis;
  end: 0 | 1;
}

/** What dragging a handle tells: the side, the share of the model's box it reached along its axis; and its start and end. */
export interface SectionDrag {
  onDrag(side: SectionEnd, share: number): void;
  onDragging(dragging: boolean): void;
}

const materialsOf = (mesh: Mesh): Material[] =>
  Array.isArray(mesh.material) ? mesh.material : [mesh.material];

export class SectionTool {
  private readonly box: Box3;
  private readonly caps: Mesh[] = [];
  /** The sides' handles, in the scene beside the model (never part of it: picks and comparisons pass them). */
  readonly handles = new Group();
  private readonly handleGeometry: SphereGeometry;
  private readonly handleMaterial = new MeshBasicMaterial({
    color: HANDLE_COLOUR,
    depthTest: false,
    transparent: true,
    opacity: 0.9,
    toneMapped: false,
  });
  private readonly dragging: DragControls | null = null;
  private range: SectionRange = FULL_SECTION;
  private readonly materials = new Set<Material>();
  private readonly capMaterial = new MeshBasicMaterial({
    color: CAP_COLOUR,
    side: BackSide,
    toneMapped: false,
  });

  constructor(content: Object3D, drag?: SectionDrag & { camera: Camera; canvas: HTMLElement }) {
    this.box = new Box3().setFromObject(content);
    this.handleGeometry = new SphereGeometry(this.box.getSize(new Vector3()).length() * HANDLE_SIZE, 16, 12);
    for (const axis of AXES)
      for (const end of [0, 1] as const) {
        const handle = new Mesh(this.handleGeometry, this.handleMaterial);
        handle.userData.sectionEnd = { axis, end } satisfies SectionEnd;
        handle.renderOrder = 10;
        this.handles.add(handle);
      }
    this.placeHandles();
    if (drag) {
      this.dragging = new DragControls(this.handles.children, drag.camera, drag.canvas);
      this.dragging.recursive = false;
      this.dragging.addEventListener('dragstart', () => drag.onDragging(true));
      this.dragging.addEventListener('dragend', () => drag.onDragging(false));
      this.dragging.addEventListener('drag', ({ object }) => {
        const side = object.userData.sectionEnd as SectionEnd;
        const share = this.holdToAxis(object, side);
        drag.onDrag(side, share);
      });
    }
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
    this.range = range;
    this.placeHandles();
  }

  /** The point of the model's box at these shares of it. */
  private pointAt(shares: Record<SectionAxis, number>): Vector3 {
    const point = new Vector3();
    for (const axis of AXES)
      point[axis] = this.box.min[axis] + shares[axis] * (this.box.max[axis] - this.box.min[axis]);
    return point;
  }

  /** Each handle in the middle of its side's face of the section box. */
  private placeHandles() {
    const middle = (axis: SectionAxis) => (this.range[axis][0] + this.range[axis][1]) / 2;
    for (const handle of this.handles.children) {
      const { axis, end } = handle.userData.sectionEnd as SectionEnd;
      const shares = { x: middle('x'), y: middle('y'), z: middle('z') };
      shares[axis] = this.range[axis][end];
      handle.position.copy(this.pointAt(shares));
    }
  }

  /** Puts a dragged handle back on its axis, within the model's box; answers the share of the box it is at. */
  private holdToAxis(handle: Object3D, { axis }: SectionEnd): number {
    const min = this.box.min[axis];
    const extent = this.box.max[axis] - min || 1;
    const share = Math.min(1, Math.max(0, (handle.position[axis] - min) / extent));
    this.placeHandles();
    handle.position[axis] = min + share * extent;
    return share;
  }

  dispose() {
    this.set(FULL_SECTION);
    this.dragging?.dispose();
    this.handles.removeFromParent();
    this.handleGeometry.dispose();
    this.handleMaterial.dispose();
    for (const cap of this.caps) cap.removeFromParent();
    this.capMaterial.dispose();
  }
}

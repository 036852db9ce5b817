/**
 * The viewer's distance tool (issue 45), three.js side: a click on the model picks a point where the pointer's ray
 * meets it (three-mesh-bvh: the meshes get a bounds tree when the tool starts, so a ray through a model of a million
 * triangles takes microseconds), snapped to the nearest corner of the triangle hit when one is within
 * SNAP_VERTEX_PX on screen, else to its nearest edge within SNAP_EDGE_PX. Two points show as markers joined by a
 * line, drawn over the model; a third click starts a new measurement. Distances are in the model's units, metres
 * (glTF's).
 */
import {
  BufferGeometry,
  type Camera,
  Group,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshBasicMaterial,
  type Object3D,
  Raycaster,
  SphereGeometry,
  Vector2,
  Vector3,
} from 'three';
import { acceleratedRaycast, computeBoundsTree, disposeBoundsTree } from 'three-mesh-bvh';

/** How near a corner (in CSS pixels) a click snaps to it. */
export const SNAP_VERTEX_PX = 12;
/** How near an edge (in CSS pixels) a click snaps to it. */
export const SNAP_EDGE_PX = 8;

const MARKER_COLOUR = 0xff5a1f;

/** What a picked point is on: a corner of the mesh, one of its edges, or its surface. */
export type Snap = 'vertex' | 'edge' | 'surface';

export interface Measurement {
  /** The points picked so far (0, 1 or 2). */
  points: number;
  /** Between the two points, in metres; null until both are picked. */
  distance: number | null;
  /** What each point snapped to. */
  snaps: Snap[];
}

/** The point of segment a–b nearest to p. */
function nearestOnSegment(p: Vector3, a: Vector3, b: Vector3): Vector3 {
  const ab = new Vector3().subVectors(b, a);
  const length = ab.lengthSq();
  const t = length ? Math.min(1, Math.max(0, new Vector3().subVectors(p, a).dot(ab) / length)) : 0;
  return a.clone().addScaledVector(ab, t);
}

export class MeasureTool {
  readonly group = new Group();
  private readonly raycaster = new Raycaster();
  private readonly meshes: Mesh[] = [];
  private readonly picked: Array<{ position: Vector3; snap: Snap }> = [];
  private readonly markerGeometry: SphereGeometry;
  private readonly material = new MeshBasicMaterial({
    color: MARKER_COLOUR,
    depthTest: false,
    toneMapped: false,
  });
  private readonly lineMaterial = new LineBasicMaterial({
    color: MARKER_COLOUR,
    depthTest: false,
    toneMapped: false,
  });

  /** `size`: the model's bounding sphere's radius (the markers are sized by it). */
  constructor(
    content: Object3D,
    private readonly camera: Camera,
    private readonly canvas: HTMLCanvasElement,
    size: number,
  ) {
    this.raycaster.firstHitOnly = true;
    content.traverse((object) => {
      if (!(object instanceof Mesh)) return;
      if (!object.geometry.boundsTree) computeBoundsTree.call(object.geometry);
      object.raycast = acceleratedRaycast;
      this.meshes.push(object);
    });
    this.markerGeometry = new SphereGeometry(Math.max(size, 1e-3) * 0.012, 16, 12);
    this.group.renderOrder = 999;
  }

  /** Where a world point shows on the canvas, in CSS pixels. */
  private onScreen(point: Vector3): Vector2 {
    const ndc = point.clone().project(this.camera);
    return new Vector2(
      ((ndc.x + 1) / 2) * this.canvas.clientWidth,
      ((1 - ndc.y) / 2) * this.canvas.clientHeight,
    );
  }

  /** The point of the model under the pointer (client coordinates), snapped; null off the model. */
  private pointAt(clientX: number, clientY: number): { position: Vector3; snap: Snap } | null {
    const box = this.canvas.getBoundingClientRect();
    const pointer = new Vector2(clientX - box.left, clientY - box.top);
    const ndc = new Vector2((pointer.x / box.width) * 2 - 1, -(pointer.y / box.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    const [hit] = this.raycaster.intersectObjects(this.meshes, false);
    if (!hit?.face || !(hit.object instanceof Mesh))
      return hit ? { position: hit.point, snap: 'surface' } : null;
    const position = hit.object.geometry.attributes.position;
    const corners = [hit.face.a, hit.face.b, hit.face.c].map((index) =>
      new Vector3().fromBufferAttribute(position, index).applyMatrix4(hit.object.matrixWorld),
    );
    const distanceOnScreen = (point: Vector3) => this.onScreen(point).distanceTo(pointer);
    const corner = corners.reduce((best, point) =>
      distanceOnScreen(point) < distanceOnScreen(best) ? point : best,
    );
    if (distanceOnScreen(corner) <= SNAP_VERTEX_PX) return { position: corner, snap: 'vertex' };
    const edge = [
      nearestOnSegment(hit.point, corners[0], corners[1]),
      nearestOnSegment(hit.point, corners[1], corners[2]),
      nearestOnSegment(hit.point, corners[2], corners[0]),
    ].reduce((best, point) => (distanceOnScreen(point) < distanceOnScreen(best) ? point : best));
    if (distanceOnScreen(edge) <= SNAP_EDGE_PX) return { position: edge, snap: 'edge' };
    return { position: hit.point, snap: 'surface' };
  }

  /** Picks the point under the pointer (a third starts over); null when the click missed the model. */
  pick(clientX: number, clientY: number): Measurement | null {
    const point = this.pointAt(clientX, clientY);
    if (!point) return null;
    if (this.picked.length === 2) this.clear();
    this.picked.push(point);
    const marker = new Mesh(this.markerGeometry, this.material);
    marker.position.copy(point.position);
    marker.renderOrder = 999;
    this.group.add(marker);
    if (this.picked.length === 2) {
      const line = new Line(
        new BufferGeometry().setFromPoints(this.picked.map((each) => each.position)),
        this.lineMaterial,
      );
      line.renderOrder = 998;
      this.group.add(line);
    }
    return this.measurement();
  }

  measurement(): Measurement {
    return {
      points: this.picked.length,
      distance: this.picked.length === 2 ? this.picked[0].position.distanceTo(this.picked[1].position) : null,
      snaps: this.picked.map((point) => point.snap),
    };
  }

  /** Takes the points away. */
  clear() {
    this.picked.length = 0;
    for (const child of [...this.group.children]) {
      if (child instanceof Line) child.geometry.dispose();
      this.group.remove(child);
    }
  }

  dispose() {
    this.clear();
    this.group.removeFromParent();
    this.markerGeometry.dispose();
    this.material.dispose();
    this.lineMaterial.dispose();
    for (const mesh of this.meshes) {
      if (mesh.geometry.boundsTree) disposeBoundsTree.call(mesh.geometry);
      mesh.raycast = Mesh.prototype.raycast;
    }
  }
}

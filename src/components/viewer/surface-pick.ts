/**
 * Where a comment's pin sits on the model (issue 45), three.js side: the point of the model under the pointer with
 * the surface's normal there (turned towards the viewer, in world space), and where a pin at a point shows on the
 * canvas: in CSS pixels, whether it is in front of the camera, and whether its surface faces the camera (a pin on
 * the far side is drawn faded).
 */
import {
  type Camera,
  Matrix3,
  Mesh,
  type Object3D,
  Raycaster,
  Vector2,
  Vector3,
  type Vector3Tuple,
} from 'three';

export interface SurfacePoint {
  point: Vector3Tuple;
  normal: Vector3Tuple;
}

export interface PinPlacement {
  /** From the canvas's top left corner, in CSS pixels. */
  x: number;
  y: number;
  /** In front of the camera and within the canvas. */
  inView: boolean;
  /** Its surface faces the camera (false for a point on the far side, or without a normal). */
  facing: boolean;
}

const raycaster = new Raycaster();

/** The point of `content` under the pointer (client coordinates) and its normal; null off the model. */
export function surfaceAt(
  content: Object3D,
  camera: Camera,
  canvas: HTMLCanvasElement,
  clientX: number,
  clientY: number,
): SurfacePoint | null {
  const box = canvas.getBoundingClientRect();
  if (!box.width || !box.height) return null;
  const ndc = new Vector2(
    ((clientX - box.left) / box.width) * 2 - 1,
    -((clientY - box.top) / box.height) * 2 + 1,
  );
  raycaster.setFromCamera(ndc, camera);
  const hit = raycaster
    .intersectObject(content, true)
    .find((each) => each.object instanceof Mesh && each.object.visible);
  if (!hit) return null;
  const normal = hit.face
    ? hit.face.normal.clone().applyMatrix3(new Matrix3().getNormalMatrix(hit.object.matrixWorld)).normalize()
    : raycaster.ray.direction.clone().negate();
  // A double-sided surface seen from its back: the normal that faces the viewer.
  if (normal.dot(raycaster.ray.direction) > 0) normal.negate();
  return { point: hit.point.toArray(), normal: normal.toArray() };
}

/** Where a pin at `point` (with its surface's `normal`) shows on the canvas. */
export function placePin(
  camera: Camera,
  canvas: HTMLCanvasElement,
  point: Vector3Tuple,
  normal: Vector3Tuple | null,
): PinPlacement {
  const world = new Vector3().fromArray(point);
  const ndc = world.clone().project(camera);
  const inView = ndc.z > -1 && ndc.z < 1 && Math.abs(ndc.x) <= 1 && Math.abs(ndc.y) <= 1;
  const towardsCamera = new Vector3().setFromMatrixPosition(camera.matrixWorld).sub(world);
  const facing = !!normal && new Vector3().fromArray(normal).dot(towardsCamera) > 0;
  return {
    x: ((ndc.x + 1) / 2) * canvas.clientWidth,
    y: ((1 - ndc.y) / 2) * canvas.clientHeight,
    inView,
    facing,
  };
}

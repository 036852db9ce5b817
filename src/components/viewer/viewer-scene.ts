/**
 * The three.js side of the 3D viewer (issue 28), free of React: a WebGL 2 renderer on a canvas, a perspective
 * camera with OrbitControls (drag to orbit, right-drag or Shift-drag to pan, wheel to zoom), image-based lighting
 * from three's RoomEnvironment through a PMREM plus a key light (without a GPU a hemisphere light and the key light:
 * canvas `data-lighting`), and a soft contact shadow under the content.
 * The content is either a glb (GLTFLoader with the meshopt decoder, so EXT_meshopt_compression and
 * KHR_mesh_quantization load) or a sphere wearing a material's base-colour map.
 *
 * It renders on demand: a frame is drawn only when something asked for one (the controls moved, the size changed,
 * the content or the wireframe changed), and the next frame only while the controls' damping is still moving the
 * camera; idle, nothing runs. `dispose` frees every geometry, material, texture, the environment and the
 * renderer. The canvas's `data-frames` counts the frames drawn (the end-to-end tests read it), and `data-drawn`
 * says whether the last one showed the content (`content`) or only the empty stage (`empty`).
 */
import {
  Box3,
  CanvasTexture,
  Color,
  DirectionalLight,
  HemisphereLight,
  Material,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  NeutralToneMapping,
  type Object3D,
  PerspectiveCamera,
  PlaneGeometry,
  PMREMGenerator,
  RepeatWrapping,
  Scene,
  Sphere,
  SphereGeometry,
  SRGBColorSpace,
  Texture,
  TextureLoader,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { isSoftwareRenderer, rendererName } from './software-renderer';

/** The device pixel ratio is capped here: sharper than this costs fill rate and shows no more. */
export const MAX_PIXEL_RATIO = 2;
/** One step of the keyboard's orbit, in radians (7.5°). */
const ORBIT_STEP = Math.PI / 24;
/** One step of the keyboard's pan, as a share of the view's height. */
const PAN_STEP = 0.06;
/** One step of the keyboard's zoom. */
const ZOOM_STEP = 1.15;
/** The view a model opens with: from the front, a little to the right and above. */
const MODEL_VIEW = new Vector3(0.55, 0.45, 1).normalize();
/** The view the material sphere opens with: straight from the front, slightly above. */
const SPHERE_VIEW = new Vector3(0, 0.2, 1).normalize();

export type ViewerContent = { kind: 'model'; url: string } | { kind: 'material'; url: string };

/** Frees a texture and, for an ImageBitmap (GLTFLoader's images in Chromium), the bitmap. */
function disposeTexture(texture: Texture) {
  const image: unknown = texture.image;
  if (typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap) image.close();
  texture.dispose();
}

function disposeMaterial(material: Material) {
  for (const value of Object.values(material)) if (value instanceof Texture) disposeTexture(value);
  material.dispose();
}

const materialsOf = (mesh: Mesh): Material[] =>
  Array.isArray(mesh.material) ? mesh.material : [mesh.material];

/** Frees every geometry, material and texture below `root`. */
function disposeTree(root: Object3D) {
  root.traverse((object) => {
    if (!(object instanceof Mesh)) return;
    object.geometry.dispose();
    materialsOf(object).forEach(disposeMaterial);
  });
}

/**
 * The sphere around the meshes below `root` in world space (the union of their geometries' spheres: tighter than
 * the sphere around their box, a sphere's own for a sphere); null without geometry.
 */
function boundingSphere(root: Object3D): Sphere | null {
  root.updateWorldMatrix(true, true);
  let bounds: Sphere | null = null;
  root.traverse((object) => {
    if (!(object instanceof Mesh) || !object.visible) return;
    if (!object.geometry.boundingSphere) object.geometry.computeBoundingSphere();
    const sphere = object.geometry.boundingSphere?.clone().applyMatrix4(object.matrixWorld);
    if (!sphere || sphere.isEmpty()) return;
    bounds = bounds ? bounds.union(sphere) : sphere;
  });
  return bounds;
}

/** A soft round shadow (a radial gradient) to lay under the content, so it stands rather than floats. */
function contactShadow(): Mesh {
  const size = 128;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const context = canvas.getContext('2d');
  if (context) {
    const gradient = context.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size / 2);
    gradient.addColorStop(0, 'rgba(16, 24, 40, 0.5)');
    gradient.addColorStop(0.4, 'rgba(16, 24, 40, 0.3)');
    gradient.addColorStop(0.75, 'rgba(16, 24, 40, 0.08)');
    gradient.addColorStop(1, 'rgba(16, 24, 40, 0)');
    context.fillStyle = gradient;
    context.fillRect(0, 0, size, size);
  }
  const material = new MeshBasicMaterial({
    map: new CanvasTexture(canvas),
    transparent: true,
    depthWrite: false,
    toneMapped: false,
  });
  const shadow = new Mesh(new PlaneGeometry(1, 1), material);
  shadow.rotation.x = -Math.PI / 2;
  shadow.renderOrder = -1;
  return shadow;
}

/** three's RoomEnvironment through a PMREM: soft studio light from every side, for the materials' reflections. */
function roomEnvironment(renderer: WebGLRenderer): Texture {
  const pmrem = new PMREMGenerator(renderer);
  const room = new RoomEnvironment();
  const environment = pmrem.fromScene(room, 0.04).texture;
  room.traverse((object) => {
    if (object instanceof Mesh) {
      object.geometry.dispose();
      materialsOf(object).forEach(disposeMaterial);
    }
  });
  pmrem.dispose();
  return environment;
}

export class ViewerScene {
  readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(35, 1, 0.01, 1000);
  private readonly controls: OrbitControls;
  private readonly environment: Texture | null;
  /** Image-based lighting with a GPU; plain lights without one (software-renderer.ts). */
  readonly lighting: 'image-based' | 'simple';
  private readonly shadow = contactShadow();
  private content: Object3D | null = null;
  private view = MODEL_VIEW;
  private frame = 0;
  private frames = 0;
  private disposed = false;
  private readonly damping: boolean;

  /** Throws when no WebGL 2 context can be made on the canvas. */
  constructor(
    private readonly canvas: HTMLCanvasElement,
    options: { reducedMotion?: boolean } = {},
  ) {
    this.renderer = new WebGLRenderer({
      canvas,
      antialias: true,
      alpha: true,
      powerPreference: 'high-performance',
    });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO));
    this.renderer.setClearColor(new Color(0x000000), 0);
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.renderer.toneMapping = NeutralToneMapping;
    this.renderer.toneMappingExposure = 1;

    // Without a GPU the environment's shaders would hold the page for seconds: plain lights stand in for it.
    this.lighting = isSoftwareRenderer(rendererName(this.renderer.getContext())) ? 'simple' : 'image-based';
    canvas.dataset.lighting = this.lighting;
    this.environment = this.lighting === 'image-based' ? roomEnvironment(this.renderer) : null;
    if (this.environment) {
      this.scene.environment = this.environment;
      this.scene.environmentIntensity = 0.9;
    } else {
      this.scene.add(new HemisphereLight(0xffffff, 0x8a8f98, 2.2));
    }

    const key = new DirectionalLight(0xffffff, 1.1);
    key.position.set(3, 5, 4);
    this.camera.add(key);
    this.scene.add(this.camera);
    this.scene.add(this.shadow);
    this.shadow.visible = false;

    this.damping = !options.reducedMotion;
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = this.damping;
    this.controls.dampingFactor = 0.12;
    this.controls.screenSpacePanning = true;
    this.controls.addEventListener('change', this.requestRender);
  }

  /** Draws a frame soon (once per animation frame, however often it is asked). */
  readonly requestRender = () => {
    if (this.disposed || this.frame) return;
    this.frame = requestAnimationFrame(this.draw);
  };

  private readonly draw = () => {
    this.frame = 0;
    if (this.disposed) return;
    // With damping the camera goes on moving for a few frames after the pointer stops: draw until it rests.
    const moving = this.damping && this.controls.update();
    this.renderer.render(this.scene, this.camera);
    this.frames += 1;
    this.canvas.dataset.frames = String(this.frames);
    // Whether the frame showed the content (bench:viewer times the first that did).
    this.canvas.dataset.drawn = this.content ? 'content' : 'empty';
    if (moving) this.requestRender();
  };

  /** The drawing size in CSS pixels. */
  setSize(width: number, height: number) {
    if (!width || !height) return;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  /** Loads the content; rejects when it cannot be loaded. */
  async load(content: ViewerContent): Promise<void> {
    const object =
      content.kind === 'model' ? await this.loadModel(content.url) : await this.materialSphere(content.url);
    if (this.disposed) {
      disposeTree(object);
      return;
    }
    this.view = content.kind === 'model' ? MODEL_VIEW : SPHERE_VIEW;
    this.content = object;
    this.scene.add(object);
    this.placeShadow();
    this.reset();
  }

  private async loadModel(url: string): Promise<Object3D> {
    const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
    const gltf = await loader.loadAsync(url);
    return gltf.scene;
  }

  private async materialSphere(url: string): Promise<Object3D> {
    const map = await new TextureLoader().loadAsync(url);
    map.colorSpace = SRGBColorSpace;
    map.wrapS = map.wrapT = RepeatWrapping;
    // The sphere's UVs run twice as far around as from pole to pole: tiles stay square.
    map.repeat.set(4, 2);
    map.anisotropy = this.renderer.capabilities.getMaxAnisotropy();
    const material = new MeshStandardMaterial({ map, roughness: 0.55, metalness: 0 });
    return new Mesh(new SphereGeometry(1, 96, 64), material);
  }

  /** The shadow under the content's footprint. */
  private placeShadow() {
    if (!this.content) return;
    const box = new Box3().setFromObject(this.content);
    if (box.isEmpty()) return;
    const size = box.getSize(new Vector3());
    const centre = box.getCenter(new Vector3());
    const extent = Math.max(size.x, size.z, 1e-3) * 2;
    this.shadow.scale.set(extent, extent, 1);
    this.shadow.position.set(centre.x, box.min.y - Math.max(size.y, 1e-3) * 0.002, centre.z);
    this.shadow.visible = true;
  }

  /** Ends any motion the damping still owes, so a new view is not carried off by the last drag. */
  private settleControls() {
    this.controls.enableDamping = false;
    this.controls.update();
    this.controls.enableDamping = this.damping;
  }

  /** Frames the content from `direction` (the current one by default), filling the view without clipping. */
  fit(direction?: Vector3) {
    if (!this.content) return;
    this.settleControls();
    const sphere = boundingSphere(this.content);
    if (!sphere) return;
    const radius = Math.max(sphere.radius, 1e-3);
    const vertical = (this.camera.fov * Math.PI) / 180;
    const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * this.camera.aspect);
    // A little room around it, for the toolbar in the corner.
    const distance = (radius / Math.sin(Math.min(vertical, horizontal) / 2)) * 1.25;
    const current = this.camera.position.clone().sub(this.controls.target);
    const towards = (direction ?? (current.lengthSq() > 0 ? current : this.view)).clone().normalize();
    this.controls.target.copy(sphere.center);
    this.camera.position.copy(sphere.center).addScaledVector(towards, distance);
    this.camera.near = distance / 100;
    this.camera.far = distance * 100;
    this.camera.updateProjectionMatrix();
    this.controls.minDistance = radius * 0.05;
    this.controls.maxDistance = distance * 20;
    this.controls.update();
    this.requestRender();
  }

  /** Back to the opening view. */
  reset() {
    this.fit(this.view);
  }

  setWireframe(on: boolean) {
    this.content?.traverse((object) => {
      if (!(object instanceof Mesh)) return;
      for (const material of materialsOf(object)) {
        if ('wireframe' in material && typeof material.wireframe === 'boolean') {
          material.wireframe = on;
          material.needsUpdate = true;
        }
      }
    });
    this.requestRender();
  }

  /** Orbits by keyboard steps: positive `left` turns the model to the left, positive `up` looks from above. */
  orbit(left: number, up: number) {
    this.controls.rotateLeft(left * ORBIT_STEP);
    this.controls.rotateUp(up * ORBIT_STEP);
    this.requestRender();
  }

  /** Pans by keyboard steps (positive `right` moves the view right, positive `up` moves it up). */
  pan(right: number, up: number) {
    const step = this.canvas.clientHeight * PAN_STEP;
    this.controls.pan(-right * step, up * step);
    this.requestRender();
  }

  /** Zooms by keyboard steps (positive: closer). */
  zoom(steps: number) {
    // OrbitControls divides the camera's distance by a dolly-out scale (and multiplies it by a dolly-in one).
    this.controls.dollyOut(ZOOM_STEP ** steps);
    this.requestRender();
  }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.controls.removeEventListener('change', this.requestRender);
    this.controls.dispose();
    if (this.content) disposeTree(this.content);
    disposeTree(this.shadow);
    this.environment?.dispose();
    this.scene.clear();
    this.renderer.dispose();
    // The canvas is thrown away with the viewer: its context goes now rather than when the GC finds it.
    this.renderer.forceContextLoss();
  }
}

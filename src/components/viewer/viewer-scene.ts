/**
 * The three.js side of the 3D viewer (issue 28), free of React: a WebGL 2 renderer on a canvas, a perspective
 * camera with OrbitControls (drag to orbit, right-drag or Shift-drag to pan, wheel to zoom), image-based lighting
 * from three's RoomEnvironment through a PMREM plus a key light (without a GPU a hemisphere light and the key light,
 * canvas `data-lighting`, and no antialias: software-renderer.ts), and a soft contact shadow under the content.
 * The content is either a glb (GLTFLoader with the meshopt decoder, so EXT_meshopt_compression and
 * KHR_mesh_quantization load) or a sphere wearing a material's base-colour map.
 *
 * It renders on demand: a frame is drawn only when something asked for one (the controls moved, the size changed,
 * the content or the wireframe changed), and the next frame only while the controls' damping is still moving the
 * camera; idle, nothing runs. Loading overlaps what it can: the file downloads (preloaded by Viewer3D.tsx) and is
 * decoded in workers while the likely programs link; without a GPU the content's first picture is drawn in
 * parts, one per frame and each waited for without blocking (drawInParts), so that no frame holds the page long
 * (issue 44, bench:viewer). `dispose` frees every geometry, material, texture, the environment and the
 * renderer. The canvas's `data-frames` counts the frames drawn (a picture drawn in parts once; the end-to-end tests
 * read it), and `data-drawn` says whether the last one showed the content (`content`) or only the empty stage
 * (`empty`).
 */
import {
  Box3,
  BufferGeometry,
  CanvasTexture,
  Color,
  DirectionalLight,
  Group,
  InterleavedBuffer,
  InterleavedBufferAttribute,
  HemisphereLight,
  Material,
  MathUtils,
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
  type Vector3Tuple,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { drawsWithoutGpu } from './software-renderer';
import { type MeshSignature, meshSignatures, paintMeshes } from './mesh-signatures';
import type { Measurement, MeasureTool } from './measure-tool';
import type { SectionEnd, SectionRange, SectionTool } from './section-tool';
import { type PinPlacement, placePin, type SurfacePoint, surfaceAt } from './surface-pick';

/** The device pixel ratio is capped here: sharper than this costs fill rate and shows no more. */
export const MAX_PIXEL_RATIO = 2;
/** One step of the keyboard's orbit, in radians (7.5°). */
const ORBIT_STEP = Math.PI / 24;
/** One step of the keyboard's pan, as a share of the view's height. */
const PAN_STEP = 0.06;
/** One step of the keyboard's zoom. */
const ZOOM_STEP = 1.15;
/**
 * The view a model opens with: from the front, to the right and above, as its preview picture is drawn (azimuth
 * 35°, elevation 25°, field of view 30°: server/geometry/preview-render.ts), so the model takes the picture's place
 * seen from the same side (the picture is framed on the model's outline, the view on its bounding sphere).
 */
const MODEL_VIEW = new Vector3().setFromSphericalCoords(
  1,
  MathUtils.degToRad(90 - 25),
  MathUtils.degToRad(35),
);
/** The camera's vertical field of view, in degrees (the preview picture's). */
const FIELD_OF_VIEW = 30;
/** The view the material sphere opens with: straight from the front, slightly above. */
const SPHERE_VIEW = new Vector3(0, 0.2, 1).normalize();

let decoder: typeof MeshoptDecoder | null = null;

/** The meshopt decoder, decoding in workers: a large model's buffers are not decoded on the main thread. */
function meshoptDecoder(): typeof MeshoptDecoder {
  if (!decoder) {
    MeshoptDecoder.useWorkers(Math.max(1, Math.min(4, (navigator.hardwareConcurrency || 2) - 1)));
    decoder = MeshoptDecoder;
  }
  return decoder;
}

/**
 * Reads quantized 3-component positions and normals padded to 4 (KHR_mesh_quantization as meshopt writes it:
 * 16-bit positions in 8 bytes, 8-bit normals in 4) as 4 components, the padding unread by the shaders. WebGL back
 * ends without 3-component 16- and 8-bit vertex formats (SwiftShader's Vulkan among them) would convert the whole
 * buffer at its first draw otherwise.
 */
function widenPaddedAttributes(geometry: BufferGeometry) {
  // Only these two: a colour's item size says whether it has alpha.
  for (const name of ['position', 'normal']) {
    const attribute = geometry.getAttribute(name);
    if (
      !(attribute instanceof InterleavedBufferAttribute) ||
      attribute.itemSize !== 3 ||
      attribute.offset !== 0
    )
      continue;
    const { array, stride } = attribute.data;
    if (stride !== 4 || array instanceof Float32Array) continue;
    geometry.setAttribute(name, new InterleavedBufferAttribute(attribute.data, 4, 0, attribute.normalized));
  }
}

/** A part of the first picture without a GPU takes about this long (main-thread tasks under 200 ms: issue 44). */
const PART_MS = 100;
/** How often a fence is asked whether WebGL is done. */
const POLL_MS = 4;
/** The first part's size, in indices (or vertices): about 20,000 triangles. */
const FIRST_PART_VERTICES = 60_000;

/** The start of the next animation frame. */
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

export type ViewerContent = { kind: 'model'; url: string } | { kind: 'material'; url: string };

/** Where the camera is and what it looks at: what two linked viewers share (version comparison, issue 45). */
export interface CameraView {
  position: [number, number, number];
  target: [number, number, number];
}

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
  private readonly camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.01, 1000);
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
  /** Without a GPU the content's first picture is drawn in parts, a frame each (drawInParts). */
  private readonly inParts: boolean;
  /** While the first picture is drawn in parts: nothing else draws, and a resize starts it over. */
  private building: { resized: boolean } | null = null;
  /** Who follows the camera (a linked viewer), and whether a view from outside is being applied. */
  private readonly viewListeners = new Set<(view: CameraView) => void>();
  private applyingView = false;
  /** Puts the content's own materials back after a difference view. */
  private unpaint: (() => void) | null = null;
  /** The distance tool while it is on (measure-tool.ts), and whether it was last asked to be on. */
  private measure: MeasureTool | null = null;
  private measuringWanted = false;
  /** The section tool while the model is cut (section-tool.ts), and who is told where its handles are dragged. */
  private section: SectionTool | null = null;
  private sectionWanted: SectionRange | null = null;
  private sectionDragListener: ((side: SectionEnd, share: number) => void) | null = null;
  /** Told after every frame drawn (comment pins follow the camera, issue 45). */
  private readonly drawListeners = new Set<() => void>();

  /** Throws when no WebGL 2 context can be made on the canvas. */
  constructor(
    private readonly canvas: HTMLCanvasElement,
    options: { reducedMotion?: boolean } = {},
  ) {
    // Without a GPU: no multisampling (each frame several times faster), and plain lights stand in for the
    // environment, whose shaders would hold the page for seconds.
    const software = drawsWithoutGpu();
    this.renderer = new WebGLRenderer({
      canvas,
      antialias: !software,
      // The first picture drawn in parts stays from one frame to the next.
      preserveDrawingBuffer: software,
      alpha: true,
      powerPreference: 'high-performance',
    });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO));
    this.renderer.setClearColor(new Color(0x000000), 0);
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.renderer.toneMapping = NeutralToneMapping;
    this.renderer.toneMappingExposure = 1;

    this.inParts = software;
    this.lighting = software ? 'simple' : 'image-based';
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
    this.controls.addEventListener('change', this.announceView);
  }

  private readonly announceView = () => {
    if (this.applyingView || !this.viewListeners.size) return;
    const view = this.currentView();
    for (const listener of this.viewListeners) listener(view);
  };

  /** The camera's view now. */
  currentView(): CameraView {
    return { position: this.camera.position.toArray(), target: this.controls.target.toArray() };
  }

  /** Calls `listener` with every view the user (or a fit) moves the camera to; answers how to stop. */
  onViewChange(listener: (view: CameraView) => void): () => void {
    this.viewListeners.add(listener);
    return () => this.viewListeners.delete(listener);
  }

  /** Moves the camera to a view from outside (a linked viewer's), without announcing it back. */
  setView(view: CameraView) {
    this.applyingView = true;
    try {
      this.camera.position.fromArray(view.position);
      this.controls.target.fromArray(view.target);
      const distance = this.camera.position.distanceTo(this.controls.target);
      this.camera.near = Math.max(distance / 100, 1e-4);
      this.camera.far = Math.max(distance * 100, 1);
      this.camera.updateProjectionMatrix();
      this.settleControls();
    } finally {
      this.applyingView = false;
    }
    this.requestRender();
  }

  /**
   * Turns the distance tool on or off (its points go with it). Its code (with three-mesh-bvh) loads the first time
   * it is turned on, not with the viewer.
   */
  async setMeasuring(on: boolean) {
    this.measuringWanted = on;
    if (on && !this.measure && this.content) {
      const { MeasureTool } = await import('./measure-tool');
      if (!this.measuringWanted || this.measure || this.disposed || !this.content) return;
      const radius = boundingSphere(this.content)?.radius ?? 1;
      this.measure = new MeasureTool(this.content, this.camera, this.canvas, radius);
      this.scene.add(this.measure.group);
    } else if (!on && this.measure) {
      this.measure.dispose();
      this.measure = null;
    }
    this.requestRender();
  }

  /** Picks a point of the distance tool at the pointer (client coordinates); null when it missed the model. */
  measureAt(clientX: number, clientY: number): Measurement | null {
    const measured = this.measure?.pick(clientX, clientY) ?? null;
    if (measured) this.requestRender();
    return measured;
  }

  /**
   * Cuts the model to the range of its box (section-tool.ts); null shows it whole. The tool's code (with its
   * handles' DragControls) loads the first time the model is cut, not with the viewer.
   */
  async setSection(range: SectionRange | null) {
    this.sectionWanted = range;
    if (range && !this.section && this.content) {
      const { SectionTool } = await import('./section-tool');
      if (!this.sectionWanted || this.section || this.disposed || !this.content) return;
      this.renderer.localClippingEnabled = true;
      this.section = new SectionTool(this.content, {
        camera: this.camera,
        canvas: this.canvas,
        onDrag: (side, share) => this.sectionDragListener?.(side, share),
        // While a handle is dragged the camera stays where it is.
        onDragging: (dragging) => {
          this.controls.enabled = !dragging;
        },
      });
      this.scene.add(this.section.handles);
    }
    if (this.sectionWanted) this.section?.set(this.sectionWanted);
    else if (this.section) {
      this.section.dispose();
      this.section = null;
    }
    this.requestRender();
  }

  /** Tells `listener` where a section handle is dragged (the side, the share of the model's box along its axis). */
  onSectionDrag(listener: ((side: SectionEnd, share: number) => void) | null) {
    this.sectionDragListener = listener;
  }

  /** The point of the model under the pointer (client coordinates) with its normal; null off the model. */
  surfaceAt(clientX: number, clientY: number): SurfacePoint | null {
    return this.content ? surfaceAt(this.content, this.camera, this.canvas, clientX, clientY) : null;
  }

  /** Where a pin at a point of the model shows on the canvas now. */
  placePin(point: Vector3Tuple, normal: Vector3Tuple | null): PinPlacement {
    return placePin(this.camera, this.canvas, point, normal);
  }

  /** Calls `listener` after every frame drawn; answers how to stop. */
  onDraw(listener: () => void): () => void {
    this.drawListeners.add(listener);
    return () => this.drawListeners.delete(listener);
  }

  /** Takes the distance tool's points away. */
  clearMeasure() {
    this.measure?.clear();
    this.requestRender();
  }

  /** The signatures of the model's meshes (mesh-signatures.ts); none before it loaded. */
  meshSignatures(): MeshSignature[] {
    return this.content ? meshSignatures(this.content) : [];
  }

  /** Paints the meshes with these keys in their colours and fades the rest (`rest`); null shows their own. */
  paintMeshes(colours: ReadonlyMap<string, number> | null, rest = 0x9aa1ab) {
    this.unpaint?.();
    this.unpaint = null;
    if (colours && this.content) this.unpaint = paintMeshes(this.content, colours, rest);
    this.requestRender();
  }

  /** Draws a frame soon (once per animation frame, however often it is asked). */
  readonly requestRender = () => {
    if (this.disposed || this.frame) return;
    this.frame = requestAnimationFrame(this.draw);
  };

  private readonly draw = () => {
    this.frame = 0;
    if (this.disposed || this.building) return;
    // With damping the camera goes on moving for a few frames after the pointer stops: draw until it rests.
    const moving = this.damping && this.controls.update();
    this.renderer.render(this.scene, this.camera);
    this.frames += 1;
    this.canvas.dataset.frames = String(this.frames);
    // Whether the frame showed the content (bench:viewer times the first that did).
    this.canvas.dataset.drawn = this.content ? 'content' : 'empty';
    for (const listener of this.drawListeners) listener();
    if (moving) this.requestRender();
  };

  /** The drawing size in CSS pixels. */
  setSize(width: number, height: number) {
    if (!width || !height) return;
    if (this.building) this.building.resized = true;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  /** Loads the content; rejects when it cannot be loaded. */
  async load(content: ViewerContent): Promise<void> {
    const loading = content.kind === 'model' ? this.loadModel(content.url) : this.materialSphere(content.url);
    // While the file downloads and decodes, the GPU side links the programs it will most likely need.
    const standIn = this.precompile(content.kind);
    const warming = this.inParts ? this.warmUp(standIn) : Promise.resolve();
    let object: Object3D;
    try {
      object = await loading;
      await warming;
      // Any program still missing is linked before the first frame that shows the content, rather than in it.
      if (!this.disposed) await this.renderer.compileAsync(object, this.camera, this.scene);
    } finally {
      // Only now: a program whose last material is disposed is deleted.
      await warming;
      disposeTree(standIn);
    }
    if (this.disposed) {
      disposeTree(object);
      return;
    }
    this.view = content.kind === 'model' ? MODEL_VIEW : SPHERE_VIEW;
    this.content = object;
    this.scene.add(object);
    this.placeShadow();
    this.reset();
    if (this.inParts) await this.drawInParts(object);
  }

  /**
   * Resolves once WebGL has done what it was given so far (a fence, polled between tasks: it does not block).
   */
  private async finished() {
    const gl = this.renderer.getContext();
    if (!(gl instanceof WebGL2RenderingContext)) return;
    const fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    if (!fence) return;
    gl.flush();
    try {
      while (!this.disposed && gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED)
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    } finally {
      gl.deleteSync(fence);
    }
  }

  /**
   * The content's first picture without a GPU, drawn in parts: a frame each, sized so that each takes about
   * PART_MS, the first with the shadow and the buffers' upload only. There the browser waits at each frame's end
   * for WebGL to finish (software compositing reads the canvas back), so one frame of a million triangles would
   * hold the page for seconds; this way it answers between the parts. The picture shows once all parts are drawn
   * (`data-drawn="content"`); the controls wait until then, and a resize starts it over.
   */
  private async drawInParts(root: Object3D) {
    const meshes: Mesh[] = [];
    root.traverseVisible((object) => {
      if (object instanceof Mesh) meshes.push(object);
    });
    // In the renderer's order: the opaque meshes first, then the see-through ones from the farthest.
    const seeThrough = (mesh: Mesh) => materialsOf(mesh).some((material) => material.transparent);
    const distance = (mesh: Mesh) =>
      mesh.getWorldPosition(new Vector3()).distanceToSquared(this.camera.position);
    meshes.sort(
      (a, b) =>
        Number(seeThrough(a)) - Number(seeThrough(b)) || (seeThrough(a) ? distance(b) - distance(a) : 0),
    );
    const ranges = meshes.map((mesh) => ({ ...mesh.geometry.drawRange }));
    const counts = meshes.map((mesh) => {
      const geometry = mesh.geometry;
      const total = (geometry.index ?? geometry.getAttribute('position')).count;
      const { start, count } = geometry.drawRange;
      return [start, Math.min(total, start + count)];
    });
    const show = (index: number, start: number, count: number) =>
      meshes.forEach((mesh, other) => mesh.geometry.setDrawRange(start, other === index ? count : 0));
    const shadowShown = this.shadow.visible;
    const building = (this.building = { resized: false });
    this.controls.enabled = false;
    try {
      let vertices = FIRST_PART_VERTICES;
      for (let complete = false; !complete && !this.disposed;) {
        building.resized = false;
        // The first part: cleared, the shadow, every buffer uploaded and every program in use; nothing of the
        // content drawn yet.
        await nextFrame();
        if (this.disposed) return;
        this.renderer.autoClear = true;
        this.shadow.visible = shadowShown;
        show(-1, 0, 0);
        this.renderer.render(this.scene, this.camera);
        this.renderer.autoClear = false;
        this.shadow.visible = false;
        await this.finished();
        for (let index = 0; index < meshes.length && !building.resized && !this.disposed; index += 1) {
          const [first, end] = counts[index];
          // Whole triangles (and lines) per part.
          for (let start = first; start < end && !building.resized && !this.disposed;) {
            const count = Math.min(end - start, Math.max(6, vertices - (vertices % 6)));
            await nextFrame();
            if (this.disposed) return;
            const began = performance.now();
            show(index, start, count);
            this.renderer.render(this.scene, this.camera);
            start += count;
            // The next part is sized by the time this one took to draw.
            await this.finished();
            const took = performance.now() - began;
            vertices = Math.round(count * Math.min(2, Math.max(0.5, PART_MS / Math.max(took, 1))));
          }
        }
        complete = !building.resized;
      }
    } finally {
      meshes.forEach((mesh, index) => mesh.geometry.setDrawRange(ranges[index].start, ranges[index].count));
      this.renderer.autoClear = true;
      this.shadow.visible = shadowShown;
      this.controls.enabled = true;
      this.building = null;
    }
    if (this.disposed) return;
    this.frames += 1;
    this.canvas.dataset.frames = String(this.frames);
    this.canvas.dataset.drawn = 'content';
  }

  private async loadModel(url: string): Promise<Object3D> {
    const loader = new GLTFLoader().setMeshoptDecoder(meshoptDecoder());
    const gltf = await loader.loadAsync(url);
    gltf.scene.traverse((object) => {
      if (object instanceof Mesh) widenPaddedAttributes(object.geometry);
    });
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

  /**
   * Asks for the programs of the shadow and of a plain glTF material (MeshStandardMaterial with positions and
   * normals, no maps: what GLTFLoader makes of a processed model without textures) under this scene's lights.
   * Linking runs beside the page in the GPU process; a program is fetched by its parameters, so the content's
   * first frame finds it ready instead of waiting for it (seconds without a GPU: bench:viewer).
   */
  private precompile(kind: ViewerContent['kind']): Object3D {
    const standIn = new Group();
    if (kind === 'model') {
      // Laid out as the processing's quantized glbs are (KHR_mesh_quantization: positions as normalized 16-bit
      // and normals as normalized 8-bit integers, each padded to 4 bytes), so that a software renderer's
      // pipeline made for it in warmUp serves the content too. One triangle, of zero size.
      const geometry = new BufferGeometry();
      geometry.setAttribute(
        'position',
        new InterleavedBufferAttribute(new InterleavedBuffer(new Int16Array(12), 4), 3, 0, true),
      );
      geometry.setAttribute(
        'normal',
        new InterleavedBufferAttribute(new InterleavedBuffer(new Int8Array(12), 4), 3, 0, true),
      );
      widenPaddedAttributes(geometry);
      geometry.setIndex([0, 1, 2]);
      const mesh = new Mesh(geometry, new MeshStandardMaterial());
      mesh.frustumCulled = false;
      standIn.add(mesh);
    }
    this.renderer.compile(standIn, this.camera, this.scene);
    // The shadow is hidden until placed, and compile() passes hidden objects by.
    this.shadow.visible = true;
    this.renderer.compile(this.shadow, this.camera, this.scene);
    this.shadow.visible = false;
    return standIn;
  }

  /**
   * Without a GPU: draws the stand-in (nothing to see) and the shadow once, as soon as their programs are linked,
   * so that the renderer makes its pipelines while the file still downloads; the content's first part would wait
   * for them otherwise (half a second in bench:viewer). The canvas stays hidden under the preview until then.
   */
  private async warmUp(standIn: Object3D) {
    await this.finished();
    await nextFrame();
    if (this.disposed) return;
    const shadowShown = this.shadow.visible;
    this.shadow.visible = true;
    this.scene.add(standIn);
    this.renderer.render(this.scene, this.camera);
    this.scene.remove(standIn);
    this.shadow.visible = shadowShown;
    await this.finished();
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

  /**
   * Frames the content from `direction` (the current one by default), filling the view without clipping; with
   * `also`, the content of another viewer too (two versions compared in one camera).
   */
  fit(direction?: Vector3, also?: ViewerScene) {
    if (!this.content) return;
    this.settleControls();
    const own = boundingSphere(this.content);
    const other = also?.content ? boundingSphere(also.content) : null;
    const sphere = own && other ? own.union(other) : (own ?? other);
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

  /** The opening view framing this content and another viewer's together. */
  frameWith(other: ViewerScene) {
    this.fit(this.view, other);
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
    this.controls.removeEventListener('change', this.announceView);
    this.viewListeners.clear();
    this.drawListeners.clear();
    this.sectionDragListener = null;
    this.unpaint?.();
    this.measure?.dispose();
    this.section?.dispose();
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

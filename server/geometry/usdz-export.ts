/**
 * The USDZ of a converted model, for AR on iPhones and iPads (AR Quick Look; Android's Scene Viewer takes the glb).
 * three's USDZExporter writes it, as model-viewer does in the browser: the glTF document becomes a three.js scene
 * (one mesh per node and triangle primitive, its world transform, a MeshStandardMaterial from the glTF material
 * with its textures), and the exporter writes one USDA layer per geometry, the materials as UsdPreviewSurface and
 * the textures as PNG or JPEG, in an uncompressed zip with 64-byte aligned files as the USDZ format asks.
 *
 * The exporter draws each texture onto a canvas to encode it, and Node has none: `withImageCanvas` lends it a
 * canvas for the length of one export whose drawing and encoding are sharp's (scaled to the exporter's size,
 * flipped when it flips), and takes it back after.
 */
import type {
  Document,
  Material as GltfMaterial,
  Primitive,
  Texture as GltfTexture,
  TextureInfo,
} from '@gltf-transform/core';
import sharp from 'sharp';
import {
  BufferAttribute,
  BufferGeometry,
  ClampToEdgeWrapping,
  Color,
  DoubleSide,
  FrontSide,
  Matrix4,
  Mesh,
  MeshStandardMaterial,
  MirroredRepeatWrapping,
  NoColorSpace,
  RepeatWrapping,
  SRGBColorSpace,
  Scene,
  Texture,
  TriangleFanDrawMode,
  TriangleStripDrawMode,
  type Wrapping,
} from 'three';
import { USDZExporter } from 'three/examples/jsm/exporters/USDZExporter.js';
import { toTrianglesDrawMode } from 'three/examples/jsm/utils/BufferGeometryUtils.js';

/** The longest side of a texture in the USDZ, in pixels (the exporter scales larger ones down). */
const AR_TEXTURE_MAX = 2048;

const TRIANGLES = 4;
const TRIANGLE_STRIP = 5;
const TRIANGLE_FAN = 6;

const WRAPPING: Record<number, Wrapping> = {
  33071: ClampToEdgeWrapping,
  33648: MirroredRepeatWrapping,
  10497: RepeatWrapping,
};

/** A texture's encoded image as the exporter takes it: what it draws (its size) and what sharp decodes (its bytes). */
class EncodedImage {
  constructor(
    readonly bytes: Uint8Array,
    readonly width: number,
    readonly height: number,
  ) {}
}

/** The part of a 2D canvas the exporter uses: a vertical flip, one drawImage of the whole image, and toBlob. */
class ImageCanvas {
  width = 0;
  height = 0;
  private image: EncodedImage | null = null;
  private flipped = false;

  getContext() {
    return {
      translate: () => undefined,
      scale: (_x: number, y: number) => {
        this.flipped = y < 0;
      },
      drawImage: (image: unknown) => {
        if (!(image instanceof EncodedImage)) throw new Error('only a texture image can be drawn');
        this.image = image;
      },
    };
  }

  toBlob(done: (blob: Blob | null) => void, type: string) {
    const image = this.image;
    if (!image) return done(null);
    let picture = sharp(image.bytes).resize(
      Math.max(1, Math.round(this.width)),
      Math.max(1, Math.round(this.height)),
      {
        fit: 'fill',
      },
    );
    if (this.flipped) picture = picture.flip();
    (type === 'image/jpeg' ? picture.jpeg({ quality: 90 }) : picture.png())
      .toBuffer()
      .then((encoded) => done(new Blob([new Uint8Array(encoded)], { type })))
      .catch(() => done(null));
  }
}

let lent = 0;

/** Runs `work` with a canvas the exporter finds (`document.createElement('canvas')`, images as ImageBitmap). */
async function withImageCanvas<T>(work: () => Promise<T>): Promise<T> {
  const globals = globalThis as Record<string, unknown>;
  const own = typeof globals.document === 'undefined' && typeof globals.ImageBitmap === 'undefined';
  if (!own && lent === 0) throw new Error('the USDZ export runs only where no browser canvas is');
  if (lent++ === 0) {
    globals.ImageBitmap = EncodedImage;
    globals.document = { createElement: () => new ImageCanvas() };
  }
  try {
    return await work();
  } finally {
    if (--lent === 0) {
      delete globals.ImageBitmap;
      delete globals.document;
    }
  }
}

/** The three.js geometry of a triangle primitive (strips and fans as triangles), or null for anything else. */
function geometryOf(primitive: Primitive): BufferGeometry | null {
  const mode = primitive.getMode();
  const position = primitive.getAttribute('POSITION');
  if (!position || (mode !== TRIANGLES && mode !== TRIANGLE_STRIP && mode !== TRIANGLE_FAN)) return null;
  let geometry = new BufferGeometry();
  const attributes: Array<[string, string]> = [
    ['POSITION', 'position'],
    ['NORMAL', 'normal'],
    ['TEXCOORD_0', 'uv'],
    ['TEXCOORD_1', 'uv1'],
    ['COLOR_0', 'color'],
  ];
  for (const [semantic, name] of attributes) {
    const accessor = primitive.getAttribute(semantic);
    const array = accessor?.getArray();
    if (accessor && array)
      geometry.setAttribute(
        name,
        new BufferAttribute(array, accessor.getElementSize(), accessor.getNormalized()),
      );
  }
  const indices = primitive.getIndices()?.getArray();
  if (indices) geometry.setIndex(new BufferAttribute(indices, 1));
  if (mode !== TRIANGLES)
    geometry = toTrianglesDrawMode(
      geometry,
      mode === TRIANGLE_STRIP ? TriangleStripDrawMode : TriangleFanDrawMode,
    );
  if (!geometry.getAttribute('normal')) geometry.computeVertexNormals();
  return geometry;
}

/** The three.js textures of a document's textures, one per texture (the exporter writes each source once). */
function textureMaker() {
  const made = new Map<GltfTexture, Promise<Texture | null>>();
  async function make(
    texture: GltfTexture,
    info: TextureInfo | null,
    colour: boolean,
  ): Promise<Texture | null> {
    const bytes = texture.getImage();
    if (!bytes) return null;
    const size = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (!size?.width || !size.height) return null;
    const made = new Texture(new EncodedImage(bytes, size.width, size.height));
    made.flipY = false;
    made.userData.mimeType = texture.getMimeType() === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    made.colorSpace = colour ? SRGBColorSpace : NoColorSpace;
    made.channel = info?.getTexCoord() ?? 0;
    made.wrapS = WRAPPING[info?.getWrapS() ?? 10497] ?? RepeatWrapping;
    made.wrapT = WRAPPING[info?.getWrapT() ?? 10497] ?? RepeatWrapping;
    return made;
  }
  return (texture: GltfTexture | null, info: TextureInfo | null, colour: boolean) => {
    if (!texture) return Promise.resolve(null);
    if (!made.has(texture)) made.set(texture, make(texture, info, colour));
    return made.get(texture)!;
  };
}

/** The three.js material of a glTF material (metallic-roughness, as the viewer draws it). */
async function materialOf(
  material: GltfMaterial | null,
  textureOf: ReturnType<typeof textureMaker>,
): Promise<MeshStandardMaterial> {
  if (!material) return new MeshStandardMaterial({ color: 0xcccccc, roughness: 0.8 });
  const [r, g, b, a] = material.getBaseColorFactor();
  const alphaMode = material.getAlphaMode();
  const metallicRoughness = await textureOf(
    material.getMetallicRoughnessTexture(),
    material.getMetallicRoughnessTextureInfo(),
    false,
  );
  return new MeshStandardMaterial({
    name: material.getName(),
    color: new Color(r, g, b),
    opacity: a,
    transparent: alphaMode === 'BLEND',
    alphaTest: alphaMode === 'MASK' ? material.getAlphaCutoff() : 0,
    metalness: material.getMetallicFactor(),
    roughness: material.getRoughnessFactor(),
    emissive: new Color(...material.getEmissiveFactor()),
    side: material.getDoubleSided() ? DoubleSide : FrontSide,
    map: await textureOf(material.getBaseColorTexture(), material.getBaseColorTextureInfo(), true),
    emissiveMap: await textureOf(material.getEmissiveTexture(), material.getEmissiveTextureInfo(), true),
    normalMap: await textureOf(material.getNormalTexture(), material.getNormalTextureInfo(), false),
    aoMap: await textureOf(material.getOcclusionTexture(), material.getOcclusionTextureInfo(), false),
    roughnessMap: metallicRoughness,
    metalnessMap: metallicRoughness,
  });
}

/**
 * A mirrored placement (a negative scale, common in CAD assemblies) baked into a copy of its geometry, its
 * triangles turned back to face outwards: USD takes no negative scale.
 */
function mirroredCopy(geometry: BufferGeometry, matrix: Matrix4): BufferGeometry {
  const copy = (geometry.index ? geometry : geometry.toNonIndexed()).clone().applyMatrix4(matrix);
  const count = copy.index ? copy.index.count : copy.getAttribute('position').count;
  const order = copy.index ? Array.from(copy.index.array) : Array.from({ length: count }, (_, i) => i);
  for (let i = 0; i + 2 < order.length; i += 3) [order[i + 1], order[i + 2]] = [order[i + 2]!, order[i + 1]!];
  copy.setIndex(order);
  return copy;
}

/** The three.js scene of the document's default scene: a mesh per node and triangle primitive, in world space. */
async function sceneOf(document: Document): Promise<Scene> {
  const root = document.getRoot();
  const gltfScene = root.getDefaultScene() ?? root.listScenes()[0];
  const geometries = new Map<Primitive, BufferGeometry | null>();
  const materials = new Map<GltfMaterial | null, Promise<MeshStandardMaterial>>();
  const textureOf = textureMaker();
  const placements: Array<{
    name: string;
    geometry: BufferGeometry;
    matrix: Matrix4;
    material: Promise<MeshStandardMaterial>;
  }> = [];
  gltfScene?.traverse((node) => {
    const primitives = node.getMesh()?.listPrimitives() ?? [];
    const matrix = new Matrix4().fromArray(node.getWorldMatrix());
    primitives.forEach((primitive, index) => {
      if (!geometries.has(primitive)) geometries.set(primitive, geometryOf(primitive));
      const geometry = geometries.get(primitive);
      if (!geometry) return;
      const material = primitive.getMaterial();
      if (!materials.has(material)) materials.set(material, materialOf(material, textureOf));
      const mirrored = matrix.determinant() < 0;
      placements.push({
        name: primitives.length > 1 ? `${node.getName()}_${index}` : node.getName(),
        geometry: mirrored ? mirroredCopy(geometry, matrix) : geometry,
        matrix: mirrored ? new Matrix4() : matrix,
        material: materials.get(material)!,
      });
    });
  });
  const scene = new Scene();
  for (const placement of placements) {
    const mesh = new Mesh(placement.geometry, await placement.material);
    mesh.name = placement.name;
    mesh.matrixAutoUpdate = false;
    mesh.matrix.copy(placement.matrix);
    scene.add(mesh);
  }
  return scene;
}

/** The USDZ of the document's default scene, placed on a horizontal surface in AR. */
export async function exportUsdz(document: Document): Promise<Uint8Array> {
  const scene = await sceneOf(document);
  return withImageCanvas(() =>
    new USDZExporter().parseAsync(scene, {
      quickLookCompatible: true,
      maxTextureSize: AR_TEXTURE_MAX,
      ar: { anchoring: { type: 'plane' }, planeAnchoring: { alignment: 'horizontal' } },
    }),
  );
}

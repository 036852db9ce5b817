/**
 * Building a glTF document from what a reader found (readers of every format but FBX and glTF use it): one
 * buffer, one scene under a root node that carries the format's unit and axis conversion, materials made once
 * per key, meshes of indexed triangle primitives, nodes with their matrices. Attributes are copied as given;
 * a primitive without indices gets none (every three vertices a triangle).
 */
import {
  Document,
  type Material,
  type Mesh,
  type Node,
  type Primitive,
  type Scene,
  type Texture,
} from '@gltf-transform/core';

/** A 4 × 4 matrix in glTF's order (column-major). */
export type Matrix4 = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** Z up (CAD, 3D printing, Rhino, IFC files as written) to glTF's Y up: a quarter turn about X. */
export const Z_UP_TO_Y_UP: Matrix4 = [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1];

/** Scale then axis conversion: `scale` metres per file unit. */
export function rootMatrix(scale: number, zUp: boolean): Matrix4 {
  const axes = zUp ? Z_UP_TO_Y_UP : ([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] as Matrix4);
  return axes.map((value, index) => (index < 12 ? value * scale : value)) as Matrix4;
}

export interface ImageInput {
  /** The image file's bytes as the source holds them (any type: texture-images.ts converts what browsers can't read). */
  bytes: Uint8Array;
  /** Its MIME type when known ('image/png'); '' lets texture-images.ts tell from the bytes. */
  mimeType: string;
  /** Its file name, for the texture's name. */
  name: string;
}

export interface MaterialInput {
  name: string;
  /** Linear RGBA, 0–1. */
  baseColor?: [number, number, number, number];
  metallic?: number;
  roughness?: number;
  doubleSided?: boolean;
  baseColorImage?: ImageInput;
  /** Emissive linear RGB. */
  emissive?: [number, number, number];
}

export interface PrimitiveInput {
  /** x, y, z per vertex. */
  positions: Float32Array;
  normals?: Float32Array;
  /** u, v per vertex (glTF's v: 0 at the image's top). */
  uvs?: Float32Array;
  /** Linear r, g, b (or r, g, b, a with `colorSize` 4) per vertex. */
  colors?: Float32Array;
  colorSize?: 3 | 4;
  /** Three per triangle; none: every three vertices make one. */
  indices?: Uint32Array;
  material: Material;
}

export class DocumentBuilder {
  readonly document = new Document();
  readonly scene: Scene;
  /** The node every other node hangs under: the file's unit and axis conversion. */
  readonly root: Node;
  private readonly buffer = this.document.createBuffer();
  private readonly materials = new Map<string, Material>();
  private readonly textures = new Map<Uint8Array, Texture>();

  constructor(rootName: string, matrix: Matrix4 = rootMatrix(1, false)) {
    this.root = this.document.createNode(rootName).setMatrix(matrix);
    this.scene = this.document.createScene(rootName).addChild(this.root);
    this.document.getRoot().setDefaultScene(this.scene);
  }

  /** The material of `key`, made by `make` the first time. */
  material(key: string, make: () => MaterialInput): Material {
    const known = this.materials.get(key);
    if (known) return known;
    const input = make();
    const material = this.document
      .createMaterial(input.name)
      .setBaseColorFactor(input.baseColor ?? [0.8, 0.8, 0.8, 1])
      .setMetallicFactor(input.metallic ?? 0)
      .setRoughnessFactor(input.roughness ?? 0.8)
      .setDoubleSided(input.doubleSided ?? false);
    if ((input.baseColor?.[3] ?? 1) < 1) material.setAlphaMode('BLEND');
    if (input.emissive) material.setEmissiveFactor(input.emissive);
    if (input.baseColorImage) material.setBaseColorTexture(this.texture(input.baseColorImage));
    this.materials.set(key, material);
    return material;
  }

  /** A texture of the image's bytes, one per distinct byte array. */
  texture(image: ImageInput): Texture {
    const known = this.textures.get(image.bytes);
    if (known) return known;
    const texture = this.document
      .createTexture(image.name)
      .setURI(image.name)
      .setImage(image.bytes)
      .setMimeType(image.mimeType);
    this.textures.set(image.bytes, texture);
    return texture;
  }

  primitive(input: PrimitiveInput): Primitive {
    const accessor = (
      name: string,
      array: Float32Array | Uint32Array,
      type: 'VEC2' | 'VEC3' | 'VEC4' | 'SCALAR',
    ) => this.document.createAccessor(name).setType(type).setArray(array).setBuffer(this.buffer);
    const primitive = this.document
      .createPrimitive()
      .setMaterial(input.material)
      .setAttribute('POSITION', accessor('POSITION', input.positions, 'VEC3'));
    if (input.normals) primitive.setAttribute('NORMAL', accessor('NORMAL', input.normals, 'VEC3'));
    if (input.uvs) primitive.setAttribute('TEXCOORD_0', accessor('TEXCOORD_0', input.uvs, 'VEC2'));
    if (input.colors)
      primitive.setAttribute(
        'COLOR_0',
        accessor('COLOR_0', input.colors, input.colorSize === 4 ? 'VEC4' : 'VEC3'),
      );
    if (input.indices) primitive.setIndices(accessor('indices', input.indices, 'SCALAR'));
    return primitive;
  }

  mesh(name: string, primitives: Primitive[]): Mesh {
    const mesh = this.document.createMesh(name);
    for (const primitive of primitives) mesh.addPrimitive(primitive);
    return mesh;
  }

  /** A node under `parent` (the root unless given), with its mesh and matrix. */
  node(name: string, options: { mesh?: Mesh; matrix?: Matrix4; parent?: Node } = {}): Node {
    const node = this.document.createNode(name);
    if (options.mesh) node.setMesh(options.mesh);
    if (options.matrix) node.setMatrix(options.matrix);
    (options.parent ?? this.root).addChild(node);
    return node;
  }
}

/** The triangles a primitive input draws. */
export const trianglesOf = (input: Pick<PrimitiveInput, 'positions' | 'indices'>): number =>
  Math.floor((input.indices ? input.indices.length : input.positions.length / 3) / 3);

/** A colour component as files state colours (sRGB-encoded, 0–1) in glTF's linear space. */
export const srgbToLinear = (value: number): number =>
  value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;

/**
 * A writer of real FBX files, for the tests, the demo seed and the benchmarks: the pipeline converts uploads with
 * FBX2glTF (the Autodesk FBX SDK), and only files that SDK reads prove the pipeline, so fixtures are made here by
 * code rather than kept as opaque binaries. Pure functions: a scene in, the file's bytes out, no file system.
 *
 * A scene is a tree of nodes (translation, XYZ Euler rotation in degrees, scale), each with an optional mesh
 * (positions, polygons of 3 or more vertex indices, per polygon-vertex normals and UVs) and an optional coloured
 * material that may name a texture file to be found beside the FBX. Written as
 *
 * - ASCII FBX 7.4 (`writeFbxAscii`; 6.1 on request), and
 * - binary FBX (`writeFbxBinary`) 7.4 (32-bit record offsets, 13-byte null record) and 7.5 (64-bit offsets,
 *   25-byte null record), their double and integer arrays of 128 bytes or more zlib-deflated (array encoding 1)
 *   unless `compress: false`; and 6.1, FBX 6's layout: objects named (`Model::Chair`) rather than numbered and
 *   connected by name, the geometry inside its Model, a texture tied to the Model and named by a
 *   LayerElementTexture, `Properties60`, and every array value a property of its own (as in its ASCII files: the
 *   SDK crashes on a 6.1 file with typed arrays), so 6.1 files are never compressed. Every binary file ends with
 *   the footer (a 16-byte id, zeros to a 16-byte boundary, the version, 120 zeros, a 16-byte magic).
 *
 * The 7.x files carry what the FBX SDK needs to read them (found by trying with FBX2glTF): FBXHeaderExtension,
 * the FileId / CreationTime / footer id set (binary only; see FILE_ID), GlobalSettings (axes, UnitScaleFactor,
 * OriginalUnitScaleFactor), Documents (RootNode 0), References, Definitions (a count per object type), Objects
 * (Geometry; Model with DefaultAttributeIndex and InheritType, a Null NodeAttribute for a node without a mesh;
 * Material with DiffuseColor; Texture and Video, the texture tied to the material's DiffuseColor with an "OP"
 * connection) and Connections (Model to parent Model, 0 for the root). Each geometry has its layer elements, each
 * named in Layer 0: normals and UVs per polygon-vertex (distinct values once, with an index), material AllSame.
 * Materials are written once per name (the first definition wins), textures once per file name. The same scene
 * always gives the same bytes.
 */
import { deflateSync } from 'node:zlib';
import { ByteWriter } from '../geometry/byte-writer';

export type Vec3 = [number, number, number];

export interface FbxMesh {
  /** x, y, z per vertex, in the scene's unit (see `FbxScene.unitScaleCm`). */
  positions: number[];
  /** Vertex indices per polygon: triangles or quads (any polygon of 3 or more). */
  polygons: number[][];
  /** x, y, z per polygon-vertex (in the order of `polygons`, flattened). */
  normals?: number[];
  /** u, v per polygon-vertex. */
  uvs?: number[];
}

export interface FbxTextureRef {
  /** The image's file name relative to the FBX, e.g. 'checker.png'. */
  fileName: string;
}

export interface FbxMaterial {
  name: string;
  /** Diffuse colour, each channel 0..1. */
  color: Vec3;
  texture?: FbxTextureRef;
}

export interface FbxNode {
  name: string;
  translation?: Vec3;
  /** Euler angles in degrees, applied X first, then Y, then Z (FBX's default order eEulerXYZ). */
  rotationDegrees?: Vec3;
  scale?: Vec3;
  children?: FbxNode[];
  mesh?: FbxMesh;
  material?: FbxMaterial;
}

export interface FbxScene {
  /** FBX UnitScaleFactor: centimetres per scene unit; 1 = centimetres (the default), 100 = metres. */
  unitScaleCm?: number;
  /** The scene's up axis (default 'y'); 'z' is written as 3ds Max's right-handed Z-up system. */
  upAxis?: 'y' | 'z';
  nodes: FbxNode[];
}

export type FbxBinaryVersion = 6100 | 7400 | 7500;

export interface FbxAsciiOptions {
  /** 7400 (the default) or 6100. */
  version?: 6100 | 7400;
}

export interface FbxBinaryOptions {
  version: FbxBinaryVersion;
  /** Deflate arrays of at least 128 bytes where that is smaller (default true). */
  compress?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// The file's tree: records with typed properties, written by either encoding.

type Property =
  | { type: 'C'; value: boolean }
  | { type: 'I'; value: number }
  | { type: 'L'; value: number }
  | { type: 'D'; value: number }
  | { type: 'S'; value: string }
  | { type: 'R'; value: Buffer }
  /** An object's name: `Class::name` in ASCII and FBX 6, `name\0\x01Class` in binary FBX 7. */
  | { type: 'N'; name: string; className: string }
  | { type: 'd'; values: ArrayLike<number> }
  | { type: 'i'; values: ArrayLike<number> };

interface Rec {
  name: string;
  properties: Property[];
  children: Rec[];
}

const rec = (name: string, properties: Property[] = [], children: Rec[] = []): Rec => ({
  name,
  properties,
  children,
});
const bool = (value: boolean): Property => ({ type: 'C', value });
const int = (value: number): Property => ({ type: 'I', value });
const long = (value: number): Property => ({ type: 'L', value });
const dbl = (value: number): Property => ({ type: 'D', value });
const str = (value: string): Property => ({ type: 'S', value });
const objectName = (name: string, className: string): Property => ({ type: 'N', name, className });
const doubles = (values: ArrayLike<number>): Property => ({ type: 'd', values });
const ints = (values: ArrayLike<number>): Property => ({ type: 'i', values });

/** A record with one value: `Version: 232`. */
const value = (name: string, property: Property): Rec => rec(name, [property]);

/** One `P` entry of a Properties70 block: name, type, label, flags, values. */
const p70 = (name: string, type: string, label: string, flags: string, ...values: Property[]): Rec =>
  rec('P', [str(name), str(type), str(label), str(flags), ...values]);

/** One `Property` entry of a Properties60 block (FBX 6): name, type, flags, values. */
const p60 = (name: string, type: string, flags: string, ...values: Property[]): Rec =>
  rec('Property', [str(name), str(type), str(flags), ...values]);

const vec = (values: Vec3): Property[] => values.map(dbl);

// ---------------------------------------------------------------------------------------------------------------
// The scene, checked and flattened into what both layouts write.

interface FlatNode {
  node: FbxNode;
  parent: FlatNode | null;
  /** The name written: unique in FBX 6, where objects are named, not numbered. */
  uniqueName: string;
}

interface SceneParts {
  nodes: FlatNode[];
  materials: FbxMaterial[];
  /** Texture file names, each written once, with their objects' names (unique, for FBX 6). */
  textures: Map<string, string>;
}

/** FBX 6 names the scene's root `Model::Scene`. */
const SCENE_NAMES = ['Scene'];

/** `name`, or `name_2`, `name_3`… when taken; marks the one chosen as taken. */
function unique(name: string, taken: Set<string>): string {
  let chosen = name;
  for (let n = 2; taken.has(chosen); n += 1) chosen = `${name}_${n}`;
  taken.add(chosen);
  return chosen;
}

function checkMesh(mesh: FbxMesh, where: string): void {
  const vertexCount = mesh.positions.length / 3;
  if (!Number.isInteger(vertexCount)) throw new Error(`${where}: positions are not x, y, z triples`);
  let corners = 0;
  for (const polygon of mesh.polygons) {
    if (polygon.length < 3) throw new Error(`${where}: a polygon has fewer than 3 vertices`);
    for (const index of polygon)
      if (!Number.isInteger(index) || index < 0 || index >= vertexCount)
        throw new Error(`${where}: vertex index ${index} is out of range`);
    corners += polygon.length;
  }
  if (mesh.normals && mesh.normals.length !== corners * 3)
    throw new Error(`${where}: ${mesh.normals.length / 3} normals for ${corners} polygon-vertices`);
  if (mesh.uvs && mesh.uvs.length !== corners * 2)
    throw new Error(`${where}: ${mesh.uvs.length / 2} UVs for ${corners} polygon-vertices`);
}

function sceneParts(scene: FbxScene): SceneParts {
  const nodes: FlatNode[] = [];
  const materials = new Map<string, FbxMaterial>();
  const textures = new Map<string, string>();
  const textureNames = new Set<string>();
  const taken = new Set(SCENE_NAMES);
  const visit = (node: FbxNode, parent: FlatNode | null) => {
    if (node.mesh) checkMesh(node.mesh, `node '${node.name}'`);
    const flat: FlatNode = { node, parent, uniqueName: unique(node.name, taken) };
    nodes.push(flat);
    const material = node.material;
    if (material && !materials.has(material.name)) {
      materials.set(material.name, material);
      const fileName = material.texture?.fileName;
      if (fileName && !textures.has(fileName)) {
        const name = unique(textureName(fileName), textureNames);
        textures.set(fileName, name);
      }
    }
    for (const child of node.children ?? []) visit(child, flat);
  };
  for (const node of scene.nodes) visit(node, null);
  return { nodes, materials: [...materials.values()], textures };
}

/** The texture of a material written once per name: the first definition's. */
const textureOf = (parts: SceneParts, material: FbxMaterial): string | undefined =>
  parts.materials.find((m) => m.name === material.name)?.texture?.fileName;

/** A texture object's name: its file name without folders and extension. */
const textureName = (fileName: string): string =>
  fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w.-]/g, '_') || 'texture';

/** PolygonVertexIndex: each polygon's last index written as -(index + 1). */
function polygonVertexIndex(polygons: number[][]): Int32Array {
  const total = polygons.reduce((sum, polygon) => sum + polygon.length, 0);
  const out = new Int32Array(total);
  let at = 0;
  for (const polygon of polygons)
    for (let k = 0; k < polygon.length; k += 1) {
      const index = polygon[k];
      out[at] = k === polygon.length - 1 ? -index - 1 : index;
      at += 1;
    }
  return out;
}

/** Per polygon-vertex values as a table of distinct tuples plus an index per polygon-vertex. */
function indexed(values: number[], width: number): { table: number[]; index: Int32Array } {
  const count = values.length / width;
  const index = new Int32Array(count);
  const seen = new Map<string, number>();
  const table: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const tuple = values.slice(i * width, i * width + width);
    const key = tuple.join(',');
    let at = seen.get(key);
    if (at === undefined) {
      at = table.length / width;
      seen.set(key, at);
      table.push(...tuple);
    }
    index[i] = at;
  }
  return { table, index };
}

const UV_SET = 'UVMap';

const layerRef = (type: string): Rec =>
  rec('LayerElement', [], [value('Type', str(type)), value('TypedIndex', int(0))]);

/** The geometry records of a mesh (inside a 7.x Geometry, or a 6.1 Model), with its layer elements and Layer 0. */
function meshRecords(mesh: FbxMesh, withMaterial: boolean, textureLayer: boolean): Rec[] {
  const records: Rec[] = [
    value('Vertices', doubles(mesh.positions)),
    value('PolygonVertexIndex', ints(polygonVertexIndex(mesh.polygons))),
    value('GeometryVersion', int(124)),
  ];
  const layer: Rec[] = [value('Version', int(100))];
  const element = (name: string, children: Rec[], setName = '') => {
    records.push(rec(name, [int(0)], [value('Version', int(101)), value('Name', str(setName)), ...children]));
    layer.push(layerRef(name));
  };
  if (mesh.normals) {
    const normals = indexed(mesh.normals, 3);
    element('LayerElementNormal', [
      value('MappingInformationType', str('ByPolygonVertex')),
      value('ReferenceInformationType', str('IndexToDirect')),
      value('Normals', doubles(normals.table)),
      value('NormalsIndex', ints(normals.index)),
    ]);
  }
  if (mesh.uvs) {
    const uvs = indexed(mesh.uvs, 2);
    // The UV set's name, which the textures name as theirs.
    element(
      'LayerElementUV',
      [
        value('MappingInformationType', str('ByPolygonVertex')),
        value('ReferenceInformationType', str('IndexToDirect')),
        value('UV', doubles(uvs.table)),
        value('UVIndex', ints(uvs.index)),
      ],
      UV_SET,
    );
  }
  if (textureLayer)
    element('LayerElementTexture', [
      value('MappingInformationType', str('AllSame')),
      value('ReferenceInformationType', str('IndexToDirect')),
      value('BlendMode', str('Translucent')),
      value('TextureAlpha', dbl(1)),
      value('TextureId', ints([0])),
    ]);
  if (withMaterial)
    element('LayerElementMaterial', [
      value('MappingInformationType', str('AllSame')),
      value('ReferenceInformationType', str('IndexToDirect')),
      value('Materials', ints([0])),
    ]);
  records.push(rec('Layer', [int(0)], layer));
  return records;
}

const transformOf = (node: FbxNode) => ({
  translation: node.translation ?? [0, 0, 0],
  rotation: node.rotationDegrees ?? [0, 0, 0],
  scale: node.scale ?? [1, 1, 1],
});

/** GlobalSettings' axis properties: Y up (Maya's system) or Z up (3ds Max's, right-handed). */
function axes(upAxis: 'y' | 'z'): [string, number][] {
  return upAxis === 'z'
    ? [
        ['UpAxis', 2],
        ['UpAxisSign', 1],
        ['FrontAxis', 1],
        ['FrontAxisSign', -1],
        ['CoordAxis', 0],
        ['CoordAxisSign', 1],
        ['OriginalUpAxis', 2],
        ['OriginalUpAxisSign', 1],
      ]
    : [
        ['UpAxis', 1],
        ['UpAxisSign', 1],
        ['FrontAxis', 2],
        ['FrontAxisSign', 1],
        ['CoordAxis', 0],
        ['CoordAxisSign', 1],
        ['OriginalUpAxis', 1],
        ['OriginalUpAxisSign', 1],
      ];
}

const CREATOR = 'asset-portal fbx-writer';
/** A fixed creation time, so the same scene always gives the same bytes. */
const CREATED = { year: 2024, month: 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 };

/**
 * A binary file's `FileId`, its top-level `CreationTime` and the 16 bytes opening its footer belong together: the
 * SDK derives the footer's bytes from the other two and reads nothing (an empty scene, without an error) from a
 * binary file where they do not match or are missing. How it derives them is not published, so this is the one
 * matching set that third-party writers (Blender's exporter first) have long used.
 */
const FILE_ID = Buffer.from('28b32aebb624ccc2bfc8b02aa92bfcf1', 'hex');
const CREATION_TIME = '1970-01-01 10:00:00:000';
const FOOTER_ID = Buffer.from('fabcab09d0c8d466b176fb831cf7267e', 'hex');

/** The records between the header extension and the scene: FileId (binary files only), CreationTime, Creator. */
const fileRecords = (binary: boolean): Rec[] => [
  ...(binary ? [value('FileId', { type: 'R', value: FILE_ID })] : []),
  value('CreationTime', str(CREATION_TIME)),
  value('Creator', str(CREATOR)),
];

function headerExtension(version: number): Rec {
  return rec(
    'FBXHeaderExtension',
    [],
    [
      value('FBXHeaderVersion', int(1003)),
      value('FBXVersion', int(version)),
      value('EncryptionType', int(0)),
      rec(
        'CreationTimeStamp',
        [],
        [
          value('Version', int(1000)),
          value('Year', int(CREATED.year)),
          value('Month', int(CREATED.month)),
          value('Day', int(CREATED.day)),
          value('Hour', int(CREATED.hour)),
          value('Minute', int(CREATED.minute)),
          value('Second', int(CREATED.second)),
          value('Millisecond', int(CREATED.millisecond)),
        ],
      ),
      value('Creator', str(CREATOR)),
    ],
  );
}

const definitions = (counts: [string, number][]): Rec =>
  rec(
    'Definitions',
    [],
    [
      value('Version', int(100)),
      value('Count', int(counts.reduce((sum, [, count]) => sum + count, 0))),
      ...counts
        .filter(([, count]) => count > 0)
        .map(([type, count]) => rec('ObjectType', [str(type)], [value('Count', int(count))])),
    ],
  );

// ---------------------------------------------------------------------------------------------------------------
// FBX 7 layout: numbered objects, connected by id.

function layout7(scene: FbxScene, version: number, binary: boolean): Rec[] {
  const parts = sceneParts(scene);
  const unit = scene.unitScaleCm ?? 1;
  let nextId = 1_000_000;
  const newId = () => (nextId += 1);
  const objects: Rec[] = [];
  const connections: Rec[] = [];
  const oo = (child: number, parent: number) =>
    connections.push(rec('C', [str('OO'), long(child), long(parent)]));

  const textureIds = new Map<string, number>();
  for (const [fileName, name] of parts.textures) {
    const textureId = newId();
    const videoId = newId();
    textureIds.set(fileName, textureId);
    objects.push(
      rec(
        'Video',
        [long(videoId), objectName(name, 'Video'), str('Clip')],
        [
          value('Type', str('Clip')),
          rec('Properties70', [], [p70('Path', 'KString', 'XRefUrl', '', str(fileName))]),
          value('UseMipMap', int(0)),
          value('Filename', str(fileName)),
          value('RelativeFilename', str(fileName)),
        ],
      ),
      rec(
        'Texture',
        [long(textureId), objectName(name, 'Texture'), str('')],
        [
          value('Type', str('TextureVideoClip')),
          value('Version', int(202)),
          value('TextureName', objectName(name, 'Texture')),
          rec('Properties70', [], [p70('UVSet', 'KString', '', '', str(UV_SET))]),
          value('Media', objectName(name, 'Video')),
          value('FileName', str(fileName)),
          value('RelativeFilename', str(fileName)),
          rec('ModelUVTranslation', [dbl(0), dbl(0)]),
          rec('ModelUVScaling', [dbl(1), dbl(1)]),
          value('Texture_Alpha_Source', str('None')),
          rec('Cropping', [int(0), int(0), int(0), int(0)]),
        ],
      ),
    );
    oo(videoId, textureId);
  }

  const materialIds = new Map<string, number>();
  for (const material of parts.materials) {
    const id = newId();
    materialIds.set(material.name, id);
    objects.push(
      rec(
        'Material',
        [long(id), objectName(material.name, 'Material'), str('')],
        [
          value('Version', int(102)),
          value('ShadingModel', str('lambert')),
          value('MultiLayer', int(0)),
          rec(
            'Properties70',
            [],
            [
              p70('DiffuseColor', 'Color', '', 'A', ...vec(material.color)),
              p70('DiffuseFactor', 'Number', '', 'A', dbl(1)),
            ],
          ),
        ],
      ),
    );
    const texture = material.texture?.fileName;
    if (texture)
      connections.push(
        rec('C', [str('OP'), long(textureIds.get(texture) ?? 0), long(id), str('DiffuseColor')]),
      );
  }

  const modelIds = new Map<FlatNode, number>();
  let geometries = 0;
  let attributes = 0;
  for (const flat of parts.nodes) {
    const { node } = flat;
    const modelId = newId();
    modelIds.set(flat, modelId);
    const { translation, rotation, scale } = transformOf(node);
    objects.push(
      rec(
        'Model',
        [long(modelId), objectName(node.name, 'Model'), str(node.mesh ? 'Mesh' : 'Null')],
        [
          value('Version', int(232)),
          rec(
            'Properties70',
            [],
            [
              p70('InheritType', 'enum', '', '', int(1)),
              p70('DefaultAttributeIndex', 'int', 'Integer', '', int(0)),
              p70('Lcl Translation', 'Lcl Translation', '', 'A', ...vec(translation)),
              p70('Lcl Rotation', 'Lcl Rotation', '', 'A', ...vec(rotation)),
              p70('Lcl Scaling', 'Lcl Scaling', '', 'A', ...vec(scale)),
            ],
          ),
          value('Shading', bool(true)),
          value('Culling', str('CullingOff')),
        ],
      ),
    );
    oo(modelId, flat.parent ? (modelIds.get(flat.parent) ?? 0) : 0);
    if (node.mesh) {
      const geometryId = newId();
      geometries += 1;
      objects.push(
        rec(
          'Geometry',
          [long(geometryId), objectName(node.name, 'Geometry'), str('Mesh')],
          meshRecords(node.mesh, Boolean(node.material), false),
        ),
      );
      oo(geometryId, modelId);
    } else {
      const attributeId = newId();
      attributes += 1;
      objects.push(
        rec(
          'NodeAttribute',
          [long(attributeId), objectName(node.name, 'NodeAttribute'), str('Null')],
          [value('TypeFlags', str('Null'))],
        ),
      );
      oo(attributeId, modelId);
    }
    if (node.material) oo(materialIds.get(node.material.name) ?? 0, modelId);
  }

  const settings = [
    ...axes(scene.upAxis ?? 'y').map(([name, n]) => p70(name, 'int', 'Integer', '', int(n))),
    p70('UnitScaleFactor', 'double', 'Number', '', dbl(unit)),
    p70('OriginalUnitScaleFactor', 'double', 'Number', '', dbl(unit)),
  ];
  return [
    headerExtension(version),
    ...fileRecords(binary),
    rec('GlobalSettings', [], [value('Version', int(1000)), rec('Properties70', [], settings)]),
    rec(
      'Documents',
      [],
      [
        value('Count', int(1)),
        rec(
          'Document',
          [long(1_000_000), str('Scene'), str('Scene')],
          [
            rec(
              'Properties70',
              [],
              [p70('SourceObject', 'object', '', ''), p70('ActiveAnimStackName', 'KString', '', '', str(''))],
            ),
            value('RootNode', long(0)),
          ],
        ),
      ],
    ),
    rec('References'),
    definitions([
      ['GlobalSettings', 1],
      ['Model', parts.nodes.length],
      ['NodeAttribute', attributes],
      ['Geometry', geometries],
      ['Material', parts.materials.length],
      ['Texture', parts.textures.size],
      ['Video', parts.textures.size],
    ]),
    rec('Objects', [], objects),
    rec('Connections', [], connections),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// FBX 6.1 layout: objects named (`Model::chair`), the mesh inside its Model, connections by name.

function layout6(scene: FbxScene, binary: boolean): Rec[] {
  const parts = sceneParts(scene);
  const unit = scene.unitScaleCm ?? 1;
  const objects: Rec[] = [];
  const connections: Rec[] = [];
  const connect = (child: Property, parent: Property) =>
    connections.push(rec('Connect', [str('OO'), child, parent]));
  const sceneRoot = objectName('Scene', 'Model');

  for (const flat of parts.nodes) {
    const { node } = flat;
    const { translation, rotation, scale } = transformOf(node);
    const texture = node.material ? textureOf(parts, node.material) : undefined;
    const properties = rec(
      'Properties60',
      [],
      [
        p60('Lcl Translation', 'Lcl Translation', 'A+', ...vec(translation)),
        p60('Lcl Rotation', 'Lcl Rotation', 'A+', ...vec(rotation)),
        p60('Lcl Scaling', 'Lcl Scaling', 'A+', ...vec(scale)),
        p60('InheritType', 'enum', '', int(1)),
      ],
    );
    const common = [
      value('Version', int(232)),
      properties,
      value('MultiLayer', int(0)),
      value('MultiTake', int(1)),
      value('Shading', bool(true)),
      value('Culling', str('CullingOff')),
    ];
    const name = objectName(flat.uniqueName, 'Model');
    objects.push(
      node.mesh
        ? rec(
            'Model',
            [name, str('Mesh')],
            [...common, ...meshRecords(node.mesh, Boolean(node.material), Boolean(texture))],
          )
        : rec('Model', [name, str('Null')], [...common, value('TypeFlags', str('Null'))]),
    );
    connect(name, flat.parent ? objectName(flat.parent.uniqueName, 'Model') : sceneRoot);
    if (node.material) connect(objectName(node.material.name, 'Material'), name);
    if (texture) connect(objectName(parts.textures.get(texture) ?? '', 'Texture'), name);
  }

  for (const material of parts.materials)
    objects.push(
      rec(
        'Material',
        [objectName(material.name, 'Material'), str('')],
        [
          value('Version', int(102)),
          value('ShadingModel', str('lambert')),
          value('MultiLayer', int(0)),
          rec(
            'Properties60',
            [],
            [
              p60('ShadingModel', 'KString', '', str('Lambert')),
              p60('DiffuseColor', 'ColorRGB', '', ...vec(material.color)),
              p60('DiffuseFactor', 'double', '', dbl(1)),
            ],
          ),
        ],
      ),
    );

  for (const [fileName, name] of parts.textures) {
    objects.push(
      rec(
        'Video',
        [objectName(name, 'Video'), str('Clip')],
        [
          value('Type', str('Clip')),
          rec('Properties60', [], [p60('Path', 'charptr', '', str(fileName))]),
          value('UseMipMap', int(0)),
          value('Filename', str(fileName)),
          value('RelativeFilename', str(fileName)),
        ],
      ),
      rec(
        'Texture',
        [objectName(name, 'Texture'), str('TextureVideoClip')],
        [
          value('Type', str('TextureVideoClip')),
          value('Version', int(202)),
          value('TextureName', objectName(name, 'Texture')),
          rec('Properties60', [], [p60('UVSet', 'KString', '', str(UV_SET))]),
          value('Media', objectName(name, 'Video')),
          value('FileName', str(fileName)),
          value('RelativeFilename', str(fileName)),
          rec('ModelUVTranslation', [dbl(0), dbl(0)]),
          rec('ModelUVScaling', [dbl(1), dbl(1)]),
          value('Texture_Alpha_Source', str('None')),
          rec('Cropping', [int(0), int(0), int(0), int(0)]),
        ],
      ),
    );
    connect(objectName(name, 'Video'), objectName(name, 'Texture'));
  }

  objects.push(
    rec(
      'GlobalSettings',
      [],
      [
        value('Version', int(1000)),
        rec(
          'Properties60',
          [],
          [
            ...axes(scene.upAxis ?? 'y').map(([axis, n]) => p60(axis, 'int', '', int(n))),
            p60('UnitScaleFactor', 'double', '', dbl(unit)),
            p60('OriginalUnitScaleFactor', 'double', '', dbl(unit)),
          ],
        ),
      ],
    ),
  );

  return [
    headerExtension(6100),
    ...fileRecords(binary),
    definitions([
      ['Model', parts.nodes.length],
      ['Material', parts.materials.length],
      ['Texture', parts.textures.size],
      ['Video', parts.textures.size],
      ['GlobalSettings', 1],
    ]),
    rec('Objects', [], objects),
    rec('Connections', [], connections),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// ASCII encoding.

/** Shortest text that reads back as the same double (never `-0`). */
const number = (n: number): string => {
  if (!Number.isFinite(n)) throw new Error(`cannot write ${n} to an FBX file`);
  return Object.is(n, -0) ? '0' : String(n);
};

const quoted = (text: string): string => `"${text.replace(/"/g, '&quot;')}"`;

const ARRAY_LINE = 48;

function asciiProperty(property: Property, separator: string): string {
  switch (property.type) {
    case 'C':
      return property.value ? 'T' : 'F';
    case 'I':
    case 'L':
    case 'D':
      return number(property.value);
    case 'S':
      return quoted(property.value);
    case 'R':
      return quoted(property.value.toString('base64'));
    case 'N':
      return quoted(`${property.className}::${property.name}`);
    case 'd':
    case 'i': {
      const lines: string[] = [];
      for (let start = 0; start < property.values.length; start += ARRAY_LINE) {
        const line: string[] = [];
        const end = Math.min(property.values.length, start + ARRAY_LINE);
        for (let k = start; k < end; k += 1) line.push(number(property.values[k]));
        lines.push(line.join(','));
      }
      return lines.join(`,${separator}`);
    }
  }
}

function writeAsciiRecord(record: Rec, depth: number, out: string[], version: number): void {
  const indent = '\t'.repeat(depth);
  const [first] = record.properties;
  if (record.properties.length === 1 && (first.type === 'd' || first.type === 'i')) {
    if (version >= 7000) {
      out.push(`${indent}${record.name}: *${first.values.length} {\n`);
      out.push(`${indent}\ta: ${asciiProperty(first, `\n${indent}\t`)}\n${indent}}\n`);
    } else out.push(`${indent}${record.name}: ${asciiProperty(first, `\n${indent}`)}\n`);
    return;
  }
  const properties = record.properties.map((property) => asciiProperty(property, '')).join(', ');
  if (!record.children.length && record.properties.length) {
    out.push(`${indent}${record.name}: ${properties}\n`);
    return;
  }
  out.push(`${indent}${record.name}:${properties ? ` ${properties} ` : '  '}{\n`);
  for (const child of record.children) writeAsciiRecord(child, depth + 1, out, version);
  out.push(`${indent}}\n`);
}

function ascii(records: Rec[], version: number): Buffer {
  const dotted = `${Math.floor(version / 1000)}.${Math.floor((version % 1000) / 100)}.0`;
  const out = [
    `; FBX ${dotted} project file\n`,
    `; Created by ${CREATOR}\n`,
    '; ----------------------------------------------------\n\n',
  ];
  for (const record of records) writeAsciiRecord(record, 0, out, version);
  return Buffer.from(out.join(''), 'utf8');
}

/** The scene as an ASCII FBX file: 7.4 (the default) or 6.1. */
export function writeFbxAscii(scene: FbxScene, options: FbxAsciiOptions = {}): Buffer {
  const { version = 7400 } = options;
  return ascii(version === 6100 ? layout6(scene, false) : layout7(scene, version, false), version);
}

// ---------------------------------------------------------------------------------------------------------------
// Binary encoding.

/** The file's first 21 bytes, then 0x1A 0x00 and the version as a little-endian uint32. */
const MAGIC = Buffer.from('Kaydara FBX Binary  \0\x1a\0', 'latin1');
/** The file's last 16 bytes. */
const FOOTER_MAGIC = Buffer.from('f85a8c6adef5d97eece90ce3758f290b', 'hex');
const COMPRESS_FROM_BYTES = 128;

function arrayBytes(property: { type: 'd' | 'i'; values: ArrayLike<number> }): Buffer {
  const size = property.type === 'd' ? 8 : 4;
  const data = Buffer.alloc(property.values.length * size);
  for (let k = 0; k < property.values.length; k += 1) {
    const n = property.values[k];
    if (!Number.isFinite(n)) throw new Error(`cannot write ${n} to an FBX file`);
    if (property.type === 'd') data.writeDoubleLE(n, k * 8);
    else data.writeInt32LE(n, k * 4);
  }
  return data;
}

interface BinaryStyle {
  wide: boolean;
  /** FBX 7: `name\0\x01Class` object names and typed arrays. FBX 6: `Class::name`, and an array's values as
   * properties of their own (`Vertices` with one D property per coordinate), as in its ASCII files. */
  fbx7: boolean;
  compress: boolean;
}

/** A record's properties as FBX 6 writes them: each array value a property of its own. */
function spreadArrays(properties: Property[]): Property[] {
  if (!properties.some((property) => property.type === 'd' || property.type === 'i')) return properties;
  const spread: Property[] = [];
  for (const property of properties) {
    if (property.type === 'd' || property.type === 'i') {
      const single = property.type === 'd' ? dbl : int;
      for (let k = 0; k < property.values.length; k += 1) spread.push(single(property.values[k]));
    } else spread.push(property);
  }
  return spread;
}

function writeBinaryProperty(out: ByteWriter, property: Property, style: BinaryStyle): void {
  const text = (type: string, data: Buffer) => {
    out.u8(type.charCodeAt(0));
    out.u32(data.length);
    out.bytes(data);
  };
  switch (property.type) {
    case 'C':
      out.u8(0x43);
      out.u8(property.value ? 1 : 0);
      return;
    case 'I':
      out.u8(0x49);
      out.i32(property.value);
      return;
    case 'L':
      out.u8(0x4c);
      out.i64(BigInt(property.value));
      return;
    case 'D':
      out.u8(0x44);
      out.f64(property.value);
      return;
    case 'S':
      text('S', Buffer.from(property.value, 'utf8'));
      return;
    case 'R':
      text('R', property.value);
      return;
    case 'N':
      text(
        'S',
        Buffer.from(
          style.fbx7
            ? `${property.name}\0\x01${property.className}`
            : `${property.className}::${property.name}`,
          'utf8',
        ),
      );
      return;
    case 'd':
    case 'i': {
      const raw = arrayBytes(property);
      const deflated = style.compress && raw.length >= COMPRESS_FROM_BYTES ? deflateSync(raw) : null;
      const useDeflated = deflated !== null && deflated.length < raw.length;
      out.u8(property.type.charCodeAt(0));
      out.u32(property.values.length);
      out.u32(useDeflated ? 1 : 0);
      const data = useDeflated ? deflated : raw;
      out.u32(data.length);
      out.bytes(data);
      return;
    }
  }
}

function writeNullRecord(out: ByteWriter, style: BinaryStyle): void {
  out.zeros(style.wide ? 25 : 13);
}

function writeBinaryRecord(out: ByteWriter, record: Rec, style: BinaryStyle): void {
  const name = Buffer.from(record.name, 'latin1');
  if (name.length > 255) throw new Error(`record name too long: ${record.name}`);
  const properties = style.fbx7 ? record.properties : spreadArrays(record.properties);
  const header = out.length;
  out.offset(0, style.wide); // end offset, patched below
  out.offset(properties.length, style.wide);
  out.offset(0, style.wide); // property list length, patched below
  out.u8(name.length);
  out.bytes(name);
  const propertiesStart = out.length;
  for (const property of properties) writeBinaryProperty(out, property, style);
  const propertiesLength = out.length - propertiesStart;
  for (const child of record.children) writeBinaryRecord(out, child, style);
  // A record with children ends its list with a null record; so does one with neither children nor properties.
  if (record.children.length || !properties.length) writeNullRecord(out, style);
  const width = style.wide ? 8 : 4;
  out.patchOffset(header, out.length, style.wide);
  out.patchOffset(header + 2 * width, propertiesLength, style.wide);
}

function binary(records: Rec[], version: number, compress: boolean): Buffer {
  const style: BinaryStyle = { wide: version >= 7500, fbx7: version >= 7000, compress };
  const out = new ByteWriter();
  out.bytes(MAGIC);
  out.u32(version);
  for (const record of records) writeBinaryRecord(out, record, style);
  writeNullRecord(out, style);
  // Footer: the file id, 4 zero bytes, zeros up to a 16-byte boundary (16 when already on one), the version,
  // 120 zero bytes and the footer magic.
  out.bytes(FOOTER_ID);
  out.zeros(4);
  const pad = 16 - (out.length % 16);
  out.zeros(pad);
  out.u32(version);
  out.zeros(120);
  out.bytes(FOOTER_MAGIC);
  return out.result();
}

/** The scene as a binary FBX file of the given version (6100, 7400 or 7500). */
export function writeFbxBinary(scene: FbxScene, options: FbxBinaryOptions): Buffer {
  const { version, compress = true } = options;
  const records = version === 6100 ? layout6(scene, true) : layout7(scene, version, true);
  return binary(records, version, compress);
}

/**
 * glTF 2.0, binary (.glb) or JSON (.gltf), into a glTF-Transform document: the file is already glTF, so the
 * document is kept as read, with what a viewer model needs made sure of. glTF-Transform's NodeIO (gltfIO(), every
 * extension and meshopt) reads it, with Draco's decoder registered when the file uses KHR_draco_mesh_compression;
 * the extension is dropped after reading (the geometry is plain by then) so the document writes without an
 * encoder. Triangle strips and fans become triangle lists, as the pipeline counts and draws only those.
 *
 * External files (.bin buffers, images) are loaded here rather than by NodeIO, which resolves any URI it is
 * given: only files of the upload are read (found like OBJ's companions, by path without regard to case, else
 * by base name), never one outside it nor from the network. A missing image does not fail the file: its texture
 * leaves the materials (they keep their factors) and its name goes into `missingTextures`; a missing buffer
 * leaves no geometry to read, so the file is unreadable. So is a glTF 1.0 file, and a .glb whose container is
 * cut short or damaged.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { GLB_BUFFER, type GLTF, type JSONDocument, type NodeIO } from '@gltf-transform/core';
import { convertPrimitiveToTriangles } from '@gltf-transform/functions';
import draco3d, { type DracoModule } from 'draco3dgltf';
import { GeometryFailure } from '../failures';
import { drawnGeometry } from '../geometry-statistics';
import { gltfIO } from '../gltf-io';
import { CompanionFiles, fileName } from './companion-files';
import type { SourceReader } from './source-model';

const FORMAT = 'glTF';
const DRACO = 'KHR_draco_mesh_compression';
const GLB_MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;
const TRIANGLES = 4;
const TRIANGLE_STRIP = 5;
const TRIANGLE_FAN = 6;

const unreadable = () => new GeometryFailure('unreadable', { format: FORMAT });

const isGlb = (bytes: Uint8Array) =>
  bytes.byteLength >= 4 && new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true) === GLB_MAGIC;

const jsonOf = (bytes: Uint8Array): GLTF.IGLTF =>
  JSON.parse(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''));

/**
 * A .glb's JSON and BIN chunks, the container checked whole: version 2, its declared length within the file, each
 * chunk within the declared length.
 */
function glbToJSON(bytes: Uint8Array<ArrayBuffer>): JSONDocument {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 20 || view.getUint32(4, true) !== 2) throw unreadable();
  const length = view.getUint32(8, true);
  if (length > bytes.byteLength) throw unreadable();
  let json: GLTF.IGLTF | undefined;
  let bin: Uint8Array<ArrayBuffer> | undefined;
  for (let offset = 12; offset + 8 <= length;) {
    const chunkLength = view.getUint32(offset, true);
    const type = view.getUint32(offset + 4, true);
    const data = offset + 8;
    if (data + chunkLength > length) throw unreadable();
    if (type === CHUNK_JSON && !json) json = jsonOf(bytes.subarray(data, data + chunkLength));
    else if (type === CHUNK_BIN && !bin) bin = bytes.subarray(data, data + chunkLength);
    offset = data + chunkLength;
  }
  if (!json) throw unreadable();
  return { json, resources: bin ? { [GLB_BUFFER]: bin } : {} };
}

/** The triangles the file's meshes declare (each mesh once), from accessor counts: the cap before reading. */
function declaredTriangles(json: GLTF.IGLTF): number {
  let triangles = 0;
  for (const mesh of json.meshes ?? [])
    for (const primitive of mesh.primitives ?? []) {
      const mode = primitive.mode ?? TRIANGLES;
      const accessor = json.accessors?.[primitive.indices ?? primitive.attributes?.POSITION ?? -1];
      const count = accessor?.count ?? 0;
      if (mode === TRIANGLES) triangles += Math.floor(count / 3);
      else if (mode === TRIANGLE_STRIP || mode === TRIANGLE_FAN) triangles += Math.max(0, count - 2);
    }
  return triangles;
}

/** A URI's percent-escapes decoded; as written when it has stray ones. */
function decoded(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

/**
 * Puts the bytes of every external buffer and image into the JSON document's resources, from the upload only.
 * Answers the URIs of the images the upload lacks (given no bytes, so their textures can be told apart).
 */
async function loadExternalFiles(jsonDoc: JSONDocument, path: string, folder: string): Promise<Set<string>> {
  const files = await CompanionFiles.of(folder);
  const missing = new Set<string>();
  const load = async (uri: string): Promise<Uint8Array<ArrayBuffer> | undefined> => {
    const name = decoded(uri).replace(/^file:\/\//i, '');
    // Another scheme (http:, https:) is nothing of the upload's; a drive letter (C:) is a Windows path.
    if (/^[a-z][a-z0-9+.-]+:/i.test(name)) return undefined;
    const found = files.find(name, dirname(path));
    return found ? new Uint8Array(await readFile(found)) : undefined;
  };
  const external = (uri: string | undefined): uri is string => !!uri && !/^data:/i.test(uri);
  for (const buffer of jsonDoc.json.buffers ?? []) {
    if (!external(buffer.uri) || buffer.uri in jsonDoc.resources) continue;
    const bytes = await load(buffer.uri);
    if (!bytes) throw unreadable();
    jsonDoc.resources[buffer.uri] = bytes;
  }
  for (const image of jsonDoc.json.images ?? []) {
    if (!external(image.uri) || image.uri in jsonDoc.resources) continue;
    const bytes = await load(image.uri);
    if (!bytes) missing.add(image.uri);
    jsonDoc.resources[image.uri] = bytes ?? new Uint8Array(0);
  }
  return missing;
}

let dracoDecoder: Promise<DracoModule> | undefined;

/** gltfIO(), with Draco's decoder registered when the file needs it (made once per process). */
async function ioFor(json: GLTF.IGLTF): Promise<NodeIO> {
  const io = await gltfIO();
  if (json.extensionsUsed?.includes(DRACO)) {
    dracoDecoder ??= draco3d.createDecoderModule();
    io.registerDependencies({ 'draco3d.decoder': await dracoDecoder });
  }
  return io;
}

export const readGltf: SourceReader = async (input) => {
  const bytes = new Uint8Array(await readFile(input.path));
  const binary = isGlb(bytes);
  try {
    const jsonDoc: JSONDocument = binary ? glbToJSON(bytes) : { json: jsonOf(bytes), resources: {} };
    const json = jsonDoc.json;
    const version = json?.asset?.version;
    if (typeof version !== 'string' || !/^2\.\d+$/.test(version)) throw unreadable();
    if (declaredTriangles(json) > input.limits.maxTriangles)
      throw new GeometryFailure('tooManyTriangles', { limit: input.limits.maxTriangles });
    const missing = await loadExternalFiles(jsonDoc, input.path, input.folder);
    const document = await (await ioFor(json)).readJSON(jsonDoc);
    const root = document.getRoot();

    for (const texture of root.listTextures()) if (!texture.getImage()?.byteLength) texture.dispose();
    for (const extension of root.listExtensionsUsed())
      if (extension.extensionName === DRACO) extension.dispose();
    for (const mesh of root.listMeshes())
      for (const primitive of mesh.listPrimitives())
        if (primitive.getMode() === TRIANGLE_STRIP || primitive.getMode() === TRIANGLE_FAN)
          convertPrimitiveToTriangles(primitive);
    // A file of nodes without a scene (allowed): one scene of its top nodes, as viewers show it.
    if (root.listScenes().length === 0) {
      const scene = document.createScene(FORMAT);
      for (const node of root.listNodes()) if (!node.getParentNode()) scene.addChild(node);
      root.setDefaultScene(scene);
    }

    const triangles = drawnGeometry(document).triangles;
    if (triangles === 0) throw new GeometryFailure('noGeometry');
    if (triangles > input.limits.maxTriangles)
      throw new GeometryFailure('tooManyTriangles', { limit: input.limits.maxTriangles });
    return {
      document,
      format: FORMAT,
      version,
      encoding: binary ? 'binary' : 'ascii',
      sourceTriangles: triangles,
      missingTextures: [...new Set([...missing].map((uri) => fileName(decoded(uri))))],
    };
  } catch (error) {
    if (error instanceof GeometryFailure) throw error;
    throw unreadable();
  }
};

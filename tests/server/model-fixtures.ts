/**
 * Model files for the project, model, upload and processing tests: real FBX files (ASCII and binary, with and
 * without geometry, written by server/geometry/fbx-writer.ts), zip archives (whole, and cut off before their central directory), and helpers to read models back.
 */
import { expect } from 'vitest';
import { cube, emptyMesh } from '../../server/geometry/fbx-fixtures';
import { writeFbxAscii, writeFbxBinary } from '../../server/geometry/fbx-writer';
import type { TestServer } from './test-server';

/** An ASCII FBX 7.4 of a red cube (server/geometry/fbx-fixtures.ts): 12 triangles. */
export const FBX_ASCII = writeFbxAscii(cube().scene);

/**
 * A binary FBX of the cube (or, without geometry, of a mesh with no polygon), written as FBX 7.4 or 7.5; any
 * other `version` is written into the 7.4 file's header, as a file of that version would start.
 */
export function fbxBinary(version = 7400, withGeometry = true): Buffer {
  const scene = (withGeometry ? cube() : emptyMesh()).scene;
  const bytes = Buffer.from(writeFbxBinary(scene, { version: version === 7500 ? 7500 : 7400 }));
  if (version !== 7500) bytes.writeUInt32LE(version, 23);
  return bytes;
}

/** A zip archive of stored (uncompressed) entries, with its central directory. */
export function zipArchive(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip archive whose end (central directory) never arrived: starts like a zip, cannot be opened. */
export const truncatedZip = () => zipArchive({ 'model.fbx': FBX_ASCII.toString('latin1') }).subarray(0, 120);

export const fileBlob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]);

export interface ModelBody {
  id: number;
  name: string;
  status: string;
  status_color: string;
  preview_image_url: string | null;
  started_at: string | null;
  finished_at: string | null;
  uploader_name: string | null;
  latest_geometry_event: { message: string; created_at: string } | null;
  project: { id: number; name: string } | null;
  file: { name: string; size: number } | null;
  geometry_events: Array<{ message: string; created_at: string }>;
  [field: string]: unknown;
}

export async function getModel(server: TestServer, token: string, id: number): Promise<ModelBody> {
  const response = await server.request('acme', `/projects/models/${id}`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: ModelBody }).data;
}

/**
 * Polls a model until its status is one of `statuses`. The bound is not a delay: the pipeline converts each file
 * in a process of its own, and on a busy machine a file can wait behind the other tests' files.
 */
export async function modelReaching(
  server: TestServer,
  token: string,
  id: number,
  statuses: string[],
  timeoutMs = 90_000,
): Promise<ModelBody> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const model = await getModel(server, token, id);
    if (statuses.includes(model.status)) return model;
    if (Date.now() > until)
      throw new Error(`Model ${id} stayed ${model.status}, expected ${statuses.join('|')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A FINISHED model row of the company in the project, written straight to the database (no file, no processing). */
export async function insertModel(
  server: TestServer,
  companyId: number,
  projectId: number | null,
  name: string,
): Promise<number> {
  const row = await server.db
    .insertInto('project_models')
    .values({
      company_id: companyId,
      project_id: projectId,
      name,
      description: null,
      preview_image_url: null,
      started_at: null,
      finished_at: null,
      uploader_id: null,
      deleted_at: null,
      status: 'FINISHED',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

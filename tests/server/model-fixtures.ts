/**
 * Model files for the project, model, upload and processing tests: real FBX files (ASCII and binary, with and
 * without geometry, written by server/seed/fbx-writer.ts), zip archives (whole, and cut off before their central
 * directory), helpers to read models back, and the events a test server publishes (to wait for a processing run's
 * status, or hold a run at one of its events).
 */
import type { GeometryStatistics } from '../../shared/geometry-statistics';
import { expect } from 'vitest';
import { cube, emptyMesh } from './fbx-fixtures';
import { writeFbxAscii, writeFbxBinary } from '../../server/seed/fbx-writer';
import { type Broadcaster, laravelEvent } from '../../server/realtime/broadcaster';
import { waitFor } from './realtime-helpers';
import type { TestServer } from './test-server';

/** An ASCII FBX 7.4 of a red cube (tests/server/fbx-fixtures.ts): 12 triangles. */
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
  viewer_model_url?: string | null;
  ar_model_url?: string | null;
  statistics?: GeometryStatistics | null;
  [field: string]: unknown;
}

export async function getModel(server: TestServer, token: string, id: number): Promise<ModelBody> {
  const response = await server.request('acme', `/projects/models/${id}`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: ModelBody }).data;
}

/** An event as a test server published it: through its broadcaster, after the transaction that saved it. */
export interface PublishedEvent {
  channels: string[];
  event: string;
  data: unknown;
}

type EventMatch = (published: PublishedEvent) => boolean;

/**
 * The events a test server publishes, seen in the test's process as they leave for the push service. A test waits
 * for the event it needs (a model's status change) instead of polling for it, and can hold the work that publishes
 * an event (`hold`) to act while that work is at that point, whatever the machine's speed.
 */
export class PublishedEvents {
  readonly seen: PublishedEvent[] = [];
  private readonly waiting = new Set<{ match: EventMatch; resolve: (published: PublishedEvent) => void }>();
  private readonly holds: Array<{
    match: EventMatch;
    reached: (published: PublishedEvent) => void;
    released: Promise<void>;
  }> = [];

  constructor(broadcaster: Broadcaster) {
    const publish = broadcaster.publish.bind(broadcaster);
    broadcaster.publish = async (channelNames, event, data, options) => {
      const published = { channels: channelNames, event, data };
      const hold = this.holds.find((entry) => entry.match(published));
      if (hold) {
        this.holds.splice(this.holds.indexOf(hold), 1);
        hold.reached(published);
        await hold.released;
      }
      try {
        await publish(channelNames, event, data, options);
      } finally {
        this.seen.push(published);
        for (const waiter of [...this.waiting]) {
          if (!waiter.match(published)) continue;
          this.waiting.delete(waiter);
          waiter.resolve(published);
        }
      }
    };
  }

  /** The first matching event published since `seen` had `from` entries (already, or once it is published). */
  next(what: string, match: EventMatch, from = 0): Promise<PublishedEvent> {
    const found = this.seen.slice(from).find(match);
    if (found) return Promise.resolve(found);
    return waitFor(what, (resolve) => this.waiting.add({ match, resolve }));
  }

  /**
   * Stops the next matching event before it is published, and with it the work that publishes it (a processing
   * run waits for its event between two steps). `reached` resolves with the event once held; `release` lets it go.
   */
  hold(what: string, match: EventMatch): { reached: Promise<PublishedEvent>; release: () => void } {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const reached = waitFor<PublishedEvent>(`${what} (held)`, (resolve) =>
      this.holds.push({ match, reached: resolve, released }),
    );
    return { reached, release };
  }
}

const tapped = new WeakMap<Broadcaster, PublishedEvents>();

/** The events the server publishes from now on (one tap per server). */
export function publishedEvents(server: TestServer): PublishedEvents {
  const { broadcaster } = server.app.ctx;
  let events = tapped.get(broadcaster);
  if (!events) tapped.set(broadcaster, (events = new PublishedEvents(broadcaster)));
  return events;
}

/** The payload of `GeometryEventsUpdated` (server/processing/processing-events.ts). */
export interface GeometryEventsUpdated {
  owner_id: number;
  status: string;
  status_color: string;
  started_at: string | null;
  finished_at: string | null;
  event: { message: string; message_key: string; message_params: Record<string, unknown> };
}

/**
 * The `GeometryEventsUpdated` of a processed entity (on its company's `….ProjectModel` or `….LibraryItem` channel),
 * when `published` is one.
 */
export function processingEvent(
  published: PublishedEvent,
  entity: 'ProjectModel' | 'LibraryItem',
): GeometryEventsUpdated | null {
  const isProcessingEvent =
    published.event === laravelEvent('GeometryEventsUpdated') &&
    published.channels.some((channel) => channel.endsWith(`.${entity}`));
  return isProcessingEvent ? (published.data as GeometryEventsUpdated) : null;
}

/** A project model's `GeometryEventsUpdated`, when `published` is one. */
export const modelEvent = (published: PublishedEvent) => processingEvent(published, 'ProjectModel');

/**
 * Resolves once `reached()` holds, looking again whenever an event matching `mayChange` is published. It looks first
 * and then after each such event (an event leaves after the transaction that saved it, so a state read after it
 * shows it), and never misses one in between: no polling and no time limit of its own (the test's limit bounds it).
 */
export async function untilPublished<T>(
  server: TestServer,
  what: string,
  reached: () => Promise<T | null>,
  mayChange: EventMatch,
): Promise<T> {
  const events = publishedEvents(server);
  for (let from = events.seen.length; ;) {
    const state = await reached();
    if (state !== null) return state;
    const published = await events.next(what, mayChange, from);
    from = events.seen.indexOf(published) + 1;
  }
}

/** The model once its status is one of `statuses` (now, or once its processing run has published that status). */
export function modelReaching(
  server: TestServer,
  token: string,
  id: number,
  statuses: string[],
): Promise<ModelBody> {
  return untilPublished(
    server,
    `GeometryEventsUpdated ${statuses.join('|')} of model ${id}`,
    async () => {
      const model = await getModel(server, token, id);
      return statuses.includes(model.status) ? model : null;
    },
    (published) => {
      const update = modelEvent(published);
      return update?.owner_id === id && statuses.includes(update.status);
    },
  );
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

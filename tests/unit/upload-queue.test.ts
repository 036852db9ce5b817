/**
 * The resumable upload queue against a real tus server (spec 2 §5, §9): 5,000,000-byte chunks, two uploads at a
 * time, retry and resume after a dropped connection, resume across screens, client and server refusals.
 * tus-js-client runs its browser build here, as in the portal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Upload } from 'tus-js-client/lib.esm/browser/index.js';
import {
  PARALLEL_UPLOADS,
  serverMessage,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_RETRY_DELAYS,
  type UploadItem,
  UploadQueue,
  uploadIdOf,
} from '@/components/upload/upload-queue';
import { UPLOAD_RULES } from '@/components/upload/upload-rules';
import {
  dropAfterFirstBytes,
  patternFile,
  refuse,
  startTusServer,
  type TusTestServer,
} from './support/tus-server';

vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'));

let server: TusTestServer;
beforeEach(async () => {
  localStorage.clear();
  server = await startTusServer();
});
afterEach(() => server.close());

/** Resolves once the queue's items satisfy `done` (looked at on every change the queue announces). */
const until = (queue: UploadQueue, done: (items: UploadItem[]) => boolean) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (!done(queue.getItems())) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = queue.subscribe(check);
    check();
  });

const finished = (queue: UploadQueue, count = 1) =>
  until(
    queue,
    (items) => items.filter((item) => item.state === 'finished' || item.state === 'refused').length >= count,
  );

/** Whether the server stored exactly the file's bytes (compared as buffers: a deep equality of 12 MB is slow). */
const storedWhole = async (id: string | undefined, file: File) =>
  Buffer.from(await file.arrayBuffer()).equals(await server.stored(id!));

describe('the upload queue', () => {
  it('sends a file in chunks of 5,000,000 bytes with the bearer token and hands out its upload id', async () => {
    const onFinished = vi.fn();
    const queue = new UploadQueue({
      endpoint: server.endpoint,
      headers: () => ({ Authorization: 'Bearer token-2' }),
      owner: '2',
      onFinished,
    });
    const sent: number[] = [];
    queue.subscribe(() => sent.push(queue.getItems()[0]?.sent ?? 0));
    const file = patternFile('Lobby.fbx', 12_000_000);
    queue.add([file]);
    await finished(queue);

    const [item] = queue.getItems();
    expect(item).toMatchObject({ name: 'Lobby.fbx', size: 12_000_000, state: 'finished', sent: 12_000_000 });
    const patches = server.of('PATCH');
    expect(patches.map((request) => request.headers['content-length'])).toEqual([
      '5000000',
      '5000000',
      '2000000',
    ]);
    expect(patches.map((request) => request.headers['upload-offset'])).toEqual(['0', '5000000', '10000000']);
    const [creation] = server.of('POST');
    expect(creation.headers['upload-length']).toBe('12000000');
    expect(creation.headers['upload-metadata']).toContain(`filename ${btoa('Lobby.fbx')}`);
    expect(server.requests.every((request) => request.headers.authorization === 'Bearer token-2')).toBe(true);

    expect(item.uploadId).toBe(patches[0].id);
    expect(await storedWhole(item.uploadId, file)).toBe(true);
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onFinished).toHaveBeenCalledWith(expect.objectContaining({ uploadId: item.uploadId }));
    // Progress moved forward through the chunks.
    expect(sent.some((value) => value > 0 && value < 12_000_000)).toBe(true);
    expect([...sent].sort((a, b) => a - b)).toEqual(sent);
  });

  it('names the declared upload kind in the upload metadata, for the server to apply its rules', async () => {
    const queue = new UploadQueue({ endpoint: server.endpoint, rules: UPLOAD_RULES['library-item-file'] });
    queue.add([patternFile('Chair.fbx', 1000)]);
    await finished(queue);
    const [creation] = server.of('POST');
    expect(creation.headers['upload-metadata']).toContain(`kind ${btoa('library-item-file')}`);
    // Without a kind, none is sent.
    const plain = new UploadQueue({ endpoint: server.endpoint });
    plain.add([patternFile('Table.fbx', 1000)]);
    await finished(plain);
    expect(server.of('POST')[1].headers['upload-metadata']).not.toContain('kind ');
  });

  it('uploads at most two files at a time', async () => {
    const queue = new UploadQueue({ endpoint: server.endpoint });
    let running = 0;
    queue.subscribe(() => {
      running = Math.max(running, queue.getItems().filter((item) => item.state === 'uploading').length);
    });
    let finishedAtThirdCreation = -1;
    server.intercept = (_request, _response, seen) => {
      if (
        seen.filter((request) => request.method === 'POST').length === 3 &&
        seen.at(-1)?.method === 'POST'
      ) {
        finishedAtThirdCreation = queue.getItems().filter((item) => item.state === 'finished').length;
      }
      return false;
    };
    queue.add([
      patternFile('a.fbx', 6_000_000),
      patternFile('b.fbx', 6_000_000),
      patternFile('c.zip', 6_000_000),
    ]);
    await finished(queue, 3);

    expect(PARALLEL_UPLOADS).toBe(2);
    expect(running).toBe(2);
    expect(finishedAtThirdCreation).toBeGreaterThanOrEqual(1);
    expect(queue.getItems().map((item) => item.state)).toEqual(['finished', 'finished', 'finished']);
  });

  it('retries after a dropped connection and continues from what the server has', async () => {
    expect(UPLOAD_RETRY_DELAYS).toEqual([500, 1000, 3000]);
    expect(UPLOAD_CHUNK_SIZE).toBe(5_000_000);
    let patches = 0;
    server.intercept = (request) => {
      if (request.method === 'PATCH') patches += 1;
      return patches === 2 && request.method === 'PATCH' ? dropAfterFirstBytes(request) : false;
    };
    // The queue's retry delays go to tus; here tus retries without waiting them out.
    const retryDelays: Array<number[] | null | undefined> = [];
    const queue = new UploadQueue({
      endpoint: server.endpoint,
      createUpload: (file, options) => {
        retryDelays.push(options.retryDelays);
        return new Upload(file, { ...options, retryDelays: [0] });
      },
    });
    const file = patternFile('Tower.zip', 12_000_000);
    queue.add([file]);
    await finished(queue);
    expect(retryDelays).toEqual([UPLOAD_RETRY_DELAYS]);

    const methods = server.requests.map((request) => request.method);
    expect(methods.filter((method) => method === 'POST')).toHaveLength(1);
    const head = methods.indexOf('HEAD');
    expect(head).toBeGreaterThan(methods.indexOf('PATCH'));
    const resumed = server.requests.slice(head).find((request) => request.method === 'PATCH')!;
    expect(Number(resumed.headers['upload-offset'])).toBeGreaterThanOrEqual(5_000_000);
    const [item] = queue.getItems();
    expect(item.state).toBe('finished');
    expect(await storedWhole(item.uploadId, file)).toBe(true);
  });

  it("continues a previous screen's unfinished upload when the same file is chosen again, for the same user only", async () => {
    let patches = 0;
    server.intercept = (request) => {
      if (request.method === 'PATCH') patches += 1;
      // The second chunk never gets an answer: the user leaves the screen meanwhile.
      return patches === 2 && request.method === 'PATCH';
    };
    const file = patternFile('Villa.fbx', 12_000_000);
    const first = new UploadQueue({ endpoint: server.endpoint, owner: '2' });
    first.add([file]);
    await server.received('PATCH', 2);
    expect(patches).toBe(2);
    first.suspend();
    server.intercept = null;
    const firstUpload = server.of('PATCH')[0].id;

    // Another user choosing the same file starts an upload of their own.
    const otherUser = new UploadQueue({ endpoint: server.endpoint, owner: '3' });
    otherUser.add([patternFile('Villa.fbx', 12_000_000)]);
    await finished(otherUser);
    expect(server.of('POST')).toHaveLength(2);
    expect(server.of('HEAD')).toEqual([]);

    // The same user choosing it again continues the first upload.
    const again = new UploadQueue({ endpoint: server.endpoint, owner: '2' });
    again.add([file]);
    await finished(again);
    expect(server.of('POST')).toHaveLength(2);
    const [item] = again.getItems();
    expect(server.of('HEAD').map((request) => request.id)).toEqual([firstUpload]);
    expect(item.uploadId).toBe(firstUpload);
    expect(await storedWhole(item.uploadId, file)).toBe(true);
  });

  it('refuses files by type and size before sending anything (.matz counts as .zip)', async () => {
    const queue = new UploadQueue({
      endpoint: server.endpoint,
      rules: { types: ['fbx', 'zip'], minSize: 1, maxSize: 10 },
    });
    queue.add([
      patternFile('notes.txt', 5),
      patternFile('scene.matz', 5),
      patternFile('empty.fbx', 0),
      patternFile('huge.zip', 11),
    ]);
    await finished(queue, 4);

    expect(queue.getItems().map(({ name, state, refusal }) => ({ name, state, refusal }))).toEqual([
      { name: 'notes.txt', state: 'refused', refusal: 'invalidType' },
      { name: 'scene.matz', state: 'finished', refusal: undefined },
      { name: 'empty.fbx', state: 'refused', refusal: 'tooSmall' },
      { name: 'huge.zip', state: 'refused', refusal: 'tooLarge' },
    ]);
    expect(server.of('POST')).toHaveLength(1);
  });

  it("keeps the server's refusal with its message and does not retry it", async () => {
    server.intercept = (request, response) =>
      request.method === 'POST' && refuse(response, 'The file field must be a file of type: fbx, zip.');
    const queue = new UploadQueue({ endpoint: server.endpoint });
    queue.add([patternFile('fake.fbx', 1000)]);
    await finished(queue);

    expect(queue.getItems()[0]).toMatchObject({
      state: 'refused',
      message: 'The file field must be a file of type: fbx, zip.',
    });
    // tus reports an error only once it has stopped retrying, and the queue retries only when asked: a retried
    // refusal would have been sent again before the item became 'refused'.
    expect(server.of('POST')).toHaveLength(1);
  });

  it('a failed upload continues from where it stopped when retried', async () => {
    let patches = 0;
    server.intercept = (request) => {
      if (request.method === 'PATCH') patches += 1;
      return patches === 2 && request.method === 'PATCH' ? dropAfterFirstBytes(request) : false;
    };
    // No automatic retries here, so the upload fails at once and waits for the user.
    const queue = new UploadQueue({
      endpoint: server.endpoint,
      createUpload: (file, options) => new Upload(file, { ...options, retryDelays: [] }),
    });
    const file = patternFile('Hall.fbx', 12_000_000);
    const [added] = queue.add([file]);
    await until(queue, ([item]) => item.state === 'failed');

    queue.retry(added.key);
    await finished(queue);
    expect(server.of('POST')).toHaveLength(1);
    expect(server.of('HEAD')).toHaveLength(1);
    const [item] = queue.getItems();
    expect(await storedWhole(item.uploadId, file)).toBe(true);
  });

  it('cancelling a running upload removes it from the server and from the list', async () => {
    let patches = 0;
    server.intercept = (request) => {
      if (request.method === 'PATCH') patches += 1;
      return patches === 2 && request.method === 'PATCH';
    };
    const queue = new UploadQueue({ endpoint: server.endpoint });
    const [item] = queue.add([patternFile('Pier.fbx', 12_000_000)]);
    await server.received('PATCH', 2);
    expect(patches).toBe(2);

    queue.cancel(item.key);
    expect(queue.getItems()).toEqual([]);
    await server.received('DELETE');
    expect(server.of('DELETE')).toHaveLength(1);
    expect(server.of('DELETE')[0].id).toBe(server.of('PATCH')[0].id);
  });
});

describe('upload answers', () => {
  it("reads the first field error, else the message, of the server's answer", () => {
    expect(serverMessage('{"message":"The given data was invalid.","errors":{"file":["Too big."]}}')).toBe(
      'Too big.',
    );
    expect(serverMessage('{"message":"Upload not found."}')).toBe('Upload not found.');
    expect(serverMessage('Upload-Offset conflict\n')).toBe('Upload-Offset conflict');
  });

  it('takes the upload id from the last segment of the upload URL', () => {
    expect(uploadIdOf('http://acme.portal.localhost/api/v2/uploads/9f8e7d')).toBe('9f8e7d');
    expect(uploadIdOf('/api/v2/uploads/abc123')).toBe('abc123');
  });
});

/**
 * A real tus 1.0 server (@tus/server with a file store in a temporary folder) on an ephemeral port, for the upload
 * tests under jsdom. It records every request, and a test can take over a request (`intercept`) to drop the
 * connection or refuse the upload the way the contract server does.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';

export interface SeenRequest {
  method: string;
  /** The upload id (last path segment), or '' for the creation endpoint. */
  id: string;
  headers: IncomingMessage['headers'];
}

/** Return true when the request was answered (or dropped) by the test. */
export type Intercept = (request: IncomingMessage, response: ServerResponse, seen: SeenRequest[]) => boolean;

export interface TusTestServer {
  endpoint: string;
  requests: SeenRequest[];
  /** Requests of one method (OPTIONS preflights are left out of `requests`). */
  of(method: string): SeenRequest[];
  /** Resolves once `count` requests of the method have arrived (counting those before). */
  received(method: string, count?: number): Promise<void>;
  intercept: Intercept | null;
  /** The bytes stored for an upload. */
  stored(id: string): Promise<Buffer>;
  close(): Promise<void>;
}

export async function startTusServer(): Promise<TusTestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'tus-test-'));
  const tus = new TusServer({ path: '/uploads', datastore: new FileStore({ directory }) });
  const requests: SeenRequest[] = [];
  const waiting = new Set<() => void>();
  const server: TusTestServer = {
    endpoint: '',
    requests,
    intercept: null,
    of: (method) => requests.filter((request) => request.method === method),
    received: (method, count = 1) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (server.of(method).length < count) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
    stored: (id) => readFile(join(directory, id)),
    close: async () => {
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
      await closed;
      // The stored files go, the (empty) directory stays: FileStore creates it with an asynchronous mkdir of its
      // own that nobody can wait for, and removing the directory while that runs threw ENOENT outside any test.
      const entries = await readdir(directory);
      await Promise.all(entries.map((entry) => rm(join(directory, entry), { recursive: true, force: true })));
    },
  };
  const http = createServer((request, response) => {
    const method = request.headers['x-http-method-override']?.toString() ?? request.method ?? '';
    if (method !== 'OPTIONS') {
      requests.push({
        method,
        id: (request.url ?? '').split('/').pop()?.replace('uploads', '') ?? '',
        headers: request.headers,
      });
      waiting.forEach((check) => check());
      if (server.intercept?.(request, response, requests)) return;
    }
    void tus.handle(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  server.endpoint = `http://127.0.0.1:${(http.address() as AddressInfo).port}/uploads`;
  return server;
}

/** Answers like the contract server refusing an upload at creation (422 with Laravel's body). */
export function refuse(response: ServerResponse, message: string): true {
  response.writeHead(422, {
    'Content-Type': 'application/json',
    'Access-Control-Allow-Origin': '*',
    'Tus-Resumable': '1.0.0',
  });
  response.end(JSON.stringify({ message, errors: { file: [message] } }));
  return true;
}

/** Drops the connection once part of the request body has arrived (a lost network in the middle of a chunk). */
export function dropAfterFirstBytes(request: IncomingMessage): true {
  request.once('data', () => request.socket.destroy());
  return true;
}

/** A file of `size` bytes with a recognisable pattern (so a wrong offset would corrupt what is stored). */
export function patternFile(name: string, size: number): File {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 31 + (index >> 16)) & 0xff;
  return new File([bytes], name, { type: 'application/octet-stream', lastModified: 1_700_000_000_000 });
}

/**
 * A server given its listening socket several times (server/listening-socket.ts) takes a queue of new connections
 * several per turn of its event loop. Counts of turns, not times: 64 connections wait in the socket's accept queue
 * before the child listens, and the child reports how many it accepted in each turn.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnWithListeningSocket } from '../../server/listening-socket';

const CHILD = fileURLToPath(new URL('./listening-socket-child.ts', import.meta.url));
const CONNECTIONS = 64;
const COPIES = 16;

let child: ChildProcess | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  sockets.splice(0).forEach((socket) => socket.destroy());
  if (child && child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill();
    await exited;
  }
});

describe('a listening socket passed to a child several times', () => {
  it('lets one turn of the event loop accept a connection per copy', async () => {
    const started = await spawnWithListeningSocket(process.execPath, ['--import', 'tsx', CHILD], {
      port: 0,
      host: '127.0.0.1',
      copies: COPIES,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, EXPECTED_CONNECTIONS: String(CONNECTIONS) },
    });
    child = started.child;
    // The kernel completes each handshake into the socket's accept queue, listening child or not.
    for (let index = 0; index < CONNECTIONS; index += 1)
      sockets.push(connect({ port: started.port, host: '127.0.0.1' }));
    await Promise.all(sockets.map((socket) => once(socket, 'connect')));

    const report = once(child, 'message') as Promise<[{ acceptedPerTurn: number[] }]>;
    child.send('listen');
    const [{ acceptedPerTurn }] = await report;

    expect(acceptedPerTurn.reduce((sum, count) => sum + count, 0)).toBe(CONNECTIONS);
    // One descriptor takes one connection per turn (Node 20's libuv): 64 turns. Sixteen take them in about four.
    expect(acceptedPerTurn.length).toBeLessThanOrEqual(CONNECTIONS / COPIES + 2);
    expect(Math.max(...acceptedPerTurn)).toBeGreaterThan(1);
  });

  it('serves HTTP on every copy, and the child stops when its parent is gone', async () => {
    const started = await spawnWithListeningSocket(process.execPath, ['--import', 'tsx', CHILD], {
      port: 0,
      host: '127.0.0.1',
      copies: 4,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, EXPECTED_CONNECTIONS: '8' },
    });
    child = started.child;
    child.send('listen');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`http://127.0.0.1:${started.port}/`, { headers: { connection: 'close' } }).then((response) =>
          response.json(),
        ),
      ),
    );
    expect(answers).toEqual(Array(8).fill({ pid: child.pid }));

    // The IPC channel closes as the parent's end does (here: closed by hand, as a parent's death closes it).
    const exited = once(child, 'exit');
    child.disconnect();
    expect(await exited).toEqual([0, null]);
  });
});

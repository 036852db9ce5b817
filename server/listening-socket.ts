/**
 * Taking new connections as fast as they come, however busy the server is. libuv in Node 20 accepts one connection per
 * listening descriptor per turn of the event loop (libuv #3696), and under load a turn takes 10 to 50 ms: a burst of
 * 200 browsers waited up to 3 s in the kernel's accept queue before the server even saw them (the git history of
 * docs/performance.md, load). Node 20 has no `reusePort`. So the server is given its one listening socket several
 * times: a parent process binds the port and passes the socket to the server process as file descriptors 3, 4, …
 * (`spawnWithListeningSocket`; the kernel duplicates a descriptor handed to a child), and the server listens on each
 * (`listenOnInheritedSocket`). The event loop watches every descriptor, so a turn accepts up to one connection per
 * copy, from the same accept queue in the kernel's order, and every copy feeds the same HTTP server.
 */
import { type ChildProcess, type IOType, spawn } from 'node:child_process';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The environment variable telling the server process how many copies of its listening socket it was given. */
export const INHERITED_SOCKET_COPIES = 'INHERITED_SOCKET_COPIES';
/** The first descriptor after stdin, stdout and stderr. */
const FIRST_INHERITED_FD = 3;

/** Whether this platform can hand a listening socket to a child as descriptors (not Windows). */
export const canPassListeningSocket = process.platform !== 'win32';

/** The descriptors of the listening socket this process was given, or null when it was given none. */
export function inheritedListeningSocket(env: NodeJS.ProcessEnv = process.env): number[] | null {
  const copies = Number.parseInt(env[INHERITED_SOCKET_COPIES] ?? '', 10);
  if (!Number.isInteger(copies) || copies < 1) return null;
  return Array.from({ length: copies }, (_, index) => FIRST_INHERITED_FD + index);
}

/**
 * Serves `app` on the inherited copies of the listening socket: Fastify listens on the first (so its `onListen`
 * hooks run and `app.server.address()` answers the port), each other copy hands its connections to the same HTTP
 * server, and closes with it.
 */
export async function listenOnInheritedSocket(app: FastifyInstance, fds: number[]): Promise<void> {
  const [first, ...others] = fds;
  // Node's server.listen takes a descriptor ({fd}), and Fastify passes its options on to it. Node ignores the host
  // beside a descriptor; without one Fastify would take 'localhost' and listen on each of its addresses too.
  const onDescriptor = { fd: first, host: '127.0.0.1' };
  const copies: TcpServer[] = others.map((fd) =>
    createTcpServer((connection) => app.server.emit('connection', connection)).listen({ fd }),
  );
  app.addHook('preClose', async () => {
    await Promise.all(copies.map((copy) => new Promise((closed) => copy.close(closed))));
  });
  await app.listen(onDescriptor);
}

/** A TCP server's descriptor: Node gives it only on the server's handle (where cluster reads it too). */
function descriptorOf(server: TcpServer): number {
  const { _handle: handle } = server as unknown as { _handle?: { fd?: number } };
  if (typeof handle?.fd !== 'number' || handle.fd < 0)
    throw new Error('The listening socket has no descriptor');
  return handle.fd;
}

export interface ListeningSocketChild {
  child: ChildProcess;
  /** The port bound (the one asked for, or the one the system chose for port 0). */
  port: number;
}

/**
 * Binds `host:port` in this process and starts `command` with the listening socket as descriptors 3 to 2 + `copies`
 * (`INHERITED_SOCKET_COPIES` tells it how many) and an IPC channel after them, which disconnects when this process
 * ends however it ends (the child stops then: `stopWhenParentEnds`); this process's own copy of the socket is
 * closed once the child has its copies. `stdio` gives the child's stdin, stdout and stderr. Connections that arrive
 * before the child listens wait in the socket's accept queue.
 */
export async function spawnWithListeningSocket(
  command: string,
  args: string[],
  options: {
    port: number;
    host: string;
    copies: number;
    stdio: [IOType, IOType, IOType];
    env?: NodeJS.ProcessEnv;
  },
): Promise<ListeningSocketChild> {
  const socket = createTcpServer();
  await new Promise<void>((listening, failed) => {
    socket.once('error', failed);
    socket.listen({ port: options.port, host: options.host }, listening);
  });
  const address = socket.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const fd = descriptorOf(socket);
  try {
    const child = spawn(command, args, {
      stdio: [...options.stdio, ...Array<number>(options.copies).fill(fd), 'ipc'],
      env: { ...(options.env ?? process.env), [INHERITED_SOCKET_COPIES]: String(options.copies) },
    });
    return { child, port };
  } finally {
    // The child holds its copies; this process's would keep the port open after the child ends.
    socket.close();
  }
}

/** In a child of `spawnWithListeningSocket`: runs `stop` once its parent has ended (killed or not). */
export function stopWhenParentEnds(stop: () => unknown): void {
  process.once('disconnect', stop);
}

/**
 * `npm run server` / `npm start`: the contract server with its embedded database on one port. With
 * ACCEPTS_PER_TURN above 1 (the default) this process only binds the port and runs the server in a child given the
 * listening socket that many times (listening-socket.ts): it passes the stop signals on and ends when the child does.
 */
// First: sizes the thread pool before anything uses it.
import './thread-pool';
import { loadConfig } from './config';
import {
  canPassListeningSocket,
  inheritedListeningSocket,
  listenOnInheritedSocket,
  spawnWithListeningSocket,
  stopWhenParentEnds,
} from './listening-socket';

const config = loadConfig();
const inherited = inheritedListeningSocket();

if (!inherited && config.acceptsPerTurn > 1 && canPassListeningSocket) {
  const { child } = await spawnWithListeningSocket(
    process.execPath,
    [...process.execArgv, ...process.argv.slice(1)],
    {
      port: config.port,
      host: config.host,
      copies: config.acceptsPerTurn,
      stdio: ['inherit', 'inherit', 'inherit'],
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.once('exit', (code) => process.exit(code ?? 1));
} else {
  // Loaded here: the process that only binds the port does not load the server.
  const { createServer } = await import('./server');
  const { startBanner } = await import('./start-banner');
  const server = await createServer(config);
  if (inherited) await listenOnInheritedSocket(server.app, inherited);
  else await server.app.listen({ port: config.port, host: config.host });

  console.log(startBanner(config));

  let stopping: Promise<void> | null = null;
  const stop = () => (stopping ??= server.close().then(() => process.exit(0)));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (inherited) stopWhenParentEnds(stop);
}

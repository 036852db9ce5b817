/** `npm run server` / `npm start`: the contract server with its embedded database on one port. */
// First: sizes the thread pool before anything uses it.
import './thread-pool';
import { loadConfig } from './config';
import { createServer } from './server';
import { startBanner } from './start-banner';

const config = loadConfig();
const server = await createServer(config);
await server.app.listen({ port: config.port, host: config.host });

console.log(startBanner(config));

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/** `npm run server` / `npm start`: the contract server with its embedded database on one port. */
import { loadConfig } from './config';
import { createServer } from './server';

const config = loadConfig();
const server = await createServer(config);
await server.app.listen({ port: config.port, host: config.host });

const url = (sub: string) => `http://${sub}${config.domain}:${config.port}`;
console.log(`
  Portal and API are running.

  Open  ${url('acme.')}        (tenant Acme Visuals, platform hatch)
        ${url('customerportal-acme.')}  (the Designs and Sales platform)
  API   ${url('')}/api/v2   (docs: ${url('')}/api/v2/docs)

  Demo accounts (password "password"): admin, alice, bob (acme), carol (globex), dave (initech)
  ${config.databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: embedded PGlite in ${config.pgliteDir}`}
`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

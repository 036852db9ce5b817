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

  Demo accounts (password "password"; sign in with the username or the email), and where each can work:
    admin  acme     every host (platform administrator)
    alice  acme     ${url('acme.')} and ${url('customerportal-acme.')}
    bob    acme     ${url('customerportal-acme.')} only (Viewer, Designs and Sales licence)
    carol  globex   ${url('customerportal-globex.')} only (Designs and Sales licence)
    dave   initech  no licence: signing in shows the licence notice (/portal)
  ${config.databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: embedded PGlite in ${config.pgliteDir}`}
`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/** `npm run dev`: the contract server (API and push service) plus Vite with hot reload proxying to it. */
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8080';
const devPort = process.env.DEV_PORT ?? '5173';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    // One process (no parent holding the port for a child): tsx watch restarts it on every change.
    env: { ACCEPTS_PER_TURN: '1', ...process.env, PORT: apiPort, PORTAL_DIR: '' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1', '--port', devPort, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
console.log(`Dev portal: http://acme.portal.localhost:${devPort} (API on port ${apiPort})`);
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && process.exit(code)));

/**
 * Newcomer guidance (issue 12): the `npm start` banner and the README say on which host each demo account can
 * work. The hosts follow from the licences the account really has (its session's `licenses`): the authoring host
 * needs `hatch`, `customerportal-…` needs `design_and_sales`, so bob and carol sign in at `customerportal-…` only.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../shared/session';
import { ACCOUNTS } from '../../server/seed/areas/accounts';
import { accountHosts, startBanner } from '../../server/start-banner';
import { DEMO_PASSWORD } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const banner = startBanner({
  domain: 'portal.localhost',
  port: 8080,
  databaseUrl: null,
  pgliteDir: 'data/pglite',
});
const bannerLine = (username: string) =>
  banner.split('\n').find((line) => line.trim().startsWith(`${username} `))!;
const readmeRow = (username: string) =>
  readFileSync('README.md', 'utf8')
    .split('\n')
    .find((line) => line.startsWith(`| ${username} |`))!;

async function sessionLicences(username: string, company: string): Promise<string[]> {
  const response = await server.request(company, '/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity: username, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as AuthResponse).user.licenses;
}

describe('where each demo account can work', () => {
  it('names bob and carol on the Designs and Sales host only', () => {
    expect(bannerLine('bob')).toContain('http://customerportal-acme.portal.localhost:8080 only');
    expect(bannerLine('bob')).not.toContain('http://acme.portal.localhost');
    expect(bannerLine('carol')).toContain('http://customerportal-globex.portal.localhost:8080 only');
    expect(bannerLine('alice')).toContain('http://acme.portal.localhost:8080 and');
    expect(bannerLine('dave')).toContain('licence notice');
    expect(readmeRow('bob')).toContain('`customerportal-acme.…` only');
    expect(readmeRow('carol')).toContain('`customerportal-globex.…` only');
  });

  it("lists, in the banner and the README, exactly the hosts the account's licences open", async () => {
    for (const account of ACCOUNTS.filter(({ admin }) => !admin)) {
      const hosts = accountHosts({
        company: account.company,
        licences: await sessionLicences(account.username, account.company),
      });
      const line = bannerLine(account.username);
      const row = readmeRow(account.username);
      if (!hosts.length) expect(row).toContain('licence notice');
      for (const label of [`${account.company}.`, `customerportal-${account.company}.`]) {
        const opens = hosts.some((host) => host.label === label);
        expect(
          line.includes(`http://${label}portal.localhost`),
          `${account.username} on ${label} (banner)`,
        ).toBe(opens);
        // An account without a licence signs in at its company's host and meets the licence notice there.
        if (hosts.length)
          expect(row.includes(`\`${label}…\``), `${account.username} on ${label} (README)`).toBe(opens);
      }
    }
  });
});

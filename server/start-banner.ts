/**
 * What `npm start` / `npm run server` prints once listening: the hosts, the API, and for each demo account the
 * hosts it can work on. Those follow from its licences (spec 1 §2.8: the authoring host needs `hatch`, the
 * `customerportal-…` host `design_and_sales`), taken from the seed itself so the guidance cannot drift from it.
 */
import { PLATFORMS } from '../shared/platforms';
import type { ServerConfig } from './config';
import { ACCOUNTS, type AccountSeed } from './seed/areas/accounts';

type BannerConfig = Pick<ServerConfig, 'domain' | 'port' | 'databaseUrl' | 'pgliteDir'>;

const PLATFORM_NAMES = { hatch: 'Preparation & Content', customerportal: 'Designs and Sales' } as const;

/** The hosts (first labels) an account's licences open, with their platform: authoring first, then customer. */
export function accountHosts(account: Pick<AccountSeed, 'company' | 'licences'>) {
  return [
    { label: `${account.company}.`, platform: PLATFORMS.hatch },
    { label: `customerportal-${account.company}.`, platform: PLATFORMS.customerportal },
  ].filter(({ platform }) => account.licences.includes(platform.licence));
}

function whereToWork(account: AccountSeed, url: (label: string) => string): string {
  if (account.admin) return 'every host (platform administrator)';
  const hosts = accountHosts(account);
  if (!hosts.length) return 'no licence: signing in shows the licence notice (/portal)';
  if (hosts.length > 1) return hosts.map(({ label }) => url(label)).join(' and ');
  return `${url(hosts[0].label)} only (${PLATFORM_NAMES[hosts[0].platform.key]} licence)`;
}

export function startBanner(config: BannerConfig): string {
  const url = (label: string) => `http://${label}${config.domain}:${config.port}`;
  const accounts = ACCOUNTS.map(
    (account) =>
      `    ${account.username.padEnd(6)} ${account.company.padEnd(8)} ${whereToWork(account, url)}`,
  );
  return `
  Portal and API are running.

  Open  ${url('acme.')}        (tenant Acme Visuals, platform hatch)
        ${url('customerportal-acme.')}  (the Designs and Sales platform)
  API   ${url('')}/api/v2   (docs: ${url('')}/api/v2/docs)

  Demo accounts (password "password"; sign in with the username or the email), and where each can work:
${accounts.join('\n')}
  ${config.databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: embedded PGlite in ${config.pgliteDir}`}
`;
}

/**
 * Maintenance mode: switched on by the environment (MAINTENANCE_MODE=1, MAINTENANCE_STATUS, MAINTENANCE_BACK_ON)
 * or by an admin (stored in app_settings). While on, every /api/v2 call answers 503 `{status, back_on}` (with
 * Retry-After when back_on is set), except the switch itself (`/admin/maintenance-mode`, so an admin can turn it
 * off), the API docs and CORS preflights. The stored switch is shared by every server process on one database;
 * each process caches it for a second, so the others follow a change within that second.
 */
import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/database';
import { HttpError } from '../errors/http-errors';

export interface MaintenanceState {
  enabled: boolean;
  status: string | null;
  back_on: string | null;
  /** Who switched it on; the environment's switch cannot be turned off through the API. */
  source: 'environment' | 'admin' | null;
}

interface StoredSwitch {
  enabled: boolean;
  status: string | null;
  back_on: string | null;
}

const SETTING_KEY = 'maintenance-mode';
const CACHE_MS = 1000;
const EXEMPT = [/^\/api\/v2\/admin\/maintenance-mode(\/|\?|$)/, /^\/api\/v2\/docs(\/|\?|$)/];

export interface MaintenanceSwitch {
  state(): Promise<MaintenanceState>;
  set(change: StoredSwitch): Promise<MaintenanceState>;
}

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: MaintenanceSwitch;
  }
}

async function readStored(db: DB): Promise<StoredSwitch | null> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', SETTING_KEY)
    .executeTakeFirst();
  return (row?.value as StoredSwitch | undefined) ?? null;
}

function maintenanceSwitch(app: FastifyInstance): MaintenanceSwitch {
  const { config, db } = app.ctx;
  let cached: { state: MaintenanceState; at: number } | null = null;

  const load = async (): Promise<MaintenanceState> => {
    if (config.maintenance) {
      return {
        enabled: true,
        status: config.maintenance.status,
        back_on: config.maintenance.backOn,
        source: 'environment',
      };
    }
    const stored = await readStored(db);
    return stored?.enabled
      ? { enabled: true, status: stored.status, back_on: stored.back_on, source: 'admin' }
      : { enabled: false, status: stored?.status ?? null, back_on: stored?.back_on ?? null, source: null };
  };

  return {
    async state() {
      const now = Date.now();
      if (!cached || now - cached.at > CACHE_MS) cached = { state: await load(), at: now };
      return cached.state;
    },
    async set(change) {
      const value = JSON.stringify(change);
      await db
        .insertInto('app_settings')
        .values({ key: SETTING_KEY, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
      cached = null;
      return this.state();
    },
  };
}

function unavailable(state: MaintenanceState): HttpError {
  const headers: Record<string, string> = {};
  const backOn = state.back_on ? Date.parse(state.back_on) : Number.NaN;
  if (Number.isFinite(backOn))
    headers['Retry-After'] = String(Math.max(Math.ceil((backOn - Date.now()) / 1000), 0));
  return new HttpError(503, 'Service Unavailable', { status: state.status, back_on: state.back_on }, headers);
}

/** Register after CORS, so a 503 still carries the CORS headers the portal needs to read it. */
export function registerMaintenanceMode(app: FastifyInstance): void {
  app.decorate('maintenance', maintenanceSwitch(app));
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || !request.url.startsWith('/api/v2')) return;
    if (EXEMPT.some((pattern) => pattern.test(request.url))) return;
    const state = await app.maintenance.state();
    if (state.enabled) throw unavailable(state);
  });
}

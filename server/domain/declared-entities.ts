/**
 * Every entity declaration of the API, found rather than listed: the exports of the endpoint modules in server/api
 * that are `defineEntity(…)` declarations, the `*.entity.ts` files' and those inside the modules of entities with
 * special endpoints alike, so adding an entity needs nothing outside its file here too. What derives from all of
 * them reads them here: the tables of the recycling bin's purge (trash-purge.ts), the collections activity entries
 * name (activity-messages.ts), the file columns a company's deletion sweeps (admin-companies-files.ts). The
 * endpoints are found by their folder, never imported by name, so nothing here depends on an endpoint module.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isEntity, type RegistrableEntity } from '../http/crud/declared-entity';

const MODULE = /^[a-z0-9-]+(\.entity)?\.ts$/;
const ENDPOINTS = join(import.meta.dirname, '..', 'api');

let found: Promise<RegistrableEntity[]> | undefined;

async function find(): Promise<RegistrableEntity[]> {
  const files = (await readdir(ENDPOINTS)).filter((file) => MODULE.test(file));
  const entities = new Set<RegistrableEntity>();
  for (const file of files.sort()) {
    const module: Record<string, unknown> = await import(pathToFileURL(join(ENDPOINTS, file)).href);
    for (const value of Object.values(module)) if (isEntity(value)) entities.add(value);
  }
  return [...entities].sort((a, b) =>
    a.collection < b.collection ? -1 : a.collection > b.collection ? 1 : 0,
  );
}

/** The declarations, in the order of their collections (found once per process). */
export function declaredEntities(): Promise<RegistrableEntity[]> {
  found ??= find().catch((error: unknown) => {
    found = undefined;
    throw error;
  });
  return found;
}

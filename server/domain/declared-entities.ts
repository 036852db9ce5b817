/**
 * Every entity declaration of the API, found rather than listed: the exports of this folder's modules that are
 * `defineEntity(…)` declarations, the `*.entity.ts` files' and those inside the modules of entities with special
 * endpoints alike, so adding an entity needs nothing outside its file here too. What derives from all of them reads
 * them here: the tables of the recycling bin's purge (trash-purge.ts).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isEntity, type RegistrableEntity } from '../http/crud/entity';

const MODULE = /^[a-z0-9-]+(\.entity)?\.ts$/;
const SELF = 'declared-entities.ts';

let found: Promise<RegistrableEntity[]> | undefined;

async function find(): Promise<RegistrableEntity[]> {
  const files = (await readdir(import.meta.dirname)).filter((file) => MODULE.test(file) && file !== SELF);
  const entities = new Set<RegistrableEntity>();
  for (const file of files.sort()) {
    const module: Record<string, unknown> = await import(pathToFileURL(join(import.meta.dirname, file)).href);
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

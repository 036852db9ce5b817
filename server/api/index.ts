/**
 * Every /api/v2 endpoint group, found by name in this folder rather than listed: each module is one endpoint group
 * whose default export is either a `defineEntity(…)` declaration (`*.entity.ts`: the standard endpoints) or a
 * Fastify plugin (`export default async function …Routes(app)`: the module's routes, an entity with special
 * endpoints registering its declaration there). Adding one needs nothing outside its file; a module that is
 * neither stops the server at start, naming the file. Each is registered in its own encapsulated scope, in
 * file-name order (no hook crosses scopes, and find-my-way ranks static over parametric paths whatever the order),
 * after the activity recorder, whose `onSend` hook on the API scope must see every route.
 *
 * The same modules' exports that are entity declarations are `declaredEntities()`: the server start hands them to
 * the app's context (`ctx.entities`), and what derives from all of them takes them from there (the recycling bin's
 * purge, the collections activity entries name, the file columns a company's deletion sweeps), so no module below
 * this folder loads an endpoint module.
 */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isEntity, type RegistrableEntity } from '../http/crud/declared-entity';
import { registerActivityRecorder } from '../domain/activity-recorder';
import { registerResponseCompression } from '../http/compression';
import { registerIdempotency } from '../http/idempotency';

/** An endpoint module's file name; this file is the registry, not a module. */
const MODULE = /^[a-z0-9-]+(\.entity)?\.ts$/;
const REGISTRY = 'index.ts';

/** The endpoint modules of `folder` (this one), in file-name order, each with its file's name. */
async function endpointModules(
  folder: string,
): Promise<Array<{ file: string; module: Record<string, unknown> }>> {
  const files = (await readdir(folder)).filter((file) => MODULE.test(file) && file !== REGISTRY).sort();
  const modules = [];
  for (const file of files)
    modules.push({
      file,
      module: (await import(pathToFileURL(join(folder, file)).href)) as Record<string, unknown>,
    });
  return modules;
}

/**
 * The default exports of the endpoint modules in `folder` (this one), in file-name order, each as the plugin that
 * registers it; a module whose default export is neither stops the start, naming its file.
 */
export async function endpointPlugins(folder = import.meta.dirname): Promise<FastifyPluginAsync[]> {
  const plugins: FastifyPluginAsync[] = [];
  for (const { file, module } of await endpointModules(folder)) {
    const found = module.default;
    const declaration = file.endsWith('.entity.ts');
    if (isEntity(found)) plugins.push((scope) => found.register(scope));
    else if (!declaration && typeof found === 'function') plugins.push(found as FastifyPluginAsync);
    else
      throw new Error(
        `${relative(process.cwd(), join(folder, file))}: the default export is no ${
          declaration ? 'defineEntity(…)' : 'endpoint plugin (export default async function …Routes(app))'
        }`,
      );
  }
  return plugins;
}

let found: Promise<RegistrableEntity[]> | undefined;

/**
 * Every entity declaration of the API: the endpoint modules' exports that are `defineEntity(…)` declarations, the
 * `*.entity.ts` files' and those inside the modules of entities with special endpoints alike, in the order of their
 * collections (found once per process).
 */
export function declaredEntities(): Promise<RegistrableEntity[]> {
  found ??= endpointModules(import.meta.dirname)
    .then((modules) => {
      const entities = new Set<RegistrableEntity>();
      for (const { module } of modules)
        for (const value of Object.values(module)) if (isEntity(value)) entities.add(value);
      return [...entities].sort((a, b) =>
        a.collection < b.collection ? -1 : a.collection > b.collection ? 1 : 0,
      );
    })
    .catch((error: unknown) => {
      found = undefined;
      throw error;
    });
  return found;
}

export async function registerApi(app: FastifyInstance): Promise<void> {
  // The API's answers only (not the portal's files, compressed at build time): before the routes, as it hooks each.
  await registerResponseCompression(app);
  registerIdempotency(app);
  registerActivityRecorder(app, app.prefix);
  for (const plugin of await endpointPlugins()) await app.register(plugin);
}

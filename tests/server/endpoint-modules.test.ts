/**
 * The endpoint modules are found by their folder (server/api/index.ts), not listed: every module of server/api is
 * registered through its default export, and a module that is no endpoint stops the start with its file named.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endpointPlugins } from '../../server/api/index';

const API = join(import.meta.dirname, '..', '..', 'server', 'api');

let folder: string | undefined;
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('the endpoint modules', () => {
  it('are every module of server/api, each registered through its default export', async () => {
    const modules = (await readdir(API)).filter((file) => file.endsWith('.ts') && file !== 'index.ts');
    const plugins = await endpointPlugins();
    expect(plugins).toHaveLength(modules.length);
    for (const plugin of plugins) expect(typeof plugin).toBe('function');
  });

  it('refuse a module whose default export is no endpoint, naming its file', async () => {
    folder = await mkdtemp(join(tmpdir(), 'endpoints-'));
    await writeFile(join(folder, 'helpers.ts'), 'export const helper = 1;\n');
    await expect(endpointPlugins(folder)).rejects.toThrow(
      /helpers\.ts: the default export is no endpoint plugin/,
    );
  });
});

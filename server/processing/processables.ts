/**
 * Every processed entity the worker knows, found rather than listed: the Processables (processable.ts) exported by
 * the `*-processing.ts` modules of this folder, so an entity processed after upload declares its Processable in its
 * own module and nothing else. tests/server/processables.test.ts checks that every table whose rows are processed
 * (a `processing_attempt` column) has one.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isProcessable, type Processable } from './processable';

const MODULE = /^[a-z0-9-]+-processing\.ts$/;

let found: Promise<Processable[]> | undefined;

async function find(folder: string): Promise<Processable[]> {
  const files = (await readdir(folder)).filter((file) => MODULE.test(file)).sort();
  const processables = new Map<string, Processable>();
  for (const file of files) {
    const module: Record<string, unknown> = await import(pathToFileURL(join(folder, file)).href);
    for (const value of Object.values(module)) {
      if (!isProcessable(value)) continue;
      const twin = processables.get(value.entity);
      if (twin && twin !== value) throw new Error(`${file}: a second Processable of '${value.entity}'`);
      processables.set(value.entity, value);
    }
  }
  return [...processables.values()];
}

/** The Processables of this folder's modules, in the order of their files (found once per process). */
export function declaredProcessables(): Promise<Processable[]> {
  found ??= find(import.meta.dirname).catch((error: unknown) => {
    found = undefined;
    throw error;
  });
  return found;
}

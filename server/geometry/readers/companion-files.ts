/**
 * The files that came with a model (an unpacked zip, or the model alone): found by the path the model names,
 * relative to the model's own folder, or by their base name anywhere in the upload, without regard to case, so
 * a Windows path, an absolute path of the author's machine or a folder the zip does not keep still finds its
 * file (the OBJ and glTF readers).
 */
import { readdir } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';

/** Every file under a folder, for looking companions up by path or base name, both without regard to case. */
export class CompanionFiles {
  private constructor(
    private readonly folder: string,
    private readonly byPath: Map<string, string>,
    private readonly byName: Map<string, string>,
  ) {}

  static async of(folder: string): Promise<CompanionFiles> {
    const byPath = new Map<string, string>();
    const byName = new Map<string, string>();
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      const key = relative(folder, path).split('\\').join('/').toLowerCase();
      byPath.set(key, path);
      if (!byName.has(entry.name.toLowerCase())) byName.set(entry.name.toLowerCase(), path);
    }
    return new CompanionFiles(folder, byPath, byName);
  }

  /**
   * The file `reference` names, as a path relative to the folder `from` (a file of the upload), else by its base
   * name anywhere in the upload (a Windows path, an absolute one, a folder the zip does not keep).
   */
  find(reference: string, from: string): string | undefined {
    const name = reference.trim().replace(/\\/g, '/');
    if (!name) return undefined;
    const absolute = name.startsWith('/') || /^[a-z]:\//i.test(name);
    if (!absolute) {
      const key = relative(this.folder, join(from, name)).split('\\').join('/').toLowerCase();
      const found = this.byPath.get(key);
      if (found) return found;
    }
    return this.byName.get(fileName(name).toLowerCase());
  }
}

/** The last part of a path written with either kind of slash. */
export const fileName = (reference: string) => basename(reference.trim().replace(/\\/g, '/'));

/**
 * What a seed area is: a module of server/seed/areas/ whose default export is `defineSeedArea({ order, run })`,
 * named by its file. index.ts finds the areas there and runs them by `order`, each once per database.
 */
import type { FileStorage } from '../storage/storage';
import type { DB } from '../db/database';

/** What an area may need besides the database: the FileStorage for the files it seeds (absent: no files). */
export interface SeedContext {
  storage?: FileStorage;
}

export interface SeedAreaDeclaration {
  /**
   * When it runs: after every area of a lower order (an area reads what earlier ones wrote: the companies and
   * users of `accounts`, 10, before everything else). The order also fixes the demo's row ids, so a new area takes
   * a number above the others.
   */
  order: number;
  run: (trx: DB, context: SeedContext) => Promise<void>;
}

export interface SeedArea extends SeedAreaDeclaration {
  /** Its file's name (`projects`), recorded as `seed:projects` in app_settings once it ran. */
  name: string;
}

const DECLARED = Symbol.for('portal.seedArea');

export const defineSeedArea = (area: SeedAreaDeclaration): SeedAreaDeclaration =>
  Object.assign(area, { [DECLARED]: true });

export const isSeedArea = (value: unknown): value is SeedAreaDeclaration =>
  typeof value === 'object' && value !== null && DECLARED in value;

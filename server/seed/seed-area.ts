/** What a seed area is (index.ts runs them in order), and what it may need besides the database. */
import type { FileStorage } from '../storage/storage';
import type { DB } from '../db/database';

/** What an area may need besides the database: the FileStorage for the files it seeds (absent: no files). */
export interface SeedContext {
  storage?: FileStorage;
}

export interface SeedArea {
  name: string;
  run: (trx: DB, context: SeedContext) => Promise<void>;
}

/** The ordered list of migrations. Add a new file per schema change and list it here; never edit a landed one. */
import type { Migration } from 'kysely';
import * as core from './0001_core';

export const migrations: Record<string, Migration> = {
  '0001_core': core,
};

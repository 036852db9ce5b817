import type { EntityAbilities } from '../entity-abilities';

/** A model's processing states (spec 2 §4) without TypeBox, for the portal's screens that load no schema. */
export const MODEL_STATUSES = ['FINISHED', 'PROCESSING', 'QUEUED', 'UPLOADING', 'FAILED'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

/**
 * The statuses a processed file (a model, a library item) may be reprocessed from: a FINISHED one (spec 2 §4) and a
 * FAILED one (issue 31: its way out, e.g. a seeded or a corrupt upload's record given its file again).
 */
export const REPROCESSABLE_STATUSES: readonly string[] = ['FINISHED', 'FAILED'];

export const isReprocessable = (status: string): boolean => REPROCESSABLE_STATUSES.includes(status);

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it).
 */
export const MODEL_ABILITIES = {
  list: 'list-project-models',
  show: 'list-project-models',
  create: 'create-project-models',
  update: 'update-project-models',
  // Spec 2 §6: deleting a model is an update of it.
  delete: 'update-project-models',
} as const satisfies EntityAbilities;

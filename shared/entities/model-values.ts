/** A model's processing states (spec 2 §4) without TypeBox, for the portal's screens that load no schema. */
export const MODEL_STATUSES = ['FINISHED', 'PROCESSING', 'QUEUED', 'UPLOADING', 'FAILED'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

/**
 * The statuses a processed file (a model, a library item) may be reprocessed from: a FINISHED one (spec 2 §4) and a
 * FAILED one (issue 31: its way out, e.g. a seeded or a corrupt upload's record given its file again).
 */
export const REPROCESSABLE_STATUSES: readonly string[] = ['FINISHED', 'FAILED'];

export const isReprocessable = (status: string): boolean => REPROCESSABLE_STATUSES.includes(status);

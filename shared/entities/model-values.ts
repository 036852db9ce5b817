/** A model's processing states (spec 2 §4) without TypeBox, for the portal's screens that load no schema. */
export const MODEL_STATUSES = ['FINISHED', 'PROCESSING', 'QUEUED', 'UPLOADING', 'FAILED'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

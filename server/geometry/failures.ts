/**
 * Why the 3D pipeline could not use a file: a code per reason, each a text under `models:processing.failed.<code>`
 * in public/locales (the geometry event of the failed run, in the reader's language) with its parameters. The
 * pipeline throws a GeometryFailure; anything else it throws is a fault of ours, reported as `unexpected`.
 * Parameters: `unreadable` {format} (a reader could not make sense of the file), `tooManyTriangles` {limit}
 * (its geometry passes the reader's cap).
 */
import type { MessageParams } from '../../shared/messages';

export type GeometryFailureCode =
  | 'fileEmpty'
  | 'wrongType'
  | 'fbxCutOff'
  | 'fbxVersion'
  | 'fbxDamaged'
  | 'fbxUnreadable'
  | 'noGeometry'
  | 'unreadable'
  | 'tooManyTriangles'
  | 'archiveEmpty'
  | 'archiveDamaged'
  | 'archiveNoModel'
  | 'archiveUnsafePath'
  | 'archiveTooLarge'
  | 'archiveTooManyEntries'
  | 'timeLimit'
  | 'memoryLimit'
  | 'unexpected';

export class GeometryFailure extends Error {
  constructor(
    readonly code: GeometryFailureCode,
    readonly params: MessageParams = {},
  ) {
    super(`${code} ${JSON.stringify(params)}`);
    this.name = 'GeometryFailure';
  }
}

/** A failure as it crosses from the pipeline's process to the worker. */
export interface FailureReport {
  code: GeometryFailureCode;
  params: MessageParams;
}

export const failureReport = (error: unknown): FailureReport =>
  error instanceof GeometryFailure
    ? { code: error.code, params: error.params }
    : { code: 'unexpected', params: {} };

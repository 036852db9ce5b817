/**
 * A large file's rows checked or imported as a job on the server (issue 46; `POST /{collection}/import-jobs`,
 * `GET /import-jobs/{id}`): a file of more than `IMPORT_LIMIT` rows is sent once and worked by the processing
 * queue, still every row or none. How far it is arrives as `ImportJobUpdated` on the user's channel (`listen`); its
 * end is read from the job, also every `CHECK_MS` in case an event was missed. Resolves with what the import
 * endpoint answered (the preview, or the result); rejects with ImportRefused when the import refused the rows
 * (its 422's errors, keyed `rows.{n}.{field}`), and with an Error when the job failed.
 */
import type { ImportJob, ImportPreview, ImportResult, ImportRow } from '@shared/import';
import { apiRequest } from '@/providers/http-client';

/** How often the job is read when no event says it ended. */
const CHECK_MS = 5000;

export type ImportJobEvent = Pick<ImportJob, 'id' | 'status' | 'rows_done' | 'rows_total'>;

/** The import's refusal of the rows: its 422's errors, as a small file's import answers them. */
export class ImportRefused extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super('The import refused the rows');
  }
}

export interface ImportJobRequest {
  collection: string;
  rows: ImportRow[];
  write: boolean;
  /** Follows the user's job events until the returned function is called. */
  listen(listener: (event: ImportJobEvent) => void): () => void;
  onProgress(done: number, total: number): void;
}

export function runImportJob(request: ImportJobRequest & { write: false }): Promise<ImportPreview>;
export function runImportJob(request: ImportJobRequest & { write: true }): Promise<ImportResult>;
export async function runImportJob(request: ImportJobRequest): Promise<ImportPreview | ImportResult> {
  const { collection, rows, write } = request;
  let ended = false;
  let wake = () => {};
  let jobId: number | null = null;
  // Listening before the job is asked for: its end cannot pass unseen.
  const stop = request.listen((event) => {
    if (event.id !== jobId) return;
    request.onProgress(event.rows_done, event.rows_total);
    if (event.status === 'FINISHED' || event.status === 'FAILED') {
      ended = true;
      wake();
    }
  });
  try {
    const asked = await apiRequest<{ data: ImportJob }>(`/${collection}/import-jobs`, {
      method: 'POST',
      body: { rows, write },
    });
    jobId = asked.data.id;
    request.onProgress(0, rows.length);
    for (;;) {
      if (!ended)
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, CHECK_MS);
        });
      const { data: job } = await apiRequest<{ data: ImportJob }>(`/import-jobs/${jobId}`);
      if (job.status === 'FAILED') throw new Error('The import job failed');
      if (job.status === 'FINISHED') {
        if (job.errors) throw new ImportRefused(job.errors);
        const outcome = write ? job.result : job.preview;
        if (!outcome) throw new Error('The import job answered nothing');
        return outcome;
      }
      ended = false;
    }
  } finally {
    stop();
  }
}

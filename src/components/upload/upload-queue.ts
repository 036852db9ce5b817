/**
 * A queue of resumable uploads over the tus 1.0 protocol (spec 2 §5, §9): chunks of 5,000,000 bytes, at most 2
 * uploads at a time, each retried after 500, 1000 and 3000 ms when the connection drops, and resumed where the
 * server left off (the upload URL is kept under a fingerprint of the file, so choosing the same file again after a
 * reload continues it too). Files the rules refuse never start; a server refusal (4xx, also of the last chunk when
 * the server finds the content is not what the name says) is kept with its message, as is a refusal where the
 * finished upload was used (`refuseFinished`).
 * Framework-free: React reads it through `useUploadQueue`.
 */
import { type HttpRequest, type PreviousUpload, Upload, type UploadOptions } from 'tus-js-client';
import { refusalOf, type UploadRefusal, type UploadRules } from './upload-rules';

export const UPLOAD_CHUNK_SIZE = 5_000_000;
export const UPLOAD_RETRY_DELAYS = [500, 1000, 3000];
export const PARALLEL_UPLOADS = 2;

export type UploadState = 'waiting' | 'uploading' | 'finished' | 'failed' | 'refused';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  state: UploadState;
  /** Bytes the server has confirmed or that are on their way. */
  sent: number;
  /** Why the rules refused the file before it was sent. */
  refusal?: UploadRefusal;
  /** The server's message when it refused the upload or the transfer failed. */
  message?: string;
  /** The upload's id once finished: the last segment of its URL (what `upload_id` fields take). */
  uploadId?: string;
}

/** What the queue needs of a tus upload (tus-js-client's `Upload`). */
export interface TusUpload {
  url: string | null;
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void>;
  findPreviousUploads(): Promise<PreviousUpload[]>;
  resumeFromPreviousUpload(previous: PreviousUpload): void;
}

export interface UploadQueueOptions {
  /** The tus creation endpoint, e.g. `{tenant API}/uploads`. */
  endpoint: string;
  /** Headers of every request (read per request, so a renewed token is used). */
  headers?: () => Record<string, string>;
  rules?: UploadRules;
  parallel?: number;
  /** Part of the resume fingerprint, so one user never resumes another's upload (e.g. the user id). */
  owner?: string;
  /** Called once per upload that finished. */
  onFinished?: (item: UploadItem) => void;
  /** Makes the tus upload; tests hand in their own transport here. */
  createUpload?: (file: File, options: UploadOptions) => TusUpload;
}

interface Entry {
  item: UploadItem;
  file: File;
  upload?: TusUpload;
}

/** The message of a server's JSON answer: the first field error, else `message`. */
export function serverMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errors?: Record<string, unknown> };
    const first = Object.values(parsed.errors ?? {})[0];
    const fieldMessage = Array.isArray(first) ? first[0] : first;
    if (typeof fieldMessage === 'string') return fieldMessage;
    return typeof parsed.message === 'string' ? parsed.message : undefined;
  } catch {
    return body.trim() || undefined;
  }
}

/** The upload id in a tus upload URL: its last path segment. */
export const uploadIdOf = (url: string) => new URL(url, 'http://upload.invalid').pathname.split('/').pop()!;

const defaultCreateUpload = (file: File, options: UploadOptions): TusUpload => new Upload(file, options);

let keys = 0;

export class UploadQueue {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private snapshot: UploadItem[] = [];

  constructor(private readonly options: UploadQueueOptions) {}

  /** The items in the order they were added (a new array after every change). */
  getItems = (): UploadItem[] => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Queues the files; refused ones are listed with their refusal and never sent. */
  add(files: Iterable<File>): UploadItem[] {
    const added: UploadItem[] = [];
    for (const file of files) {
      const refusal = refusalOf(file, this.options.rules ?? {});
      keys += 1;
      const item: UploadItem = {
        key: `upload-${keys}`,
        name: file.name,
        size: file.size,
        state: refusal ? 'refused' : 'waiting',
        sent: 0,
        ...(refusal ? { refusal } : {}),
      };
      this.entries.set(item.key, { item, file });
      added.push(item);
    }
    this.changed();
    this.pump();
    return added;
  }

  /** Stops an upload (removing what the server received) and takes it off the list. */
  cancel(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.item.state === 'uploading' && entry.upload) {
      entry.upload.abort(true).catch(() => undefined);
    }
    this.changed();
    this.pump();
  }

  /** Starts a failed upload again, from where the server left off. */
  retry(key: string): void {
    const entry = this.entries.get(key);
    if (!entry || entry.item.state !== 'failed') return;
    this.patch(entry, { state: 'waiting', message: undefined });
    this.pump();
  }

  /**
   * The server refused the finished upload where it was used (a form's save answered a 422 on the file): the file
   * shows the refusal instead of 'Uploaded', and its upload is no longer offered (issue 31).
   */
  refuseFinished(message: string): void {
    for (const entry of this.entries.values()) {
      if (entry.item.state === 'finished')
        this.patch(entry, { state: 'refused', message, uploadId: undefined });
    }
  }

  /** Cancels everything on the list. */
  clear(): void {
    for (const key of [...this.entries.keys()]) this.cancel(key);
  }

  /** Pauses the running uploads without removing them from the server: choosing the file again resumes it. */
  suspend(): void {
    for (const entry of this.entries.values()) {
      if (entry.item.state === 'uploading') {
        entry.upload?.abort(false).catch(() => undefined);
        this.patch(entry, { state: 'waiting' });
      }
    }
  }

  get busy(): boolean {
    return this.snapshot.some((item) => item.state === 'waiting' || item.state === 'uploading');
  }

  private pump(): void {
    const parallel = this.options.parallel ?? PARALLEL_UPLOADS;
    const entries = [...this.entries.values()];
    let running = entries.filter((entry) => entry.item.state === 'uploading').length;
    for (const entry of entries) {
      if (running >= parallel) break;
      if (entry.item.state !== 'waiting') continue;
      running += 1;
      void this.start(entry);
    }
  }

  private async start(entry: Entry): Promise<void> {
    this.patch(entry, { state: 'uploading' });
    if (entry.upload) {
      // A retry: tus asks the server for its offset and continues from there.
      entry.upload.start();
      return;
    }
    const upload = (this.options.createUpload ?? defaultCreateUpload)(entry.file, this.tusOptions(entry));
    entry.upload = upload;
    try {
      const previous = await upload.findPreviousUploads();
      const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) upload.resumeFromPreviousUpload(latest);
    } catch {
      // Without stored uploads (private browsing) the upload simply starts from the beginning.
    }
    if (this.entries.get(entry.item.key) !== entry || entry.item.state !== 'uploading') return;
    upload.start();
  }

  private tusOptions(entry: Entry): UploadOptions {
    const { endpoint, headers, owner = '' } = this.options;
    const live = () => this.entries.get(entry.item.key) === entry;
    return {
      endpoint,
      chunkSize: UPLOAD_CHUNK_SIZE,
      retryDelays: UPLOAD_RETRY_DELAYS,
      metadata: {
        filename: entry.file.name,
        filetype: entry.file.type || 'application/octet-stream',
        ...(this.options.rules?.kind ? { kind: this.options.rules.kind } : {}),
      },
      fingerprint: async (file: File) =>
        ['portal-upload', owner, endpoint, file.name, file.size, file.lastModified].join('|'),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request: HttpRequest) => {
        for (const [name, value] of Object.entries(headers?.() ?? {})) request.setHeader(name, value);
      },
      onProgress: (sent: number) => {
        if (live()) this.patch(entry, { sent });
      },
      onSuccess: () => {
        if (!live()) return;
        const url = entry.upload?.url;
        this.patch(entry, {
          state: 'finished',
          sent: entry.item.size,
          uploadId: url ? uploadIdOf(url) : undefined,
        });
        this.options.onFinished?.(entry.item);
        this.pump();
      },
      onError: (error: Error) => {
        if (!live()) return;
        const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null })
          .originalResponse;
        const status = response?.getStatus() ?? 0;
        const refused = status >= 400 && status < 500 && status !== 409 && status !== 423;
        this.patch(entry, {
          state: refused ? 'refused' : 'failed',
          message: response ? serverMessage(response.getBody()) : undefined,
        });
        this.pump();
      },
    };
  }

  private patch(entry: Entry, changes: Partial<UploadItem>): void {
    entry.item = { ...entry.item, ...changes };
    this.changed();
  }

  private changed(): void {
    this.snapshot = [...this.entries.values()].map((entry) => entry.item);
    this.listeners.forEach((listener) => listener());
  }
}

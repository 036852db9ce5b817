/**
 * The messages of processing events (geometry events of models and library items), as stored messages
 * (`shared/messages.ts`): keys under `models:processing.` with their parameters, so the overviews, cards and
 * history show them in the reader's language (issue 12). What a step of the 3D pipeline found and why it could
 * not use a file (server/geometry/) have keys of their own; the English summaries and reasons the runs and the seed
 * still write map onto their keys here, and one without a key keeps its English words as the parameter of the
 * generic wording.
 */
import { type MessageParams, message, type StoredMessage } from '../../shared/messages';
import type { FailureReport } from '../geometry/failures';
import type { PipelineReport } from '../geometry/model-pipeline';
import type { Language } from '../http/language';
import { renderMessage, renderStoredRow } from '../http/messages';
import { iso } from '../http/schema-types';

const key = (name: string) => `models:processing.${name}`;

const READ_SUMMARIES: Array<[RegExp, (...parts: string[]) => StoredMessage]> = [
  [/^FBX \(ASCII\)$/, () => message(key('read.fbxAscii'))],
  [/^FBX ([\d.]+) \(binary\)$/, (version) => message(key('read.fbxBinary'), { version })],
  [/^zip archive with (\d+) files?$/, (count) => message(key('read.zip'), { count: Number(count) })],
  [/^no stored file$/, () => message(key('read.noFile'))],
];

const FAILURE_REASONS: Array<[RegExp, (...parts: string[]) => StoredMessage]> = [
  [/^the FBX file is cut off after its header$/, () => message(key('failed.fbxCutOff'))],
  [/^FBX version (\d+) is not supported$/, (version) => message(key('failed.fbxVersion'), { version })],
  [/^the FBX file contains no geometry$/, () => message(key('failed.noGeometry'))],
  [/^the archive is empty$/, () => message(key('failed.archiveEmpty'))],
  [/^the archive is damaged: its central directory is missing$/, () => message(key('failed.archiveDamaged'))],
  [/^the file is empty$/, () => message(key('failed.fileEmpty'))],
  [/^the file is neither an FBX file nor a zip archive$/, () => message(key('failed.wrongType'))],
  [/^the model file is missing$/, () => message(key('failed.modelMissing'))],
  [/^the model file could not be read$/, () => message(key('failed.modelUnreadable'))],
  [/^the item file is missing$/, () => message(key('failed.itemMissing'))],
  [/^the item file could not be read$/, () => message(key('failed.itemUnreadable'))],
];

function matching(
  rules: Array<[RegExp, (...parts: string[]) => StoredMessage]>,
  text: string,
  otherwise: StoredMessage,
): StoredMessage {
  for (const [pattern, make] of rules) {
    const found = pattern.exec(text);
    if (found) return make(...found.slice(1));
  }
  return otherwise;
}

export const PROCESSING_MESSAGES = {
  uploadStarted: message(key('uploadStarted')),
  received: message(key('received')),
  requeued: message(key('requeued')),
  /** A kept version became the current one again (issue 45, file-versions.ts). */
  restored: (version: number) => message(key('restored'), { version }),
  waiting: message(key('waiting')),
  started: message(key('started')),
  reading: message(key('reading')),
  converting: message(key('converting')),
  read: (summary: string) => matching(READ_SUMMARIES, summary, message(key('read.other'), { summary })),
  optimising: message(key('optimising')),
  optimisingMaterials: message(key('optimisingMaterials')),
  preview: message(key('preview')),
  finished: message(key('finished')),
  cancelled: message(key('cancelled')),
  failed: (reason: string) => matching(FAILURE_REASONS, reason, message(key('failed.other'), { reason })),
  /** Why the 3D pipeline could not use the file (server/geometry/failures.ts). */
  failedWith: (failure: FailureReport) => message(key(`failed.${failure.code}`), failure.params),
  /** What a step of the 3D pipeline found (server/geometry/model-pipeline.ts). */
  found: (found: PipelineReport) => FOUND[found.step](found as never),
};

const kB = (bytes: number) => Math.round(bytes / 100) / 10;
const metres = (value: number) => Math.round(value * 100) / 100;

type Found<S extends PipelineReport['step']> = Extract<PipelineReport, { step: S }>;

/** What a list of file names reads as in an event: the first ten, and how many more. */
const fileList = (files: string[]) =>
  files.length > 10 ? `${files.slice(0, 10).join(', ')} (+${files.length - 10})` : files.join(', ');

const FOUND: { [S in PipelineReport['step']]: (found: Found<S>) => StoredMessage } = {
  read: ({ format, version, encoding, meshes, materials, textures }) =>
    message(
      key(encoding === 'binary' ? 'read.fileBinary' : encoding === 'ascii' ? 'read.fileAscii' : 'read.file'),
      {
        label: version ? `${format} ${version}` : format,
        meshes,
        materials,
        textures,
      },
    ),
  missingTextures: ({ files }) =>
    message(key('missingTextures'), { count: files.length, files: fileList(files) }),
  texturesConverted: ({ files }) =>
    message(key('texturesConverted'), { count: files.length, files: fileList(files) }),
  texturesUnsupported: ({ files }) =>
    message(key('texturesUnsupported'), { count: files.length, files: fileList(files) }),
  geometryShort: ({ drawn, own }) => message(key('geometryShort'), { drawn, own }),
  converted: ({ triangles, vertices, size: [width, height, depth] }) =>
    message(key('converted'), {
      triangles,
      vertices,
      width: metres(width),
      height: metres(height),
      depth: metres(depth),
    }),
  optimized: ({ before, after, kept }) =>
    kept
      ? message(key('optimizedKept'), { before: kB(before) })
      : after < before
        ? message(key('optimizedSmaller'), {
            before: kB(before),
            after: kB(after),
            saved: Math.round((1 - after / before) * 100),
          })
        : message(key('optimizedSame'), { before: kB(before), after: kB(after) }),
  preview: ({ width, height }) => message(key('previewRendered'), { width, height }),
  ar: ({ bytes }) => message(key('arWritten'), { size: kB(bytes) }),
  arSkipped: ({ reason, triangles, limit }) => message(key(`arSkipped.${reason}`), { triangles, limit }),
};

/** A processing event as published: its key and parameters, and its English text. */
export const storedEvent = (stored: StoredMessage) => ({
  message: renderMessage(stored, 'en'),
  message_key: stored.key,
  message_params: stored.params,
});

/** A stored geometry event as the API answers it: the text in the reader's language, its key and parameters. */
export function presentEvent(
  event: {
    message: string;
    message_key: string | null;
    message_params: MessageParams | null;
    created_at: Date;
  },
  language: Language,
) {
  const params = event.message_params ?? {};
  return {
    message: renderStoredRow(event, language)!,
    message_key: event.message_key,
    message_params: params,
    created_at: iso(event.created_at)!,
  };
}

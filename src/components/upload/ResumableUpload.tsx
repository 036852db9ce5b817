/**
 * The upload component (spec 2 §5, §9): a drop zone (or file picker) and, per file, its name, size, a progress bar
 * and Cancel, Retry or Remove. Refused files say why: 'File is of invalid type', 'File is too large', 'File is too
 * small', or the server's own message (also when the server refuses the file's content once it arrived, or where it
 * was used: no 'Uploaded' tick then, issue 31). Without a hint of the screen's own, the drop zone lists the types
 * of its upload kind (shared/upload-kinds.ts).
 */
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import InboxOutlined from '@ant-design/icons-svg/es/asn/InboxOutlined';
import RedoOutlined from '@ant-design/icons-svg/es/asn/RedoOutlined';
import { Glyph } from '@/ui/Glyph';
import { Button, Progress, Upload } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from './upload-queue';
import { UPLOAD_KIND_TYPES } from '@shared/upload-kinds';
import { formatBytes } from './upload-rules';
import type { UploadQueueHandle } from './useUploadQueue';
import './upload.css';

interface ResumableUploadProps {
  /** The queue (`useUploadQueue`), which holds the rules files must meet. */
  handle: UploadQueueHandle;
  /** Several files at once; otherwise a new file replaces the one on the list. */
  multiple?: boolean;
  /** The id a form label points at. */
  id?: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** Told about the files chosen (before the rules are applied). */
  onAdd?: (files: File[]) => void;
  /** What is queued for a chosen file (an image upload's resized picture, image-resize.ts); the file itself without. */
  prepare?: (file: File) => Promise<File>;
}

const percentOf = (item: UploadItem) =>
  item.state === 'finished' ? 100 : item.size ? Math.floor((item.sent / item.size) * 100) : 0;

function UploadRow({ item, handle }: { item: UploadItem; handle: UploadQueueHandle }) {
  const { t, i18n } = useTranslation('lists');
  const percent = percentOf(item);
  const problem =
    item.state === 'refused'
      ? item.refusal
        ? t(`upload.${item.refusal}`)
        : (item.message ?? t('upload.refusedByServer'))
      : item.state === 'failed'
        ? [t('upload.failed'), item.message].filter(Boolean).join(': ')
        : undefined;
  const status = problem ?? t(`upload.states.${item.state}`, { percent });
  const active = item.state === 'waiting' || item.state === 'uploading';

  return (
    <li className={`upload-row upload-row--${item.state}`}>
      <div className="upload-row__head">
        <span className="upload-row__name" title={item.name}>
          {item.name}
        </span>
        <span className="upload-row__size">{formatBytes(item.size, i18n.resolvedLanguage)}</span>
        <span className="upload-row__actions">
          {item.state === 'failed' && (
            <Button
              size="small"
              type="text"
              icon={<Glyph icon={RedoOutlined} />}
              aria-label={t('upload.retry', { name: item.name })}
              title={t('upload.retry', { name: item.name })}
              onClick={() => handle.queue.retry(item.key)}
            />
          )}
          <Button
            size="small"
            type="text"
            icon={active ? <Glyph icon={CloseOutlined} /> : <Glyph icon={DeleteOutlined} />}
            aria-label={t(active ? 'upload.cancel' : 'upload.remove', { name: item.name })}
            title={t(active ? 'upload.cancel' : 'upload.remove', { name: item.name })}
            onClick={() => handle.queue.cancel(item.key)}
          />
        </span>
      </div>
      {item.state !== 'refused' && (
        <Progress
          percent={percent}
          size="small"
          status={item.state === 'failed' ? 'exception' : item.state === 'finished' ? 'success' : 'active'}
          aria-label={t('upload.progressOf', { name: item.name })}
        />
      )}
      <span
        className={problem ? 'upload-row__status upload-row__status--problem' : 'upload-row__status'}
        role={problem ? 'alert' : undefined}
      >
        {status}
      </span>
    </li>
  );
}

/** The types of the queue's upload kind, as a picker names them (`.fbx, .zip, .matz`); '' for any type. */
const kindTypes = ({ kind }: UploadQueueHandle['rules']) =>
  kind ? UPLOAD_KIND_TYPES[kind].map((type) => `.${type}`).join(', ') : '';

/**
 * The drop zone (or file picker) of every upload, the image control's included: the files chosen, whole
 * selections at once (antd asks once per file). No `accept`: antd would drop other files silently, and a refused
 * file must say why (spec 2 §5).
 */
export function DropZone({
  id,
  multiple,
  disabled,
  hint,
  onFiles,
}: {
  id?: string;
  multiple?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation('lists');
  return (
    <Upload.Dragger
      multiple={multiple}
      disabled={disabled}
      showUploadList={false}
      beforeUpload={(file, batch) => {
        // antd asks once per file of a selection; the whole selection is handed over at its first file.
        if (file === batch[0]) onFiles(multiple ? batch : [file]);
        return Upload.LIST_IGNORE;
      }}
    >
      <span className="resumable-upload__zone" id={id}>
        <Glyph icon={InboxOutlined} className="resumable-upload__icon" />
        <span className="resumable-upload__text">{t(multiple ? 'upload.dropMany' : 'upload.dropOne')}</span>
        {hint && <span className="resumable-upload__hint">{hint}</span>}
      </span>
    </Upload.Dragger>
  );
}

export function ResumableUpload({
  handle,
  multiple,
  id,
  hint,
  disabled,
  onAdd,
  prepare,
}: ResumableUploadProps) {
  const { t } = useTranslation('lists');
  const types = kindTypes(handle.rules);
  const choices = useRef(0);
  const shownHint = hint ?? (types ? t('upload.types', { types }) : undefined);
  return (
    <div className="resumable-upload">
      <DropZone
        id={id}
        multiple={multiple}
        disabled={disabled}
        hint={shownHint}
        onFiles={(chosen) => {
          if (!multiple) handle.queue.clear();
          if (prepare) {
            // A file chosen while the one before was still being prepared replaces it.
            const choice = ++choices.current;
            void Promise.all(chosen.map(prepare)).then((files) => {
              if (multiple || choice === choices.current) handle.queue.add(files);
            });
          } else handle.queue.add(chosen);
          onAdd?.(chosen);
        }}
      />
      {handle.items.length > 0 && (
        <ul className="upload-list" aria-label={t('upload.listLabel')}>
          {handle.items.map((item) => (
            <UploadRow key={item.key} item={item} handle={handle} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A preview image sent through the resumable upload (kind `image`: JPEG, PNG or BMP), for a form field whose value
 * the API takes as an upload id (`preview_upload_id`): the record's current picture (the field's `fromRecord`
 * gives `{current: url}`, left out of the submit: current-image.ts) with Remove (sends null), and the drop
 * zone whose finished upload's id becomes the value. The chosen picture is previewed 250 px high (within 44 to 256,
 * spec 2 §9) and sent as its 100×100 cover crop at quality 50 (image-resize.ts).
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Thumbnail } from '@/components/cells';
import type { FieldInputProps } from '@/resources/types';
import { uploadPreviewHeight } from '@/lib/interface-constants';
import { isCurrentImage } from './current-image';
import { resizeForUpload } from './image-resize';
import { ResumableUpload } from './ResumableUpload';
import { UPLOAD_RULES } from './upload-rules';
import { useUploadQueue } from './useUploadQueue';
import './image-upload.css';

export default function ImageUploadInput({ id, value, onChange, field, ns }: FieldInputProps) {
  const { t } = useTranslation('lists');
  const { t: tn } = useTranslation(ns);
  const upload = useUploadQueue(UPLOAD_RULES.image, (item) => onChange?.(item.uploadId));
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);
  // The finished upload taken off the list: the field no longer names it.
  const uploaded = upload.items.some((item) => item.uploadId === value);
  useEffect(() => {
    if (typeof value === 'string' && !uploaded && !upload.busy) onChange?.(undefined);
  }, [value, uploaded, upload.busy, onChange]);

  const picture = isCurrentImage(value) ? value.current : typeof value === 'string' ? chosen : null;
  return (
    <div className="image-upload">
      {picture && (
        <div className="image-upload__current">
          {isCurrentImage(value) ? (
            <Thumbnail src={picture} alt={tn(field.labelKey)} />
          ) : (
            <img
              className="image-upload__preview"
              src={picture}
              alt={tn(field.labelKey)}
              style={{ height: uploadPreviewHeight() }}
            />
          )}
          <Button
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => {
              upload.queue.clear();
              onChange?.(null);
            }}
          >
            {t('image.remove')}
          </Button>
        </div>
      )}
      <ResumableUpload
        handle={upload}
        id={id}
        prepare={(file) => resizeForUpload(file)}
        onAdd={([file]) =>
          setChosen(file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null)
        }
      />
    </div>
  );
}

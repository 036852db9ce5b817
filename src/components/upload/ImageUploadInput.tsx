/**
 * A preview image sent through the resumable upload (kind `image`: JPEG, PNG or BMP), for a form field whose value
 * the API takes as an upload id (`preview_upload_id`): the one image control (ImagePicker) with the record's
 * current picture (the field's `fromRecord` gives `{current: url}`, left out of the submit: current-image.ts) and
 * Remove (sends null), and the drop zone whose finished upload's id becomes the value. The chosen picture shows as
 * the widget's 100×100 cover thumbnail (spec 2 §9) and is sent whole, held to 2048 px (image-resize.ts, issue 42).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '@/declarations/types';
import { isCurrentImage } from './current-image';
import { resizeForUpload } from './image-resize';
import { ImagePicker } from './ImagePicker';
import { ResumableUpload } from './ResumableUpload';
import { UPLOAD_RULES } from './upload-rules';
import { useUploadQueue } from './useUploadQueue';

export default function ImageUploadInput({ id, value, onChange, field, ns }: FieldInputProps) {
  const { t: tn } = useTranslation(ns);
  const upload = useUploadQueue(UPLOAD_RULES.image, (item) => onChange?.(item.uploadId));
  const [chosen, setChosen] = useState<File | null>(null);
  // The finished upload taken off the list: the field no longer names it.
  const uploaded = upload.items.some((item) => item.uploadId === value);
  useEffect(() => {
    if (typeof value === 'string' && !uploaded && !upload.busy) onChange?.(undefined);
  }, [value, uploaded, upload.busy, onChange]);

  return (
    <ImagePicker
      current={isCurrentImage(value) ? value.current : null}
      chosen={typeof value === 'string' ? chosen : null}
      alt={tn(field.labelKey)}
      onRemove={() => {
        upload.queue.clear();
        onChange?.(null);
      }}
    >
      <ResumableUpload
        handle={upload}
        id={id}
        prepare={(file) => resizeForUpload(file)}
        onAdd={([file]) => setChosen(file && file.type.startsWith('image/') ? file : null)}
      />
    </ImagePicker>
  );
}

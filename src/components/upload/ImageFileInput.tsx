/**
 * The one image control (ImagePicker) for a form whose API takes the picture in its multipart body (a project's or
 * library's preview, a company's logo and background, a screenshot): the value is the record's picture (its URL),
 * the chosen file (held to 2048 px and re-encoded unless `resize` is false: image-resize.ts, issue 42), or null once removed. A file of another
 * type is refused with 'File is of invalid type' and leaves the value as it was.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from './ImagePicker';
import { resizeForUpload } from './image-resize';
import { DropZone } from './ResumableUpload';

/** The image types of spec 2 §5 (JPEG, PNG, BMP), as a field's `accept` names them. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/bmp'] as const;

const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/bmp': ['bmp'],
};

/** Whether a file is of one of the types: by its type, or by its name's extension where the browser gives none. */
function accepted(file: File, types: readonly string[]) {
  if (file.type) return types.includes(file.type);
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return types.some((type) => EXTENSIONS[type]?.includes(extension));
}

export function ImageFileInput({
  id,
  value,
  onChange,
  current,
  alt,
  accept = IMAGE_TYPES,
  resize = true,
  removable = true,
  disabled,
}: {
  id?: string;
  /** The record's picture (a URL), the chosen file, or null (removed). */
  value?: unknown;
  onChange?: (value: File | null) => void;
  /** The record's picture where the form's value does not hold it. */
  current?: string | null;
  alt: string;
  accept?: readonly string[];
  resize?: boolean;
  removable?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('lists');
  const [refused, setRefused] = useState(false);
  const file = value instanceof File ? value : null;
  const stored = typeof value === 'string' && value ? value : value === null ? null : (current ?? null);
  const types = accept
    .map((type) => EXTENSIONS[type]?.map((extension) => `.${extension}`).join(', '))
    .join(', ');
  return (
    <ImagePicker
      current={stored}
      chosen={file}
      alt={alt}
      onRemove={removable && !disabled ? () => onChange?.(null) : undefined}
    >
      <div className="resumable-upload">
        <DropZone
          id={id}
          disabled={disabled}
          hint={t('upload.types', { types })}
          onFiles={([picked]) => {
            if (!picked) return;
            const ok = accepted(picked, accept);
            setRefused(!ok);
            if (!ok) return;
            void (resize ? resizeForUpload(picked) : Promise.resolve(picked)).then((next) =>
              onChange?.(next),
            );
          }}
        />
        {refused && (
          <span className="upload-row__status upload-row__status--problem" role="alert">
            {t('upload.invalidType')}
          </span>
        )}
      </div>
    </ImagePicker>
  );
}

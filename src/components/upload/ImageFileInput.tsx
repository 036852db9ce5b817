/**
 * The one image control (ImagePicker) for a form whose API takes the picture in its multipart body (a project's or
 * library's preview, a company's logo and background, a screenshot): the value is the record's picture (its URL),
 * the chosen file (held to 2048 px and re-encoded where its rule is `bounded`: image-resize.ts, issue 42), or null once removed. A file of another
 * type is refused with 'File is of invalid type' and leaves the value as it was.
 */
import { useState } from 'react';
import { IMAGE_RULES, type ImageRule, imageMediaTypes } from '@shared/image-rules';
import { canonicalExtension, extensionsOfType } from '@shared/upload-kinds';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from './ImagePicker';
import { resizeForUpload } from './image-resize';
import { DropZone } from './ResumableUpload';

/** Whether a file is of one of the types: by its type, or by its name's extension where the browser gives none. */
function accepted(file: File, types: readonly string[]) {
  if (file.type) return types.includes(file.type);
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return types.includes(`image/${canonicalExtension(extension)}`);
}

export function ImageFileInput({
  id,
  value,
  onChange,
  current,
  alt,
  rule = IMAGE_RULES.preview,
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
  /** The kind of picture (shared/image-rules.ts): the types taken, and whether it is sent resized or whole. */
  rule?: ImageRule;
  removable?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('lists');
  const [refused, setRefused] = useState(false);
  const file = value instanceof File ? value : null;
  const stored = typeof value === 'string' && value ? value : value === null ? null : (current ?? null);
  const accept = imageMediaTypes(rule);
  const types = rule.types
    .flatMap(extensionsOfType)
    .map((extension) => `.${extension}`)
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
            void (rule.bounded ? resizeForUpload(picked) : Promise.resolve(picked)).then((next) =>
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

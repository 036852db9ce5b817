/**
 * The portal's one image control (issue 31), for every place a user picks a picture: the picture the record has
 * (a thumbnail) or the one just chosen (previewed 250 px high, within 44 to 256: spec 2 §9), Remove, and the
 * upload's drop zone below. A chosen picture is sent as its 100×100 cover crop at quality 50 (image-resize.ts),
 * except where a field keeps it whole (a screenshot). Two ways to send it share this look:
 * `ImageUploadInput` sends it through the resumable upload (the value is the upload's id), `ImageFileInput` hands
 * the form the file (sent in the multipart body).
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Thumbnail } from '@/components/cells';
import { uploadPreviewHeight } from '@/lib/interface-constants';
import './image-upload.css';

export function ImagePicker({
  current,
  chosen,
  alt,
  onRemove,
  children,
}: {
  /** The record's picture. */
  current?: string | null;
  /** The picture just chosen (an object URL), shown instead. */
  chosen?: string | null;
  alt: string;
  /** Offered with a picture shown; without it the picture can be replaced but not removed. */
  onRemove?: () => void;
  /** The drop zone, with what the upload shows of its file. */
  children: ReactNode;
}) {
  const { t } = useTranslation('lists');
  const picture = chosen ?? current;
  return (
    <div className="image-upload">
      {picture && (
        <div className="image-upload__current">
          {chosen ? (
            <img
              className="image-upload__preview"
              src={chosen}
              alt={alt}
              style={{ height: uploadPreviewHeight() }}
            />
          ) : (
            <Thumbnail src={picture} alt={alt} />
          )}
          {onRemove && (
            <Button icon={<DeleteOutlined aria-hidden />} onClick={onRemove}>
              {t('image.remove')}
            </Button>
          )}
        </div>
      )}
      {children}
    </div>
  );
}

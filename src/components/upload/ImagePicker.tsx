/**
 * The portal's one image control (issue 31), for every place a user picks a picture: the picture the record has
 * or the one just chosen, as the widget's 100×100 cover thumbnail (spec 2 §9; the chosen one's drawn at quality 50,
 * useImageThumbnail.ts), Remove, and the upload's drop zone below. A chosen picture is sent whole, held to 2048 px
 * and re-encoded (image-resize.ts, issue 42), except where a field keeps it as it is (a screenshot, the company's
 * background). Two ways to send it share this look:
 * `ImageUploadInput` sends it through the resumable upload (the value is the upload's id), `ImageFileInput` hands
 * the form the file (sent in the multipart body).
 */
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import { Glyph } from '@/ui/Glyph';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadThumbnailSide } from '@/lib/interface-constants';
import { useImageThumbnail } from './useImageThumbnail';
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
  /** The picture just chosen, shown instead. */
  chosen?: File | null;
  alt: string;
  /** Offered with a picture shown; without it the picture can be replaced but not removed. */
  onRemove?: () => void;
  /** The drop zone, with what the upload shows of its file. */
  children: ReactNode;
}) {
  const { t } = useTranslation('lists');
  const thumbnail = useImageThumbnail(chosen ?? null);
  const picture = chosen ? thumbnail : current;
  const side = uploadThumbnailSide();
  return (
    <div className="image-upload">
      {picture && (
        <div className="image-upload__current">
          <img className="image-upload__thumbnail" src={picture} alt={alt} width={side} height={side} />
          {onRemove && (
            <Button icon={<Glyph icon={DeleteOutlined} />} onClick={onRemove}>
              {t('image.remove')}
            </Button>
          )}
        </div>
      )}
      {children}
    </div>
  );
}

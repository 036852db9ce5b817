/**
 * A record as a card of a grid view (light: declarations' cards load with the registry) (a tree browser's containers and leaves): its preview image (an icon without
 * one), its name, its status in a badge of its `status_color`, and a detail line.
 */
import { FileImageOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { previewSrcSet } from '@shared/preview-images';
import { Tag } from '@/ui/Tag';
import './preview-card.css';

export function PreviewCard({
  image,
  name,
  status,
  statusColor,
  details,
}: {
  image: string | null | undefined;
  name: string;
  /** The translated status. */
  status?: string;
  statusColor?: string | null;
  details?: ReactNode;
}) {
  return (
    <div className="preview-card">
      <span className="preview-card__image">
        {image ? (
          <img src={image} srcSet={previewSrcSet(image)} alt="" loading="lazy" />
        ) : (
          <FileImageOutlined aria-hidden />
        )}
      </span>
      <div className="preview-card__body">
        <span className="preview-card__name">{name}</span>
        {status && (
          <Tag className="status-badge" style={{ ['--status-color' as string]: statusColor ?? undefined }}>
            {status}
          </Tag>
        )}
        {details && <div className="preview-card__details">{details}</div>}
      </div>
    </div>
  );
}

/**
 * A record as a card of a grid view (a tree browser's containers and leaves too): its preview image (an icon without
 * one), its name, its status in a badge of its `status_color`, and a detail line. Light: declarations' cards load
 * with the registry.
 */
import FileImageOutlined from '@ant-design/icons-svg/es/asn/FileImageOutlined';
import { Glyph } from '@/ui/Glyph';
import type { BaseRecord } from '@refinedev/core';
import type { ReactNode } from 'react';
import { previewSrcSet } from '@shared/preview-images';
import type { CardViewDeclaration, RenderContext } from '@/declarations/types';
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
          <Glyph icon={FileImageOutlined} />
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

/** What a record needs to be shown as a preview card. */
interface CardRecord {
  name: string;
  status: string;
  status_color?: string | null;
}

/**
 * A list's cards as preview cards, the view it opens in (`cards` of a list declaration): the record's `image`, its
 * name, its status (`values.<status>` of the resource namespace) in its colour, and its `details`.
 */
export function previewCards<TRecord extends BaseRecord & CardRecord>(
  image: (record: TRecord) => string | null | undefined,
  details: (record: TRecord, context: RenderContext) => ReactNode,
): CardViewDeclaration<TRecord> {
  return {
    initial: 'grid',
    card: (record, context) => (
      <PreviewCard
        image={image(record)}
        name={record.name}
        status={context.t(`values.${record.status}`)}
        statusColor={record.status_color}
        details={details(record, context)}
      />
    ),
  };
}

/**
 * A record's picture on its overview (a project's, a material's, a processed file's before the viewer shows it):
 * the image fitted into the frame, or the frame's empty state, an icon named for screen readers by `emptyLabel`
 * and, where `showEmptyLabel`, with the text under it.
 */
import FileImageOutlined from '@ant-design/icons-svg/es/asn/FileImageOutlined';
import { Glyph } from '@/ui/Glyph';

export function PreviewFrame({
  src,
  alt,
  emptyLabel,
  showEmptyLabel = false,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  emptyLabel: string;
  showEmptyLabel?: boolean;
  className: string;
}) {
  return (
    <figure className={`preview-frame ${className}`}>
      {src ? (
        <img src={src} alt={alt} />
      ) : (
        <span className="preview-frame__empty" role="img" aria-label={emptyLabel}>
          <Glyph icon={FileImageOutlined} />
          {showEmptyLabel && <span aria-hidden>{emptyLabel}</span>}
        </span>
      )}
    </figure>
  );
}

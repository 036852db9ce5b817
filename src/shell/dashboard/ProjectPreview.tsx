import FolderOpenOutlined from '@ant-design/icons-svg/es/asn/FolderOpenOutlined';
import { Glyph } from '@/ui/Glyph';

/** A project's preview image, or a neutral placeholder when it has none. */
export function ProjectPreview({ src, className }: { src: string | null | undefined; className: string }) {
  if (src) return <img className={className} src={src} alt="" loading="lazy" />;
  return (
    <span className={`${className} project-preview-placeholder`} aria-hidden>
      <Glyph icon={FolderOpenOutlined} />
    </span>
  );
}

/**
 * An image of the company profile (logo, background): the one image control (ImageFileInput) with the stored
 * picture, replaced by a file of the accepted types (spec 2 §5), sent in the profile's multipart body. The logo is
 * sent as spec 2 §9's 100×100 crop like every preview; the background, a page's backdrop, whole.
 */
import type { ImageRule } from '@shared/image-rules';
import { ImageFileInput } from '@/components/upload/ImageFileInput';

interface ImageFieldProps {
  id?: string;
  value?: File | null;
  onChange?: (file: File | null) => void;
  current: string | null;
  rule: ImageRule;
  alt: string;
  disabled?: boolean;
}

export function ImageField({ id, value, onChange, current, rule, alt, disabled }: ImageFieldProps) {
  return (
    <ImageFileInput
      id={id}
      value={value ?? undefined}
      onChange={onChange}
      current={current}
      rule={rule}
      alt={alt}
      disabled={disabled}
      removable={false}
    />
  );
}

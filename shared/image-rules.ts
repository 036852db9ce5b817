/**
 * The pictures the forms take (spec 2 §5, §9), each kind declared once for both sides: its types (extensions as the
 * 422 names them, Laravel's `mimes`), its largest size, and whether the stored picture is held to 2048 px on its
 * longer side (`bounded`: previews and logos; a screenshot or a background is kept as it is). The server checks an
 * upload against its rule (server/http/multipart-files.ts `acceptUpload`); the portal's image control takes the same
 * types and sends a bounded kind resized, the rest whole (src/components/upload/ImageFileInput.tsx).
 */
import { UPLOAD_KIND_TYPES } from './upload-kinds';

export interface ImageRule {
  types: readonly string[];
  maxKilobytes: number;
  bounded: boolean;
}

/** JPEG, PNG and BMP: the shared `image` upload kind's types. */
const IMAGE_TYPES = UPLOAD_KIND_TYPES.image;

export const IMAGE_RULES = {
  /** A project's or library's preview and a profile picture: 3 MB, held to 2048 px. */
  preview: { types: IMAGE_TYPES, maxKilobytes: 3 * 1024, bounded: true },
  /** A company's logo: 5 MB, held to 2048 px. */
  logo: { types: IMAGE_TYPES, maxKilobytes: 5 * 1024, bounded: true },
  /** A company's background image: JPEG or BMP only (spec 2 §9), 10 MB, kept as it is. */
  background: { types: ['jpeg', 'bmp'], maxKilobytes: 10 * 1024, bounded: false },
  /** An issue report's or changelog item's screenshot: 5 MB, kept as it is. */
  screenshot: { types: IMAGE_TYPES, maxKilobytes: 5 * 1024, bounded: false },
} as const satisfies Record<string, ImageRule>;

export type ImageRuleName = keyof typeof IMAGE_RULES;

/** A rule's types as media types (`image/jpeg`), as a file input's `accept` and a picked file's `type` name them. */
export const imageMediaTypes = (rule: ImageRule): string[] => rule.types.map((type) => `image/${type}`);

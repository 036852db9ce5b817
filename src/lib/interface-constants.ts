/**
 * The interface's constants of spec 1 §9 and spec 2 §9, in one place: the loading skeleton's animation, the
 * select menu's height and page jump, the upload component's image preview and thumbnail, and the bound of a
 * stored picture (issue 42). The design tokens
 * (src/ui/design-tokens.ts) hand the sizes to the styles as CSS custom properties; the components read the rest
 * here. (The upload queue's parallel uploads, chunk size and retry delays are in upload-queue.ts.)
 */

/** Spec 1 §9: 'Loading skeleton animation: 1.2 s.' */
export const SKELETON_ANIMATION_SECONDS = 1.2;

/** Spec 2 §9: 'select menu max height 300, min 140, page jump 5'. */
export const SELECT_MENU = {
  /** The menu is never taller than this (px). */
  maxHeight: 300,
  /** Nor shorter: with less room on its side it opens on the other one (px). */
  minHeight: 140,
  /** PageUp and PageDown move this many options. */
  pageJump: 5,
} as const;

/**
 * Spec 2 §9: 'Upload component: preview height 250, …; image preview min 44, max 256': the upload widget's preview,
 * never the stored picture (STORED_IMAGE). The widget's preview is its thumbnail (UPLOAD_THUMBNAIL), shown at its
 * own size held within min and max; 250 is the spec's height of the preview area, which the one image control
 * (ImagePicker) has no room of its own for (issue 42).
 */
export const UPLOAD_PREVIEW = {
  /** The preview area's height in the spec (px). */
  height: 250,
  /** A preview is never smaller… */
  minHeight: 44,
  /** …nor larger than these (px). */
  maxHeight: 256,
} as const;

/**
 * Spec 2 §9: 'resize 100x100 cover, quality 50': the thumbnail the upload widget shows of a chosen picture, its
 * 100×100 cover crop encoded at quality 50 (issue 42: the widget's thumbnail, not the stored file).
 */
export const UPLOAD_THUMBNAIL = {
  width: 100,
  height: 100,
  mode: 'cover',
  /** 50 of 100, as a canvas encoder's quality (0 to 1). */
  quality: 0.5,
} as const;

/**
 * Issue 42: the picture an image upload stores is the original, its longer side at most 2048 px (never enlarged,
 * proportions kept), re-encoded: a PNG as PNG (a logo keeps its transparency), anything else as JPEG at quality
 * 85. Every screen sizes what it shows from it. The server holds uploads to the same bound.
 */
export const STORED_IMAGE = {
  /** The longer side's most pixels. */
  maxSide: 2048,
  /** 85 of 100, as a canvas encoder's quality (0 to 1), for JPEG. */
  jpegQuality: 0.85,
} as const;

/** Spec 2 §9: 'canvas limit 4096x4096 on iOS': no canvas of more pixels is drawn there (iOS refuses larger). */
export const IOS_CANVAS_LIMIT = { width: 4096, height: 4096 } as const;

/** The side the widget shows its thumbnail at: the thumbnail's own, held within the preview's bounds (px). */
export const uploadThumbnailSide = () =>
  Math.min(Math.max(UPLOAD_THUMBNAIL.height, UPLOAD_PREVIEW.minHeight), UPLOAD_PREVIEW.maxHeight);

/** Whether this browser is iOS (iPadOS reports a Mac with touch). */
export function isIos(navigatorLike: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  return (
    /iPad|iPhone|iPod/.test(navigatorLike.userAgent) ||
    (/Macintosh/.test(navigatorLike.userAgent) && navigatorLike.maxTouchPoints > 1)
  );
}

/** The most pixels a canvas may hold here: iOS's limit, or none elsewhere. */
export const canvasPixelLimit = (ios: boolean) =>
  ios ? IOS_CANVAS_LIMIT.width * IOS_CANVAS_LIMIT.height : Number.POSITIVE_INFINITY;

/** A source rectangle of an image and the size it is drawn at. */
export interface CoverCrop {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  width: number;
  height: number;
}

/**
 * The part of a `sourceWidth`×`sourceHeight` image that covers the thumbnail (its centre, at the target's
 * proportions), drawn at the target's size: a 400×200 picture gives its middle 200×200, drawn at 100×100.
 */
export function coverCrop(sourceWidth: number, sourceHeight: number): CoverCrop {
  const { width, height } = UPLOAD_THUMBNAIL;
  const scale = Math.max(width / sourceWidth, height / sourceHeight);
  const sw = Math.min(sourceWidth, width / scale);
  const sh = Math.min(sourceHeight, height / scale);
  return { sx: (sourceWidth - sw) / 2, sy: (sourceHeight - sh) / 2, sw, sh, width, height };
}

/**
 * The size a picture is stored at: as it is when its longer side is at most `maxSide`, else scaled down to it
 * (proportions kept, never enlarged): 4000×1000 gives 2048×512, 300×200 stays.
 */
export function boundedSize(width: number, height: number, maxSide: number = STORED_IMAGE.maxSide) {
  const longer = Math.max(width, height);
  if (longer <= maxSide) return { width, height };
  const scale = maxSide / longer;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The size a decoded image is held at before it is drawn: as it is, or scaled down (proportions kept) to at
 * most `limit` pixels, so that on iOS no canvas beyond 4096×4096 is ever needed.
 */
export function withinCanvasLimit(width: number, height: number, limit: number) {
  if (width * height <= limit) return { width, height };
  const scale = Math.sqrt(limit / (width * height));
  return { width: Math.floor(width * scale), height: Math.floor(height * scale) };
}

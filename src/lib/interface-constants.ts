/**
 * The interface's constants of spec 1 §9 and spec 2 §9, in one place: the loading skeleton's animation, the
 * select menu's height and page jump, and the upload component's image preview and resize. The design tokens
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

/** Spec 2 §9: 'Upload component: preview height 250, …; image preview min 44, max 256'. */
export const UPLOAD_PREVIEW = {
  /** The chosen image's preview is this tall (px)… */
  height: 250,
  /** …within these bounds (px). */
  minHeight: 44,
  maxHeight: 256,
} as const;

/** Spec 2 §9: 'resize 100x100 cover, quality 50': an image is sent as its 100×100 cover crop at quality 50. */
export const UPLOAD_IMAGE_RESIZE = {
  width: 100,
  height: 100,
  mode: 'cover',
  /** 50 of 100, as a canvas encoder's quality (0 to 1). */
  quality: 0.5,
} as const;

/** Spec 2 §9: 'canvas limit 4096x4096 on iOS': no canvas of more pixels is drawn there (iOS refuses larger). */
export const IOS_CANVAS_LIMIT = { width: 4096, height: 4096 } as const;

/** The preview's height: the spec's height held within its bounds. */
export const uploadPreviewHeight = () =>
  Math.min(Math.max(UPLOAD_PREVIEW.height, UPLOAD_PREVIEW.minHeight), UPLOAD_PREVIEW.maxHeight);

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
 * The part of a `sourceWidth`×`sourceHeight` image that covers the resize target (its centre, at the target's
 * proportions), drawn at the target's size: a 400×200 picture gives its middle 200×200, drawn at 100×100.
 */
export function coverCrop(sourceWidth: number, sourceHeight: number): CoverCrop {
  const { width, height } = UPLOAD_IMAGE_RESIZE;
  const scale = Math.max(width / sourceWidth, height / sourceHeight);
  const sw = Math.min(sourceWidth, width / scale);
  const sh = Math.min(sourceHeight, height / scale);
  return { sx: (sourceWidth - sw) / 2, sy: (sourceHeight - sh) / 2, sw, sh, width, height };
}

/**
 * The size a decoded image is held at before it is cropped: as it is, or scaled down (proportions kept) to at
 * most `limit` pixels, so that on iOS no canvas beyond 4096×4096 is ever needed.
 */
export function withinCanvasLimit(width: number, height: number, limit: number) {
  if (width * height <= limit) return { width, height };
  const scale = Math.sqrt(limit / (width * height));
  return { width: Math.floor(width * scale), height: Math.floor(height * scale) };
}

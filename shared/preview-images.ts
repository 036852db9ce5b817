/**
 * Preview images the processor draws (issue 28) come at card size and at 2×: the 2× copy is stored beside the
 * card-size one under the same name with `@2x` before the extension (`previews/project_models/{uuid}.webp` and
 * `…/{uuid}@2x.webp`), so one `preview_image_url` names both. Any other picture (an upload, an absolute URL of
 * the demo data) has no 2× copy.
 */
const DRAWN_PREVIEW = /(\/|^)previews\/[a-z_]+\/[0-9a-f-]{36}\.webp$/;

/** The key or URL of a drawn preview's 2× copy. */
export const previewKeyAt2x = (keyOrUrl: string) => keyOrUrl.replace(/\.webp$/, '@2x.webp');

/** `srcset` of a preview: card size and 2× for a drawn preview, undefined for any other picture. */
export const previewSrcSet = (url: string | null | undefined): string | undefined =>
  url && DRAWN_PREVIEW.test(url) ? `${url} 1x, ${previewKeyAt2x(url)} 2x` : undefined;

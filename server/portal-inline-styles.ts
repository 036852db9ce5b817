/**
 * index.html's style sheets, inline: a first visit paints without a round trip for each sheet (Lighthouse counted
 * the sign-in page's three as render-blocking, about 120 ms on its simulated mobile connection). Each
 * `<link rel="stylesheet">` of a built sheet becomes a `<style>` with the sheet's text, followed by the same link
 * marked `disabled`. A browser does not fetch a disabled sheet; the build's module loader, which looks for a
 * stylesheet link of a chunk's sheet before it adds one, finds it there, so a chunk imported later does not add the
 * same rules again at the end of the head, where they would override the sheets that came in between.
 *
 * A sheet stays a link when it is not a built asset, is larger than INLINE_SHEET_BYTES, names a relative `url()`
 * (inline, it would resolve against the page's address instead of the sheet's) or holds `</style`.
 */

/** Larger sheets stay links: inline, they would be sent again with every index.html instead of cached. */
export const INLINE_SHEET_BYTES = 32_000;

const SHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;
const RELATIVE_URL = /url\(\s*(?!["']?(?:\/|data:|https?:|#))/i;

/** Whether `css` may be put into the page as it is. */
function inlinable(css: string): boolean {
  return css.length <= INLINE_SHEET_BYTES && !RELATIVE_URL.test(css) && !/<\/style/i.test(css);
}

/**
 * `html` with its built sheets inline. `readSheet` answers a sheet's text by its path in the build (`assets/…`),
 * or null when the build lacks it (the link then stays as it is).
 */
export function inlineStyleSheets(html: string, readSheet: (file: string) => string | null): string {
  return html.replace(SHEET_LINK, (link, file: string) => {
    const css = readSheet(file);
    if (css === null || !inlinable(css)) return link;
    return `<style data-href="/${file}">${css}</style>${link.replace(/>$/, ' disabled>')}`;
  });
}

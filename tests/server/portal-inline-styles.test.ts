/**
 * index.html's built style sheets go inline (server/portal-inline-styles.ts): each link becomes the sheet's text,
 * followed by the link marked `disabled` for the module loader; a sheet that cannot be inlined stays a link.
 */
import { describe, expect, it } from 'vitest';
import { INLINE_SHEET_BYTES, inlineStyleSheets } from '../../server/portal-inline-styles';

const link = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;
const head = (...tags: string[]) => `<head><title>Portal</title>${tags.join('')}</head>`;

describe('inlineStyleSheets', () => {
  it('puts each built sheet in place of its link, the link kept after it, disabled', () => {
    const sheets: Record<string, string> = {
      'assets/start-1a.css': '@font-face{src:url(/assets/inter-2b.woff2)}body{margin:0}',
      'assets/root-3c.css': '.select{background:url("data:image/svg+xml,%3Csvg%3E")}',
    };
    const html = head(link('assets/start-1a.css'), link('assets/root-3c.css'));
    expect(inlineStyleSheets(html, (file) => sheets[file] ?? null)).toBe(
      head(
        `<style data-href="/assets/start-1a.css">${sheets['assets/start-1a.css']}</style>`,
        '<link rel="stylesheet" crossorigin href="/assets/start-1a.css" disabled>',
        `<style data-href="/assets/root-3c.css">${sheets['assets/root-3c.css']}</style>`,
        '<link rel="stylesheet" crossorigin href="/assets/root-3c.css" disabled>',
      ),
    );
  });

  it.each([
    ['the build lacks', null],
    ['names a relative url()', '.logo{background:url(logo.png)}'],
    ['names a quoted relative url()', ".logo{background:url( '../img/logo.png')}"],
    ['would close the style element', '.a::after{content:"</style>"}'],
    ['is larger than the limit', `.a{color:red}${' '.repeat(INLINE_SHEET_BYTES)}`],
  ])('keeps the link of a sheet it %s', (_case, css) => {
    const html = head(link('assets/page-4d.css'));
    expect(inlineStyleSheets(html, () => css)).toBe(html);
  });

  it('leaves links other than the build’s sheets alone', () => {
    const html = head(
      '<link rel="stylesheet" href="https://fonts.example.com/inter.css">',
      link('assets/x.js'),
    );
    expect(inlineStyleSheets(html, () => 'body{}')).toBe(html);
  });
});

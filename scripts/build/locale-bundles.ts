/**
 * One translation file per language: every namespace of `public/locales/{language}/` in one JSON object
 * (`{ namespace: texts }`), so the portal asks for its texts with one request per language instead of one per
 * namespace (about thirty, which queue behind each other on HTTP/1.1's six connections per host and held a
 * first visit back by two round trips). The file is named by its content's hash under `assets/`, so it is cached
 * for a year like the scripts; the portal finds the names in `__LOCALE_BUNDLES__`. The dev server builds the same
 * object on each request, so an edited text shows on reload without a restart.
 *
 * The per-namespace files stay where they are: they are the source, the server reads them for its own messages,
 * and the build still copies them.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
// With its extension: the build's configuration (vite.config.ts) imports this file too.
import { FALLBACK_LANGUAGE, LANGUAGE_LOOKUP } from '../../shared/languages.js';

type Bundle = Record<string, unknown>;

/** The namespaces of a language folder, sorted: `public/locales/en/common.json` is `common`. */
export function localeNamespaces(localesDir: string, language = 'en'): string[] {
  return readdirSync(join(localesDir, language))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

/** The languages: the folders of `public/locales`. */
export function localeLanguages(localesDir: string): string[] {
  return readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Every namespace of one language, as the portal's translation reader expects it. */
export function localeBundle(localesDir: string, language: string): Bundle {
  const bundle: Bundle = {};
  for (const namespace of localeNamespaces(localesDir, language)) {
    bundle[namespace] = JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8'));
  }
  return bundle;
}

/** Each language's file: its path in the build and its content. */
export function localeBundleFiles(localesDir: string): Record<string, { fileName: string; source: string }> {
  const files: Record<string, { fileName: string; source: string }> = {};
  for (const language of localeLanguages(localesDir)) {
    const source = JSON.stringify(localeBundle(localesDir, language));
    const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10);
    files[language] = { fileName: `assets/locales-${language}-${hash}.json`, source };
  }
  return files;
}

/**
 * index.html's script that asks for the translations the portal will read as the page starts (`<link
 * rel="preload" as="fetch" crossorigin>`, which the portal's own `fetch` of the same file takes): the entry asks
 * for them only once its modules have arrived and run, one round trip later. It looks where i18next's detection
 * looks, in the same order (src/providers/i18n.ts): the query parameter, the cookie, local and session storage,
 * the browser's languages; the first that is a language of the portal's, by its language part, and English, the
 * fallback, which i18next reads too. `files`: each language's path (`__LOCALE_BUNDLES__`).
 */
export function translationsPreloadScript(files: Readonly<Record<string, string>>): string {
  const { querystring, cookie, storage } = LANGUAGE_LOOKUP;
  return `(function () {
  var files = ${JSON.stringify(files).replace(/</g, '\\u003c')};
  var picks = [];
  try {
    picks.push(new URLSearchParams(location.search).get(${JSON.stringify(querystring)}));
    var cookie = document.cookie.match(/(?:^|;\\s*)${cookie}=([^;]*)/);
    if (cookie) picks.push(decodeURIComponent(cookie[1]));
    picks.push(localStorage.getItem(${JSON.stringify(storage)}), sessionStorage.getItem(${JSON.stringify(storage)}));
  } catch (error) {}
  picks = picks.concat(navigator.languages || [navigator.language]);
  var wanted = [files[${JSON.stringify(FALLBACK_LANGUAGE)}]];
  for (var i = 0; i < picks.length; i++) {
    var language = picks[i] && picks[i].split(/[-_]/)[0];
    if (language && Object.prototype.hasOwnProperty.call(files, language)) {
      if (files[language] !== wanted[0]) wanted.unshift(files[language]);
      break;
    }
  }
  for (var j = 0; j < wanted.length; j++) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = wanted[j];
    document.head.appendChild(link);
  }
})();`;
}

/** index.html's place for translationsPreloadScript. */
const PRELOAD_MARK = '<!--translations-preload-->';

const BUNDLE_PATH = /^\/assets\/locales-([a-z]{2})-[\w-]+\.json$/;

export function localeBundles(localesDir: string): Plugin {
  const files = localeBundleFiles(localesDir);
  const paths = Object.fromEntries(
    Object.entries(files).map(([language, file]) => [language, `/${file.fileName}`]),
  );
  return {
    name: 'portal:locale-bundles',
    config: () => ({
      define: {
        __LOCALE_NAMESPACES__: JSON.stringify(localeNamespaces(localesDir)),
        __LOCALE_BUNDLES__: JSON.stringify(paths),
      },
    }),
    // Where index.html marks it, after the theme's script: before the page's scripts and style sheets.
    transformIndexHtml(html) {
      if (!html.includes(PRELOAD_MARK)) throw new Error(`index.html has no ${PRELOAD_MARK}`);
      return html.replace(PRELOAD_MARK, `<script>${translationsPreloadScript(paths)}</script>`);
    },
    generateBundle() {
      for (const { fileName, source } of Object.values(files)) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const language = BUNDLE_PATH.exec((request.url ?? '').split('?')[0])?.[1];
        if (!language || !localeLanguages(localesDir).includes(language)) return next();
        response.setHeader('Content-Type', 'application/json');
        response.setHeader('Cache-Control', 'no-cache');
        response.end(JSON.stringify(localeBundle(localesDir, language)));
      });
    },
  };
}

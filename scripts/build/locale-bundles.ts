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

const BUNDLE_PATH = /^\/assets\/locales-([a-z]{2})-[\w-]+\.json$/;

export function localeBundles(localesDir: string): Plugin {
  const files = localeBundleFiles(localesDir);
  return {
    name: 'portal:locale-bundles',
    config: () => ({
      define: {
        __LOCALE_NAMESPACES__: JSON.stringify(localeNamespaces(localesDir)),
        __LOCALE_BUNDLES__: JSON.stringify(
          Object.fromEntries(
            Object.entries(files).map(([language, file]) => [language, `/${file.fileName}`]),
          ),
        ),
      },
    }),
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

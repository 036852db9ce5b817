/**
 * A Vite plugin that names in index.html what the entry loads at once without importing it statically: the
 * chunks of the given entry modules (with their static imports, the entry's own left out) as
 * `<link rel="modulepreload">` and their style sheets as `<link rel="stylesheet">`. The browser then fetches them
 * together with the entry instead of after it has run (src/main.tsx starts the first requests, then imports
 * src/mount-portal.tsx). The modules must be inputs of the build (`rolldownOptions.input`), so that each is a chunk
 * of its own under its source name in the manifest, which the server and the byte-budget test read.
 */
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

export function entryPreloads(modules: readonly string[]): Plugin {
  return {
    name: 'portal:entry-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter(
          (output): output is Rollup.OutputChunk => output.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What index.html names already: the entry and its static imports.
        const named = new Set<string>();
        const visitNamed = (file: string) => {
          if (named.has(file)) return;
          named.add(file);
          byFile.get(file)?.imports.forEach(visitNamed);
        };
        visitNamed(entry.fileName);
        // The modules' chunks, each after its static imports.
        const scripts: string[] = [];
        const styles: string[] = [];
        const visit = (file: string) => {
          if (named.has(file)) return;
          named.add(file);
          const chunk = byFile.get(file);
          if (!chunk) return;
          chunk.imports.forEach(visit);
          scripts.push(file);
          styles.push(...(chunk.viteMetadata?.importedCss ?? []));
        };
        for (const module of modules) {
          const chunk = chunks.find((item) => item.isEntry && item.facadeModuleId?.endsWith(`/${module}`));
          if (!chunk) throw new Error(`entry-preloads: ${module} is not an input of the build.`);
          visit(chunk.fileName);
        }
        const tag = (rel: string, file: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        });
        return [
          ...styles.map((file) => tag('stylesheet', file)),
          ...scripts.map((file) => tag('modulepreload', file)),
        ];
      },
    },
  };
}

/**
 * `npm run bench:ui-weight`: whether the light components (src/ui/) still earn their place beside antd. Builds, as
 * the portal's build minifies them, the parts a first visit's list page and layout use, once from antd (Table,
 * Select, Dropdown, Button, Modal, Tooltip, Popover, Pagination, Skeleton, Alert and the ConfigProvider its theme
 * needs) and once from src/ui/ (the same jobs), with React, refine, the router and i18next left out (every page
 * has them either way), and prints each one's gzip size: the measure of the first-visit budgets (`/projects`
 * 300 KB of JavaScript in all). Figures only.
 */
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { gzipSize } from './build/precompress';

const root = fileURLToPath(new URL('..', import.meta.url));

const ENTRIES: Record<string, string> = {
  antd: `export { Table, Select, Dropdown, Button, Modal, Tooltip, Popover, Pagination, Skeleton, Alert, ConfigProvider } from 'antd';`,
  'src/ui': [
    'DataTable',
    'Select',
    'MenuButton',
    'Button',
    'Dialog',
    'Tooltip',
    'Popover',
    'Pagination',
    'Skeleton',
    'Alert',
    // The floating panels' machinery, which the light components load when the browser is idle.
    'floating-machinery',
  ]
    .map((file) => `export * from '@/ui/${file}';`)
    .join('\n'),
};

const SHARED_BY_EVERY_PAGE = [/^react($|\/|-dom)/, /^@refinedev\/core/, /^react-router/, /i18next/];

const virtualEntry = (source: string): Plugin => ({
  name: 'bench-ui-weight-entry',
  enforce: 'pre',
  resolveId: (id) => (id === 'virtual:parts' ? '\0parts' : null),
  load: (id) => (id === '\0parts' ? source : null),
});

async function weigh(source: string): Promise<number> {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [virtualEntry(source)],
    resolve: { alias: { '@': `${root}src`, '@shared': `${root}shared` } },
    build: {
      write: false,
      minify: true,
      cssCodeSplit: false,
      rolldownOptions: {
        input: 'virtual:parts',
        preserveEntrySignatures: 'strict',
        external: (id) => SHARED_BY_EVERY_PAGE.some((pattern) => pattern.test(id)),
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
  let bytes = 0;
  for (const chunk of chunks) if (chunk.type === 'chunk') bytes += gzipSize(Buffer.from(chunk.code));
  return bytes;
}

for (const [name, source] of Object.entries(ENTRIES)) {
  console.log(`${name.padEnd(8)} ${((await weigh(source)) / 1000).toFixed(1)} kB gzipped JavaScript`);
}

/**
 * The light components (src/ui/) stand beside antd for the first-visit screens (ARCHITECTURE.md 'What a first visit
 * loads'; `npm run bench:ui-weight` weighs both). Where a file uses both, it uses each for a different job: never
 * antd's Button beside the light Button, or antd's Tooltip beside the light DisabledReason.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** A job, and the names that do it in antd and in src/ui/. */
const JOBS: Record<string, { antd: string[]; ui: string[] }> = {
  button: { antd: ['Button'], ui: ['Button'] },
  select: { antd: ['Select'], ui: ['Select', 'MultiSelect'] },
  table: { antd: ['Table'], ui: ['DataTable'] },
  menu: { antd: ['Dropdown', 'Menu'], ui: ['MenuButton'] },
  dialog: { antd: ['Modal'], ui: ['Dialog'] },
  tooltip: { antd: ['Tooltip'], ui: ['Tooltip', 'DisabledReason'] },
  popover: { antd: ['Popover'], ui: ['Popover'] },
  pagination: { antd: ['Pagination'], ui: ['Pagination'] },
  skeleton: { antd: ['Skeleton'], ui: ['Skeleton'] },
  alert: { antd: ['Alert'], ui: ['Alert'] },
  tag: { antd: ['Tag'], ui: ['Tag'] },
  avatar: { antd: ['Avatar'], ui: ['Avatar'] },
  segmented: { antd: ['Segmented'], ui: ['Segmented'] },
  'text input': { antd: ['Input'], ui: ['TextInput'] },
  spinner: { antd: ['Spin'], ui: ['Spinner'] },
  notice: { antd: ['message', 'notification'], ui: ['toast'] },
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The names a file imports from the modules `from` matches (`import { A, B as C } from '…'`). */
function importedNames(source: string, from: RegExp): Set<string> {
  const names = new Set<string>();
  for (const [, list, module] of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    if (!from.test(module)) continue;
    for (const entry of list.split(',')) {
      const name = entry
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return names;
}

describe('src/ui and antd', () => {
  it('no file takes the same job from both', () => {
    const doubled: string[] = [];
    for (const file of sourceFiles('src')) {
      const source = readFileSync(file, 'utf8');
      const fromAntd = importedNames(source, /^antd$/);
      const fromUi = importedNames(source, /^@\/ui\//);
      if (!fromAntd.size || !fromUi.size) continue;
      for (const [job, { antd, ui }] of Object.entries(JOBS)) {
        if (antd.some((name) => fromAntd.has(name)) && ui.some((name) => fromUi.has(name)))
          doubled.push(`${file}: ${job}`);
      }
    }
    expect(doubled).toEqual([]);
  });

  it('reads the imports it judges by', () => {
    const source =
      "import { Button, Tooltip as Tip } from 'antd';\nimport { DisabledReason } from '@/ui/DisabledReason';";
    expect(importedNames(source, /^antd$/)).toEqual(new Set(['Button', 'Tooltip']));
    expect(importedNames(source, /^@\/ui\//)).toEqual(new Set(['DisabledReason']));
  });
});

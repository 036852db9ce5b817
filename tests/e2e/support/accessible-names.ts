/**
 * Whether every control of a page has an accessible name (issue 42), two ways: axe's name rules (any impact), and
 * the page's accessibility tree as Playwright reads it (`ariaSnapshot`), in which every control (button, link,
 * field, switch, checkbox, radio, tab, menu item, combobox, slider) must carry a name. Each answers what it found,
 * a control named by its place in the tree (`main > group "Licences" > switch`), empty when all is well.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settled } from './axe';

/** axe's rules about a control's or an image's name. */
export const NAME_RULES = [
  'button-name',
  'link-name',
  'label',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'select-name',
  'input-button-name',
  'image-alt',
  'aria-command-name',
  'frame-title',
];

/** axe's findings of the name rules on the page, whatever their impact: the rule, then the elements. */
export async function nameViolations(page: Page): Promise<string[]> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().withRules(NAME_RULES).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 160)}`),
  );
}

/** The roles of the controls a user operates. */
const CONTROL_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'slider',
  'spinbutton',
]);

/** One line of an aria snapshot: `- role "name" [state]: text`, the key possibly quoted as YAML. */
function readLine(line: string): { depth: number; role: string; name: string } | null {
  const match = /^(\s*)- (.*)$/.exec(line);
  if (!match) return null;
  let key = match[2];
  if (key.startsWith("'")) key = key.slice(1).replace(/''/g, "'");
  else if (key.startsWith('"')) key = key.slice(1).replace(/\\"/g, '"');
  const node = /^([a-z]+)(?: "((?:[^"\\]|\\.)*)"| (\/(?:[^/\\]|\\.)+\/))?/.exec(key);
  if (!node) return null;
  return { depth: match[1].length, role: node[1], name: (node[2] ?? node[3] ?? '').trim() };
}

/** The controls of the page's accessibility tree without a name, each by its place in the tree. */
export async function namelessControls(page: Page): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  const nameless: string[] = [];
  const path: { depth: number; label: string }[] = [];
  for (const line of snapshot.split('\n')) {
    const node = readLine(line);
    if (!node) continue;
    while (path.length && path[path.length - 1].depth >= node.depth) path.pop();
    const label = node.name ? `${node.role} "${node.name}"` : node.role;
    if (CONTROL_ROLES.has(node.role) && !node.name)
      nameless.push([...path.map((at) => at.label), label].join(' > '));
    // The landmarks, groups and rows around a control locate it; text and generic containers do not.
    if (node.role !== 'text' && node.role !== 'generic') path.push({ depth: node.depth, label });
  }
  return nameless;
}

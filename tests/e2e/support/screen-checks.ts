/**
 * Checks of what a screen shows, for the screenshot review (issue 12): raw translation keys, English left on a
 * Dutch screen, the page scrolling sideways, table headers broken inside a word, a phone list wider than the screen.
 * Each answers what it found (empty when all is well), so a test can name the screen and the offending texts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

const LOCALES = join(import.meta.dirname, '../../../public/locales');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  );
}

function readLocale(language: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const file of readdirSync(join(LOCALES, language))) {
    const namespace = file.replace(/\.json$/, '');
    const tree = JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Tree;
    for (const [key, value] of flatten(tree)) entries.set(`${namespace}:${key}`, value);
  }
  return entries;
}

const english = readLocale('en');
const dutch = readLocale('nl');

/** Every dotted key of every namespace, with and without its namespace (i18next shows either when missing). */
const RAW_KEYS = new Set(
  [...english.keys()].flatMap((full) => {
    const key = full.slice(full.indexOf(':') + 1).replace(/_(one|other|zero)$/, '');
    return key.includes('.')
      ? [full.replace(/_(one|other|zero)$/, ''), key]
      : [full.replace(/_(one|other|zero)$/, '')];
  }),
);

/** antd's own texts (date picker placeholders, pagination, empty states), per path, as our locales are. */
function antdLocale(name: string): Map<string, string> {
  const locale = createRequire(import.meta.url)(`antd/lib/locale/${name}`) as { default: Tree };
  const strings = (value: unknown, path: string): [string, string][] =>
    typeof value === 'string'
      ? [[path, value]]
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, inner]) => strings(inner, `${path}.${key}`))
        : [];
  return new Map(strings(locale.default, 'antd'));
}

/**
 * English texts whose Dutch differs, interpolation-free and no Dutch text anywhere ('Open', 'Status' are both):
 * seeing one of them on a Dutch screen means a text was not translated (or was taken from the wrong language),
 * ours or antd's (whose locale follows the reader's language).
 */
const antdEnglish = antdLocale('en_US');
const antdDutch = antdLocale('nl_NL');
const DUTCH_TEXTS = new Set([...dutch.values(), ...antdDutch.values()].map((value) => value.trim()));
const translated = (englishTexts: Map<string, string>, dutchTexts: Map<string, string>) =>
  [...englishTexts.entries()]
    .filter(
      ([key, value]) => !/\{\{|\$\{/.test(value) && dutchTexts.get(key) !== value && /[a-z]{3}/i.test(value),
    )
    .map(([, value]) => value.trim());
const ENGLISH_ONLY = new Set(
  [...translated(english, dutch), ...translated(antdEnglish, antdDutch)].filter(
    (value) => !DUTCH_TEXTS.has(value),
  ),
);

/** The texts the reader sees or hears: visible text of leaf elements, labels, placeholders and titles. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    for (const element of document.body.querySelectorAll('*')) {
      if (['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(element.tagName)) continue;
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value) texts.push(value.trim());
      }
      if (!visible(element)) continue;
      for (const node of element.childNodes) {
        if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) texts.push(node.textContent.trim());
      }
    }
    return texts;
  });
}

/** Raw translation keys on the page ('list.title', 'projects:columns.name'). */
export async function rawKeys(page: Page): Promise<string[]> {
  const texts = await pageTexts(page);
  return [
    ...new Set(
      texts.flatMap((text) =>
        text
          .split(/\s+/)
          .map((word) => word.replace(/^[("'“‘]+|[)"'”’.,:;!?]+$/g, ''))
          .filter((word) => RAW_KEYS.has(word)),
      ),
    ),
  ];
}

/** Texts of the English locale shown as they are on a Dutch screen. */
export async function englishOnDutchScreen(page: Page): Promise<string[]> {
  const texts = await pageTexts(page);
  return [...new Set(texts.filter((text) => ENGLISH_ONLY.has(text)))];
}

/** How far the page scrolls sideways (0 when it does not). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Table header words whose letters lie on more than one line ('Voorbeel|d'). */
export const brokenHeaderWords = (page: Page) => brokenWords(page, 'table thead th');

/** Words of the matching elements whose letters lie on more than one line ('alice.ande|rs'). */
export function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
      return broken;
    }),
  );
}

/** Tables that scroll sideways inside their wrapper (a phone list must not), by their first header. */
export function tablesScrollingSideways(page: Page): Promise<string[]> {
  return page
    .locator('.ui-table-wrapper, .ant-table-content')
    .evaluateAll((wrappers) =>
      wrappers
        .filter((wrapper) => wrapper.scrollWidth - wrapper.clientWidth > 1)
        .map((wrapper) => wrapper.querySelector('th')?.textContent?.trim() ?? 'table'),
    );
}

/** Table header titles wider than their room (running under the sort arrows or out of the cell). */
export function clippedHeaders(page: Page): Promise<string[]> {
  return page.locator('table thead th').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const title = cell.querySelector('.ui-table__title, .ant-table-column-title') ?? cell;
      return title.scrollWidth - title.clientWidth > 1 ? [title.textContent?.trim() ?? ''] : [];
    }),
  );
}

/**
 * Times shown broken over two lines ('04:10' above 'PM'), and how many times were looked at: every text of the page
 * with a time in it, the time's letters measured as the reader sees them.
 */
export function brokenTimes(page: Page): Promise<{ seen: number; broken: string[] }> {
  return page.evaluate(() => {
    let seen = 0;
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M\b)?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        if (!rects.length) continue;
        seen += 1;
        if (new Set(rects.map((rect) => Math.round(rect.top))).size > 1) broken.push(text.trim());
      }
    }
    return { seen, broken };
  });
}

/**
 * Date-times not written as the shared format writes them (`formatDate` with its time, src/components/cells.tsx):
 * two-digit hours, in English with AM/PM ('Mar 2, 2026, 06:09 PM'), in Dutch without ('2 mrt 2026, 18:09'). A time
 * after a year is a date-time; one written another way ('6:09 PM', '18:09' on an English screen) was formatted on
 * its own.
 */
export function unsharedDateTimes(page: Page, language: 'en' | 'nl'): Promise<string[]> {
  return page.evaluate((english) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !element.getClientRects().length) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\b\d{4},?\s+(?:om\s+)?(\d{1,2}):\d{2}(?::\d{2})?(\s*[AP]M\b)?/g)) {
        const twoDigitHour = match[1].length === 2;
        const shared = english ? twoDigitHour && !!match[2] : twoDigitHour && !match[2];
        if (!shared) found.push(match[0].replace(/\s+/g, ' '));
      }
    }
    return found;
  }, language === 'en');
}

/** Web addresses shown as links whose letters lie on more than one line ('support.port|al.test'). */
export const brokenLinks = (page: Page) => brokenWords(page, 'a[href^="http:"], a[href^="https:"]');

/**
 * Sorted columns whose values are hidden (a phone's card leaving out the column its list is sorted by), by their
 * header: the reader cannot see what the order follows.
 */
export function hiddenSortedColumns(page: Page): Promise<string[]> {
  return page.locator('table').evaluateAll((tables) =>
    tables.flatMap((table) => {
      const headers = [...table.querySelectorAll('thead th')];
      return headers.flatMap((header, index) => {
        if (!header.getAttribute('aria-sort')) return [];
        const cells = [...table.querySelectorAll('tbody tr')]
          .map((row) => row.children[index])
          .filter((cell): cell is Element => !!cell && !cell.hasAttribute('colspan'));
        const hidden = cells.some((cell) => !cell.getClientRects().length);
        return hidden ? [header.textContent?.trim() ?? ''] : [];
      });
    }),
  );
}

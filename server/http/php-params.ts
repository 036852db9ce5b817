/**
 * PHP's `parse_str` rules for queries, url-encoded bodies and multipart field names, so the portal's
 * Laravel-style parameters nest exactly as a Laravel backend would see them:
 * `items[0][id]=5` → `{items: [{id: '5'}]}`, `included_fields[]=x` → `{included_fields: ['x']}`,
 * `notification_settings[3][email]=1` → `{notification_settings: {3: {email: '1'}}}` (keys kept, unlike qs).
 * A PHP array becomes a JS array only when its keys are exactly 0…n-1 in order, as PHP's json_encode decides.
 */
import { MAX_INPUT_DEPTH } from './input-limits';

/** One level of a PHP array while it is being built: ordered keys and PHP's next free integer index. */
class PhpArray<V> {
  readonly entries = new Map<string, PhpArray<V> | V>();
  private nextIndex = 0;

  set(key: string | null, value: PhpArray<V> | V): void {
    const name = key ?? String(this.nextIndex);
    if (/^(0|-?[1-9]\d*)$/.test(name)) this.nextIndex = Math.max(this.nextIndex, Number(name) + 1);
    this.entries.set(name, value);
  }

  /** The child array at `key` (`null` = append), created when missing or when a scalar sits there. */
  child(key: string | null): PhpArray<V> {
    const existing = key === null ? undefined : this.entries.get(key);
    if (existing instanceof PhpArray) return existing;
    const created = new PhpArray<V>();
    this.set(key, created);
    return created;
  }
}

export type PhpValue<V> = V | PhpValue<V>[] | { [key: string]: PhpValue<V> };

/** `name[a][][b]` → base `name`, segments `['a', null, 'b']` (null = `[]`), with PHP's name mangling. */
function splitKey(key: string): { base: string; segments: Array<string | null> } | null {
  const open = key.indexOf('[');
  const rawBase = open === -1 ? key : key.slice(0, open);
  // PHP turns spaces and dots in the top-level name into underscores.
  const base = rawBase.replace(/^\s+/, '').replace(/[ .]/g, '_');
  if (!base) return null;
  const segments: Array<string | null> = [];
  let rest = open === -1 ? '' : key.slice(open);
  while (rest.startsWith('[') && segments.length < MAX_INPUT_DEPTH) {
    const close = rest.indexOf(']');
    if (close === -1) {
      // An unclosed bracket: PHP keeps the whole key (with `[` mangled to `_`) as a plain name.
      return segments.length ? { base, segments } : { base: key.replace(/[ .[]/g, '_'), segments: [] };
    }
    const segment = rest.slice(1, close);
    segments.push(segment === '' ? null : segment);
    rest = rest.slice(close + 1);
  }
  return { base, segments };
}

function toPlain<V>(array: PhpArray<V>, isLeaf: (value: PhpArray<V> | V) => value is V): PhpValue<V> {
  const keys = [...array.entries.keys()];
  const values = [...array.entries.values()].map((value) => (isLeaf(value) ? value : toPlain(value, isLeaf)));
  if (keys.every((key, index) => key === String(index))) return values;
  const result: { [key: string]: PhpValue<V> } = {};
  keys.forEach((key, index) => {
    // defineProperty never triggers the `__proto__` setter, so no key can pollute prototypes.
    Object.defineProperty(result, key, {
      value: values[index],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
  return result;
}

/** Nests flat `name[key][]` entries (query pairs or multipart fields, whose values may be files) like PHP. */
export function parsePhpEntries<V>(entries: Iterable<[string, V]>): Record<string, PhpValue<V>> {
  const root = new PhpArray<V>();
  for (const [key, value] of entries) {
    const parsed = splitKey(key);
    if (!parsed) continue;
    const path = [parsed.base, ...parsed.segments];
    let level = root;
    path.slice(0, -1).forEach((segment) => (level = level.child(segment)));
    level.set(path[path.length - 1], value);
  }
  const isLeaf = (value: PhpArray<V> | V): value is V => !(value instanceof PhpArray);
  const plain = toPlain(root, isLeaf);
  return Array.isArray(plain)
    ? Object.fromEntries(plain.map((value, index) => [String(index), value]))
    : (plain as Record<string, PhpValue<V>>);
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

const MAX_PARAMETERS = 10_000;

/** A query string or url-encoded body, parsed as PHP parses it (all values are strings). */
export function parsePhpQuery(text: string): Record<string, PhpValue<string>> {
  const pairs: Array<[string, string]> = [];
  for (const part of text.split('&')) {
    if (!part || pairs.length >= MAX_PARAMETERS) continue;
    const equals = part.indexOf('=');
    const key = decode(equals === -1 ? part : part.slice(0, equals));
    pairs.push([key, equals === -1 ? '' : decode(part.slice(equals + 1))]);
  }
  return parsePhpEntries(pairs);
}

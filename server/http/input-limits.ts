/**
 * The bounds every request's input is held to before it reaches a handler or the database (request-input.ts
 * applies them to every route, errors.ts answers what breaks them):
 * - integers of params, queries and bodies fit PostgreSQL's `integer` (int4) unless the schema declares its own
 *   bounds (a byte count, say), so an id of 2147483648 is a 404 or a 422, never a database error;
 * - NUL characters (which PostgreSQL text cannot hold) are refused in every string and key of the input, and
 *   so are numbers that are not finite;
 * - JSON bodies nest at most MAX_INPUT_DEPTH levels (queries and forms are cut there by php-params.ts) and are
 *   at most JSON_BODY_LIMIT bytes;
 * - a multipart body that cannot be parsed (no boundary, truncated, garbage) is a 400.
 */
import type { FastifyRequest } from 'fastify';
import { UploadedFile } from './multipart-files';

/** PostgreSQL's `integer`: every id column and every integer the API stores. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** Deepest nesting of arrays and objects in a JSON body, a query or a form (PHP's `parse_str` stops there too). */
export const MAX_INPUT_DEPTH = 64;

/** Largest JSON or url-encoded body (files travel as multipart or resumable uploads, with their own limits). */
export const JSON_BODY_LIMIT = 2 * 1024 * 1024;

const isIntegerType = (type: unknown) =>
  type === 'integer' || (Array.isArray(type) && type.includes('integer'));

/**
 * A copy of a JSON schema in which every integer without its own bounds is bounded to int4 (the copy leaves
 * schemas that several routes share untouched).
 */
export function withInt4Bounds(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withInt4Bounds);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    // `properties` maps names to schemas; `enum`, `const` and `default` hold values, not schemas.
    copy[key] = ['enum', 'const', 'default', 'examples'].includes(key) ? value : withInt4Bounds(value);
  }
  if (isIntegerType(copy.type)) {
    copy.minimum ??= INT4_MIN;
    copy.maximum ??= INT4_MAX;
  }
  return copy;
}

export type InputProblem = 'nul' | 'non-finite';

export interface InvalidInput {
  /** The dotted field key (`filter.search`, `items.0.name`; `body` for the body as a whole). */
  field: string;
  problem: InputProblem;
}

/**
 * Every string or key in `value` holding a NUL character, and every number that is not finite: ajv's type
 * coercion turns `?page=1e309` into Infinity and lets it pass `maximum`, and JSON's `1e400` parses to Infinity.
 */
export function invalidInput(
  value: unknown,
  path: string[] = [],
  found: InvalidInput[] = [],
): InvalidInput[] {
  const field = path.join('.') || 'body';
  if (typeof value === 'string') {
    if (value.includes('\0')) found.push({ field, problem: 'nul' });
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) found.push({ field, problem: 'non-finite' });
  } else if (value instanceof UploadedFile) {
    if (value.filename.includes('\0')) found.push({ field, problem: 'nul' });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => invalidInput(item, [...path, String(index)], found));
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) found.push({ field: [...path, key].join('.'), problem: 'nul' });
      else invalidInput(item, [...path, key], found);
    }
  }
  return found;
}

/** Whether a JSON text nests arrays and objects deeper than `limit` (brackets inside strings do not count). */
export function nestsDeeperThan(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index += 1) {
    const char = json[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === ']' || char === '}') depth -= 1;
  }
  return false;
}

/**
 * Requests whose multipart body is being parsed: an error thrown while a request is in this set came from the
 * multipart parser, so the body was malformed (request-input.ts marks the window around @fastify/multipart).
 */
const parsingMultipart = new WeakSet<FastifyRequest>();

export const multipartParsing = {
  start: (request: FastifyRequest) => parsingMultipart.add(request),
  finish: (request: FastifyRequest) => parsingMultipart.delete(request),
  failed: (request: FastifyRequest) => parsingMultipart.has(request),
};

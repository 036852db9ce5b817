/**
 * Request input as Laravel sees it, for every route:
 * - queries and url-encoded bodies parse with PHP's rules (php-params.ts); multipart fields too, with file parts
 *   streamed to temporary files and appearing in the body as UploadedFile values;
 * - strings are trimmed and empty strings become null (Laravel's TrimStrings and ConvertEmptyStringsToNull),
 *   except password fields; null fields sit out schema validation (type coercion would turn them into '', 0 or
 *   false) and are back in the body for the handler, so a required field that is null fails as "required";
 * - a body reaches its handler with the fields its schema declares only (`dropUndeclared`, at every level whose
 *   properties the schema lists), and every key of the input is an own property (`__proto__` included), so no
 *   field a client names (`constructor`, `toString`, a column nobody declared) becomes a column or a prototype;
 * - a write (POST, PATCH, PUT, DELETE) without a body has the empty object as its body;
 * - method spoofing: every PATCH, PUT or DELETE route also answers POST, and a POST there must name the method
 *   in `_method` (body of any content type, or query) or `X-HTTP-Method-Override`, as Laravel routes
 *   `POST + _method=PATCH` (how forms with files update). `_method` never reaches the handler. A POST that names
 *   no such method answers Laravel's 405. Consequences: a URL cannot also have a real POST route (Fastify refuses
 *   the duplicate at start-up unless the POST route was registered first, in which case no alias is added), and
 *   where one URL has several of PATCH, PUT and DELETE, POST spoofs the first registered only;
 * - the limits of input-limits.ts hold for every route: integers of every route's params, query and body schema
 *   are bounded to int4 (an out-of-range path id is a 404, anything else a 422), a NUL character anywhere in the
 *   path is a 404 and in the query or body a 422 (after the route's guards, so 401 and 403 still come first),
 *   JSON bodies are limited in size (413) and depth (400), and a malformed multipart body is a 400.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { receiveFilePart, registerUploadCleanup, UploadedFile } from './multipart-files';
import { badRequest, methodNotAllowed, notFound, ValidationError } from '../errors/http-errors';
import {
  invalidInput,
  JSON_BODY_LIMIT,
  MAX_INPUT_DEPTH,
  multipartParsing,
  nestsDeeperThan,
  withInt4Bounds,
} from './input-limits';
import { parsePhpEntries, parsePhpQuery } from './php-params';

const OVERRIDABLE = ['PATCH', 'PUT', 'DELETE'];

/** The method a route answered: a spoofed POST (`_method=PATCH`) counts as the method it stood for. */
export function effectiveMethod(request: FastifyRequest): string {
  const spoofed = request.routeOptions.config.spoofedMethods;
  return request.method === 'POST' && spoofed?.length ? spoofed[0] : request.method;
}

/** The body types every write accepts (a route's `consumes`, so the API docs offer all three). */
export const FORM_CONTENT_TYPES = [
  'application/json',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
];
/** Fields Laravel's TrimStrings leaves alone. */
const UNTRIMMED = new Set([
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'new_password_confirmation',
]);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spoofable methods of a route that also answers POST (set by the method-override onRoute hook). */
    spoofedMethods?: string[];
  }
}

/**
 * Sets the own property `key` of `target`: an input's key is data, so `__proto__` is a key like any other and
 * never the setter of the object's prototype (which `target[key] = value` would call).
 */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function normaliseInput(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    const text = UNTRIMMED.has(key) ? value : value.trim();
    return text === '' ? null : text;
  }
  if (Array.isArray(value)) return value.map((item) => normaliseInput(item, key));
  if (value && typeof value === 'object' && !(value instanceof UploadedFile) && !Buffer.isBuffer(value)) {
    for (const [child, item] of Object.entries(value))
      setOwn(value as Record<string, unknown>, child, normaliseInput(item, child));
  }
  return value;
}

/** Multipart keyValues bodies have flat names (`items[0][id]`, repeated `ids[]`): nest them like PHP. */
function nestMultipartFields(body: Record<string, unknown>): Record<string, unknown> {
  const entries: Array<[string, unknown]> = [];
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) value.forEach((item) => entries.push([name, item]));
    else entries.push([name, value]);
  }
  return parsePhpEntries(entries);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof UploadedFile);

type NullField = [parent: Record<string, unknown>, key: string];
const nullFields = new WeakMap<FastifyRequest, NullField[]>();

/** What request-input.ts reads of a route's JSON schema (TypeBox's, as a route declares it). */
interface InputSchema {
  properties?: Record<string, InputSchema>;
  additionalProperties?: unknown;
  patternProperties?: unknown;
  anyOf?: InputSchema[];
  oneOf?: InputSchema[];
  items?: InputSchema | InputSchema[];
}

const isSchema = (value: unknown): value is InputSchema => !!value && typeof value === 'object';

/**
 * Removes from `value` every key its schema does not declare as a property, at every level where the schema
 * lists an object's properties and allows no others of its own (`additionalProperties`, `patternProperties`:
 * a `Type.Record`'s keys are data and stay). A handler, and the default CRUD writes that make columns of a body's
 * fields, never see a name nobody declared (`__proto__`, `constructor`, `toString`, a column of the table the
 * route does not write), as Laravel's `validated()` leaves them out.
 */
function dropUndeclared(value: unknown, schema: unknown): void {
  if (!isSchema(schema)) return;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    // Nullable(Type.Object(…)) and the like: the object branch, where there is exactly one.
    const objects = union.filter((branch) => isSchema(branch) && branch.properties);
    if (objects.length === 1) dropUndeclared(value, objects[0]);
    return;
  }
  if (Array.isArray(value)) {
    if (isSchema(schema.items) && !Array.isArray(schema.items))
      value.forEach((item) => dropUndeclared(item, schema.items));
    return;
  }
  const { properties } = schema;
  if (!isRecord(value) || !properties) return;
  const closed = schema.additionalProperties === undefined || schema.additionalProperties === false;
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(properties, key)) dropUndeclared(value[key], properties[key]);
    else if (closed && schema.patternProperties === undefined) delete value[key];
  }
}

/** Removes the null properties of every object in `value`, returning where they were. */
function takeNulls(value: unknown, found: NullField[] = []): NullField[] {
  if (Array.isArray(value)) value.forEach((item) => takeNulls(item, found));
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (item === null) {
        found.push([value, key]);
        delete value[key];
      } else takeNulls(item, found);
    }
  }
  return found;
}

function spoofedMethod(request: FastifyRequest): string | null {
  const header = request.headers['x-http-method-override'];
  const fromBody = isRecord(request.body) ? request.body._method : undefined;
  const fromQuery = isRecord(request.query) ? request.query._method : undefined;
  const named = typeof header === 'string' ? header : (fromBody ?? fromQuery);
  return typeof named === 'string' ? named.toUpperCase() : null;
}

const INVALID_INPUT_WORDING = {
  nul: 'must not contain null characters',
  'non-finite': 'must be a number',
} as const;

/** A 422 naming every field holding a NUL character (PostgreSQL text cannot store it) or a non-finite number. */
function refuseInvalidInput(input: unknown): void {
  const problems = invalidInput(input);
  if (!problems.length) return;
  throw new ValidationError(
    Object.fromEntries(
      problems.map(({ field, problem }) => [
        field,
        [`The ${field.replace(/_/g, ' ')} field ${INVALID_INPUT_WORDING[problem]}.`],
      ]),
    ),
  );
}

export async function registerRequestInput(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/x-www-form-urlencoded');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (_request, body, done) => done(null, parsePhpQuery(String(body))),
  );
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (request, body, done) => {
      const text = String(body);
      if (nestsDeeperThan(text, MAX_INPUT_DEPTH)) {
        done(badRequest(`The JSON body nests more than ${MAX_INPUT_DEPTH} levels deep.`), undefined);
      } else parseJson(request, text, done);
    },
  );

  // A path holding a NUL names nothing (404), before any guard or database lookup sees it.
  app.addHook('onRequest', async (request) => {
    if (invalidInput(request.params).length) throw notFound();
  });
  // Marks the window in which @fastify/multipart's preValidation hook (registered next) parses the body.
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) multipartParsing.start(request);
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: receiveFilePart,
    limits: { fileSize: 1024 * 1024 * 1024, parts: 10_000 },
  });
  registerUploadCleanup(app);

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const spoofable = methods.filter((method) => OVERRIDABLE.includes(method));
    if (!spoofable.length || methods.includes('POST')) return;
    if (app.hasRoute({ method: 'POST', url: route.url })) return;
    route.method = [...methods, 'POST'];
    route.config = { ...route.config, spoofedMethods: spoofable };
  });

  // Integers of every route's input fit the int4 columns they end up in (a schema's own bounds are kept).
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.schema) return;
    const { params, querystring, body } = route.schema;
    route.schema = {
      ...route.schema,
      ...(params ? { params: withInt4Bounds(params) } : {}),
      ...(querystring ? { querystring: withInt4Bounds(querystring) } : {}),
      ...(body ? { body: withInt4Bounds(body) } : {}),
    };
  });

  // Runs after @fastify/multipart's own preValidation hook (registered above), before schema validation.
  app.addHook('preValidation', async (request) => {
    multipartParsing.finish(request);
    if (request.isMultipart() && isRecord(request.body)) request.body = nestMultipartFields(request.body);
    // A write without a body has empty input, as in Laravel (so optional-field schemas accept it).
    if (
      (request.body === undefined || request.body === null) &&
      !['GET', 'HEAD', 'OPTIONS'].includes(request.method)
    ) {
      request.body = {};
    }
    if (request.body !== undefined) request.body = normaliseInput(request.body);

    const spoofable = request.routeOptions.config.spoofedMethods;
    if (request.method === 'POST' && spoofable) {
      const method = spoofedMethod(request);
      if (!method || !spoofable.includes(method)) throw methodNotAllowed('POST', request.url, spoofable);
    }
    if (isRecord(request.body)) delete request.body._method;
    if (isRecord(request.query)) delete request.query._method;
    nullFields.set(request, takeNulls(request.body));
  });

  // After schema validation and the routes' guards (route-level preValidation hooks): what the database cannot
  // take is refused before a handler can send it there (a path param that coercion made Infinity: 404); then the
  // null fields are back, unless validation filled in a default, and the fields the body schema does not declare
  // are gone.
  app.addHook('preHandler', async (request) => {
    if (invalidInput(request.params).length) throw notFound();
    refuseInvalidInput(request.query);
    refuseInvalidInput(request.body);
    for (const [parent, key] of nullFields.get(request) ?? [])
      if (!Object.hasOwn(parent, key)) setOwn(parent, key, null);
    dropUndeclared(request.body, request.routeOptions.schema?.body);
  });
}

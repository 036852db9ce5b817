/**
 * Generated bad requests for the fuzz suite (fuzz.test.ts): the operations of the server's OpenAPI document and
 * fast-check arbitraries of hostile input for their path parameters, queries and bodies (NUL characters, numbers
 * outside int4 or not finite, floats, wrong types, deep nesting, foreign ids, malformed JSON and multipart); the
 * routes of the Fastify app itself (`routesOf`); the values every declared list filter is tried with; and write
 * bodies that are plausible for their schema but carry a field named after a prototype property.
 */
import fc from 'fast-check';

export interface Operation {
  method: string;
  /** Path template as the document writes it: `/api/v2/projects/{id}`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Property names of the request body's schema (any content type). */
  bodyFields: string[];
  /** The request body's schema (its JSON one where it has several content types). */
  bodySchema?: BodySchema;
}

/** What the suite reads of a JSON schema in the OpenAPI document. */
export interface BodySchema {
  type?: string | string[];
  properties?: Record<string, BodySchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: BodySchema[];
  items?: BodySchema;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content?: Record<string, { schema?: BodySchema }> };
      }
    >
  >;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const bodyFields = new Set<string>();
      const contents = operation.requestBody?.content ?? {};
      for (const content of Object.values(contents))
        Object.keys(content.schema?.properties ?? {}).forEach((field) => bodyFields.add(field));
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]),
        queryParams: parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name),
        bodyFields: [...bodyFields],
        bodySchema: (contents['application/json'] ?? Object.values(contents)[0])?.schema,
      });
    }
  }
  return operations;
}

/** One request as the fuzz suite sends it. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Numbers as text that no int4 column holds, that are not integers, or not numbers at all. */
const numberText = fc.constantFrom(
  '2147483648',
  '-2147483649',
  '99999999999',
  '99999999999999999999',
  '1e309',
  '-1e309',
  '1.5',
  '-1',
  '0',
  'NaN',
  'Infinity',
  '0x10',
  '1e5',
);
const withNul = fc
  .tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }))
  .map(([before, after]) => `${before}\0${after}`);
const oddText = fc.constantFrom('', ' ', '[]', '{}', '%', '\\', "'", '"', 'null', 'true', '<b>x</b>', 'é🙂');

/** Text input: hostile numbers, NUL characters, odd and random strings, and the given (own and foreign) ids. */
export function badText(ids: number[]): fc.Arbitrary<string> {
  return fc.oneof(
    numberText,
    withNul,
    oddText,
    fc.string({ maxLength: 12 }),
    fc.constantFrom(...ids.map(String)),
  );
}

/** Nested arrays `depth` levels deep. */
const nested = (depth: number): unknown =>
  Array.from({ length: depth }).reduce<unknown>((inner) => [inner], 1);

/** A JSON value of the wrong kind, range or depth. */
export function badJsonValue(ids: number[]): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    badText(ids),
    fc.constantFrom(2147483648, -2147483649, 1e20, 1.5, -1, 0, Number.MAX_SAFE_INTEGER, ...ids),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  );
  return fc.oneof(
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 4 }), scalar, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(nested(40), nested(200)) },
  );
}

const BOUNDARY = 'fuzzboundary';
const part = (name: string, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${
    filename === undefined ? '' : `; filename="${filename}"`
  }\r\n${filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n'}\r\n${value}\r\n`;

type Body = { contentType: string; text: string } | null;

/** Request bodies: hostile JSON objects, raw JSON that parses badly, forms, and good and malformed multipart. */
export function badBody(fields: string[], ids: number[]): fc.Arbitrary<Body> {
  const names = fields.length ? fields : ['name'];
  const field = fc.oneof(fc.constantFrom(...names), fc.constantFrom('_method', 'a\0b', 'items[0][id]'));
  const entries = fc.array(fc.tuple(field, badJsonValue(ids)), { minLength: 1, maxLength: 4 });
  const textEntries = fc.array(fc.tuple(field, badText(ids)), { minLength: 1, maxLength: 4 });
  const json = entries.map((pairs) => ({
    contentType: 'application/json',
    text: JSON.stringify(Object.fromEntries(pairs)),
  }));
  const rawJson = fc
    .tuple(
      fc.constantFrom(...names),
      fc.constantFrom(
        '{"F":1e400}',
        '{"F":-1e400}',
        '{"F":99999999999999999999}',
        '{"F":"a\\u0000b"}',
        '{"F":',
        'not json',
        '[]',
        '"text"',
        '123',
        'null',
        '',
        `{"F":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        '{"__proto__":{"admin":true}}',
      ),
    )
    .map(([name, text]) => ({ contentType: 'application/json', text: text.replace('F', name) }));
  const form = textEntries.map((pairs) => ({
    contentType: 'application/x-www-form-urlencoded',
    text: pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&'),
  }));
  const multipart = fc
    .tuple(
      textEntries,
      fc.option(fc.tuple(field, fc.oneof(withNul, fc.string({ maxLength: 8 }))), { nil: undefined }),
    )
    .map(([pairs, file]) => ({
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      text: `${pairs.map(([name, value]) => part(name, value)).join('')}${
        file ? part(file[0], 'v 0 0 0\n', file[1]) : ''
      }--${BOUNDARY}--\r\n`,
    }));
  const malformedMultipart = fc.constantFrom(
    { contentType: 'multipart/form-data', text: part('name', 'x') },
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, text: part('name', 'x').slice(0, 40) },
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, text: 'garbage\r\n\r\n' },
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, text: `--${BOUNDARY}\r\nno header end` },
    { contentType: 'multipart/form-data; boundary=other', text: `${part('name', 'x')}--${BOUNDARY}--\r\n` },
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, text: '' },
  );
  return fc.oneof(json, rawJson, form, multipart, malformedMultipart, fc.constant(null));
}

/** A query string of the operation's parameters (and list conventions) with hostile values and keys. */
export function badQuery(parameters: string[], ids: number[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    fc.constantFrom(...parameters, 'page', 'per_page', 'trashed', 'sort', '_method'),
    fc
      .constantFrom('search', 'label', 'parent_id', 'project_id', 'status', 'user', 'a\0b')
      .map((key) => `filter[${key}]`),
    fc.constantFrom(
      'included_fields[]',
      'excluded_fields[]',
      'filter[]',
      'page[0][1]',
      `${'a['.repeat(100)}`,
    ),
  );
  return fc
    .array(fc.tuple(name, badText(ids)), { maxLength: 4 })
    .map((pairs) =>
      pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&'),
    );
}

/** A request to the operation with hostile path parameters, query and body. */
export function badRequest(operation: Operation, ids: number[]): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(...operation.pathParams.map(() => badText(ids)));
  const hasBody = operation.method !== 'GET';
  return fc
    .record({
      params: operation.pathParams.length ? params : fc.constant([] as string[]),
      query: badQuery(operation.queryParams, ids),
      body: hasBody ? badBody(operation.bodyFields, ids) : fc.constant(null),
      // POST also reaches the PATCH, PUT and DELETE routes of its URL when it names the method.
      override: operation.method === 'POST' ? fc.constantFrom('PATCH', 'DELETE', 'PUT', '') : fc.constant(''),
    })
    .map(({ params: values, query, body, override }) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[index++] ?? ''));
      return {
        method: operation.method,
        path: query ? `${path}?${query}` : path,
        headers: {
          ...(body ? { 'Content-Type': body.contentType } : {}),
          ...(override ? { 'X-HTTP-Method-Override': override } : {}),
        },
        ...(body ? { body: body.text } : {}),
      };
    });
}

/** A route of the Fastify app: its method and its path in the document's form (`/api/v2/labels/{id}`). */
export interface AppRoute {
  method: string;
  path: string;
}

/**
 * Every route of the app, read from Fastify's own route tree (`app.printRoutes({commonPrefix: false})`: one line
 * per node, four characters of indentation per level, the node's methods in brackets), so a route the OpenAPI
 * document hides is listed too.
 */
export function routesOf(printed: string): AppRoute[] {
  const routes: AppRoute[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    if (!match[3]) continue;
    const path = stack.join('').replace(/:([A-Za-z_]\w*)/g, '{$1}');
    for (const method of match[3].split(',')) routes.push({ method: method.trim(), path });
  }
  return routes;
}

/** What every declared filter of every list is tried with: none may answer a 5xx. */
export const HOSTILE_FILTER_VALUES = ['abc', '1e400', '1.5', 'Infinity', '-0', '', '1,abc', '2147483648'];

/** A filter name no list declares; its 400 names the filters the list does declare. */
export const PROBE_FILTER = 'fuzz_probe';

/**
 * The filters a list declares, from its answer to `filter[fuzz_probe]=1` (spatie's 400: "Requested filter(s)
 * `fuzz_probe` are not allowed. Allowed filter(s) are `search, status`."), or null when it answered otherwise.
 */
export function allowedFilters(status: number, body: unknown): string[] | null {
  const message = (body as { message?: unknown } | null)?.message;
  if (status !== 400 || typeof message !== 'string') return null;
  const allowed = /Allowed filter\(s\) are `([^`]*)`\./.exec(message);
  if (!allowed) return null;
  return allowed[1] ? allowed[1].split(', ') : [];
}

/** Field names that are properties of every plain object: no body may turn one into a column or a prototype. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

type Plain = string | number | boolean | Plain[] | { [key: string]: Plain };

const firstBranch = (schema: BodySchema): BodySchema =>
  schema.anyOf?.find((branch) => branch.type !== 'null') ?? schema;

/**
 * A value the schema plausibly accepts (required properties only), so that a request gets past validation to
 * the handler and its SQL; undefined for a file or anything else it cannot make up. `n` makes names unique.
 */
function plausibleValue(schema: BodySchema | undefined, n: number, ids: number[]): Plain | undefined {
  if (!schema) return undefined;
  const branch = firstBranch(schema);
  if (branch.enum?.length) return branch.enum[0] as Plain;
  const type = Array.isArray(branch.type) ? branch.type.find((item) => item !== 'null') : branch.type;
  switch (type) {
    case 'string': {
      if (branch.format === 'email') return `fuzz${n}@example.test`;
      if (branch.format?.startsWith('date')) return new Date(Date.now() + 86_400_000).toISOString();
      const candidates = [`Fuzz ${n}`, `fuzz${n}`, '#336699', 'a'];
      const pattern = branch.pattern ? new RegExp(branch.pattern, 'u') : null;
      const text = candidates.find((candidate) => !pattern || pattern.test(candidate)) ?? `fuzz${n}`;
      return text.slice(0, branch.maxLength ?? text.length);
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(branch.minimum ?? ids[0] ?? 1, 1), branch.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'array': {
      const item = plausibleValue(branch.items, n, ids);
      return branch.minItems && item !== undefined ? [item] : [];
    }
    case 'object':
      return plausibleObject(branch, n, ids);
    default:
      return undefined;
  }
}

function plausibleObject(schema: BodySchema, n: number, ids: number[]): { [key: string]: Plain } {
  const body: { [key: string]: Plain } = {};
  for (const field of schema.required ?? []) {
    const value = plausibleValue(schema.properties?.[field], n, ids);
    if (value !== undefined) body[field] = value;
  }
  return body;
}

/** `{a: {b: [1]}}` as PHP-style form fields: `a[b][0]=1` (booleans as 1 and 0). */
function formFields(
  value: Plain,
  prefix: string,
  fields: Array<[string, string]> = [],
): Array<[string, string]> {
  if (Array.isArray(value)) value.forEach((item, index) => formFields(item, `${prefix}[${index}]`, fields));
  else if (typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      formFields(item, prefix ? `${prefix}[${key}]` : key, fields);
  else fields.push([prefix, typeof value === 'boolean' ? (value ? '1' : '0') : String(value)]);
  return fields;
}

/** One body of a write request: how it is sent and what it carries. */
export interface KeyedBody {
  label: string;
  contentType: string;
  text: string;
}

/**
 * Bodies plausible for the schema that also carry the field `key` (a prototype property's name): at the top
 * level and inside every object the body declares, with a text value and with a nested one, each as JSON, as a
 * url-encoded form and as multipart.
 */
export function keyedBodies(
  schema: BodySchema | undefined,
  key: string,
  n: number,
  ids: number[],
): KeyedBody[] {
  const base = schema ? plausibleObject(firstBranch(schema), n, ids) : {};
  const objectFields = Object.entries(schema ? (firstBranch(schema).properties ?? {}) : {})
    .filter(([, property]) => firstBranch(property).type === 'object')
    .map(([field]) => field);
  const variants: Array<[string, { [key: string]: Plain }]> = [];
  for (const value of ['x', { admin: '1' }] as Plain[]) {
    const top: { [key: string]: Plain } = { ...base };
    // defineProperty: a plain assignment of `__proto__` would set the prototype instead of adding the field.
    Object.defineProperty(top, key, { value, enumerable: true, writable: true, configurable: true });
    variants.push([`${key}=${JSON.stringify(value)}`, top]);
    for (const field of objectFields) {
      const inner: { [key: string]: Plain } = {};
      Object.defineProperty(inner, key, { value, enumerable: true, writable: true, configurable: true });
      variants.push([`${field}.${key}=${JSON.stringify(value)}`, { ...base, [field]: inner }]);
    }
  }
  return variants.flatMap(([label, body]) => {
    const fields = formFields(body, '');
    return [
      { label: `json ${label}`, contentType: 'application/json', text: JSON.stringify(body) },
      {
        label: `form ${label}`,
        contentType: 'application/x-www-form-urlencoded',
        text: fields
          .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
          .join('&'),
      },
      {
        label: `multipart ${label}`,
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        text: `${fields.map(([name, value]) => part(name, value)).join('')}--${BOUNDARY}--\r\n`,
      },
    ];
  });
}

/**
 * Generated bad requests for the fuzz suite (fuzz.test.ts): the operations of the server's OpenAPI document and
 * fast-check arbitraries of hostile input for their path parameters, queries and bodies (NUL characters, numbers
 * outside int4 or not finite, floats, wrong types, deep nesting, foreign ids, malformed JSON and multipart).
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
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
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
      for (const content of Object.values(operation.requestBody?.content ?? {}))
        Object.keys(content.schema?.properties ?? {}).forEach((field) => bodyFields.add(field));
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]),
        queryParams: parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name),
        bodyFields: [...bodyFields],
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

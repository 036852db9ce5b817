/**
 * Fastify's compilers of the routes' schemas (Ajv for what a request sends, fast-json-stringify for what a route
 * answers), each schema compiled once per process. Fastify makes new compilers for every app it builds, and
 * compiling the routes' schemas was most of an app's start: about 1 s of CPU of its 1.4 s, measured with a CPU
 * profile of a test server's start. A process runs one app in production, where this changes nothing; a process
 * that builds many (a server test worker starts the servers of file after file) compiles each schema once.
 *
 * Fastify treats compilers given this way as custom: it passes a route's `headers` schema as declared instead of
 * lower-casing its property names first. No route declares one; a route that does names its headers in lower case
 * (as Node hands them over).
 */
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

/** A compiler of one route's schema, as Fastify calls it: with the route's definition, its schema in it. */
type RouteCompiler = (definition: never) => unknown;

/**
 * `compile`, remembering in `compiled` what it made of each route's schema, by the schema as JSON (its symbols,
 * TypeBox's kinds, mean nothing to the compilers).
 */
function remembering<Compiler extends RouteCompiler>(
  compile: Compiler,
  compiled: Map<string, unknown>,
): Compiler {
  // Called as Fastify calls `compile`, with the route's definition: the libraries declare other parameter types
  // (Ajv's compiler takes a schema in @fastify/ajv-compiler's types).
  const compileRoute = compile as unknown as (definition: { schema?: unknown }) => unknown;
  const rememberingCompile = (definition: { schema?: unknown }) => {
    const schema = JSON.stringify(definition.schema);
    if (!compiled.has(schema)) compiled.set(schema, compileRoute(definition));
    return compiled.get(schema);
  };
  return rememberingCompile as unknown as Compiler;
}

/**
 * What was compiled for apps of these shared schemas and options, as JSON: the apps of one process are configured
 * alike, and the options' functions (Ajv plugins) are the same modules.
 */
function compiledFor(byApp: Map<string, Map<string, unknown>>, app: unknown): Map<string, unknown> {
  const key = JSON.stringify(app);
  const compiled = byApp.get(key) ?? new Map<string, unknown>();
  byApp.set(key, compiled);
  return compiled;
}

const validatorsByApp = new Map<string, Map<string, unknown>>();
const serializersByApp = new Map<string, Map<string, unknown>>();
const validators = AjvCompiler();
const serializers = SerializerSelector();

const buildValidator: typeof validators = (externalSchemas, options) =>
  remembering(validators(externalSchemas, options), compiledFor(validatorsByApp, [externalSchemas, options]));

const buildSerializer: typeof serializers = (externalSchemas, options) =>
  remembering(
    serializers(externalSchemas, options),
    compiledFor(serializersByApp, [externalSchemas, options]),
  );

export const schemaCompilers = { buildValidator, buildSerializer };

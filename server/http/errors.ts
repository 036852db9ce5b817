/**
 * Laravel-shaped error bodies: 401/403/404/405/429, 400 for query-builder errors and malformed bodies, 413 for
 * oversized ones, 422 {message, errors} for validation (schema failures are worded like Laravel's validator),
 * 404 for malformed path parameters (as a route-model binding would answer), 500 'Server Error'. No body ever
 * carries a stack, a query or a database message. The errors themselves (`HttpError`, `ValidationError`, …) are
 * server/errors/http-errors.ts, below every layer that throws them; this is how the HTTP layer answers them.
 */
import type { FastifyError, FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { type FieldErrors, HttpError, validationMessage } from '../errors/http-errors';

interface SchemaIssue {
  keyword: string;
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
  /** The offending value (ajv's `verbose` option). */
  data?: unknown;
}

/** `/items/0/id` or a missing property → the dotted field key Laravel would use (`items.0.id`). */
function fieldOf(issue: SchemaIssue): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = issue.params?.missingProperty;
  if (typeof missing === 'string') return path ? `${path}.${missing}` : missing;
  return path || 'body';
}

const TYPE_WORDING: Record<string, string> = {
  string: 'must be a string',
  integer: 'must be an integer',
  number: 'must be a number',
  boolean: 'must be true or false',
  array: 'must be an array',
  object: 'must be an array',
  null: 'must be empty',
};

/** One Laravel-worded message for a schema issue, or null when another issue of the field says it better. */
function laravelMessage(issue: SchemaIssue, label: string): string | null {
  const limit = issue.params?.limit;
  // Inputs are trimmed and '' becomes null (as in Laravel): an empty value where one must be is a missing one.
  if (issue.data === null || issue.data === '') return `The ${label} field is required.`;
  switch (issue.keyword) {
    case 'required':
      return `The ${label} field is required.`;
    case 'type': {
      const type = String(issue.params?.type ?? '').split(',')[0];
      return `The ${label} field ${TYPE_WORDING[type] ?? 'is invalid'}.`;
    }
    case 'format':
      if (issue.params?.format === 'email') return `The ${label} field must be a valid email address.`;
      if (String(issue.params?.format).startsWith('date')) return `The ${label} field must be a valid date.`;
      return `The ${label} field format is invalid.`;
    case 'minLength':
      return `The ${label} field must be at least ${limit} characters.`;
    case 'maxLength':
      return `The ${label} field must not be greater than ${limit} characters.`;
    case 'minimum':
      return `The ${label} field must be at least ${limit}.`;
    case 'maximum':
      return `The ${label} field must not be greater than ${limit}.`;
    case 'minItems':
      return `The ${label} field must have at least ${limit} items.`;
    case 'maxItems':
      return `The ${label} field must not have more than ${limit} items.`;
    case 'pattern':
      return `The ${label} field format is invalid.`;
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return `The selected ${label} is invalid.`;
    default:
      return null;
  }
}

/** Issue kinds in the order their message is preferred when one field has several (e.g. a union's branches). */
const PREFERENCE = [
  'required',
  'not',
  'type',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'pattern',
];
const rank = (keyword: string) => {
  const index = PREFERENCE.indexOf(keyword);
  return index === -1 ? PREFERENCE.length : index;
};

const isNullBranch = (issue: SchemaIssue) => issue.keyword === 'type' && issue.params?.type === 'null';

/**
 * One Laravel message per invalid field, fields in the order the schema declares them (Laravel reports in rule
 * order), so the summary line names the first field of the form.
 */
export function schemaValidationErrors(issues: SchemaIssue[], fieldOrder: string[] = []): FieldErrors {
  const byField = new Map<string, SchemaIssue[]>();
  for (const issue of issues) {
    const field = fieldOf(issue);
    byField.set(field, [...(byField.get(field) ?? []), issue]);
  }
  const position = (field: string) => {
    const index = fieldOrder.indexOf(field.split('.')[0]);
    return index === -1 ? fieldOrder.length : index;
  };
  const fields = [...byField.keys()];
  const errors: FieldErrors = {};
  for (const [field, fieldIssues] of [...byField].sort(([a], [b]) => position(a) - position(b))) {
    const label = field.replace(/_/g, ' ');
    // A Nullable field's null branch ("must be null") says nothing when the value broke the other branch.
    const informative = fieldIssues.filter((issue) => !isNullBranch(issue));
    // Nor does a Nullable object's or array's union when a field inside it says what is wrong (`point.0`).
    const nested = fields.some((other) => other.startsWith(`${field}.`));
    if (nested && informative.every((issue) => issue.keyword === 'anyOf')) continue;
    const candidates = informative.some((issue) => issue.keyword !== 'anyOf') ? informative : fieldIssues;
    const best = [...candidates].sort((a, b) => rank(a.keyword) - rank(b.keyword))[0];
    errors[field] = [laravelMessage(best, label) ?? `The ${label} field is invalid.`];
  }
  return errors;
}

/** The property names a route's body or querystring schema declares, in order. */
function declaredFields(schema: FastifySchema | undefined, context: string | undefined): string[] {
  const part =
    context === 'body' ? schema?.body : context === 'querystring' ? schema?.querystring : undefined;
  const properties = (part as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a number out of its column's range, text that is not valid for
 * its type, a NUL character): input the guards of input-limits.ts should have stopped. Bad input all the same,
 * so a 422, never a 500.
 */
const isDataException = (error: FastifyError) => /^22[0-9A-Z]{3}$/.test(String(error.code ?? ''));

export interface ErrorHandlingOptions {
  /** Whether the request failed while its body was being parsed (a malformed multipart body: 400). */
  failedParsingBody?: (request: FastifyRequest) => boolean;
}

export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
    if (options.failedParsingBody?.(request) && (error.statusCode ?? 500) >= 500) {
      request.log.info({ err: error }, 'Malformed request body');
      return reply.status(400).send({ message: 'The request body is malformed.' });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'Input the database refused');
      return reply.status(422).send({ message: 'The given data was invalid.', errors: {} });
    }
    if (error.validation) {
      if (error.validationContext === 'params') return reply.status(404).send({ message: 'Not Found.' });
      const errors = schemaValidationErrors(
        error.validation as SchemaIssue[],
        declaredFields(request.routeOptions.schema, error.validationContext),
      );
      return reply.status(422).send({ message: validationMessage(errors), errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(status).send({ message: 'Server Error' });
    }
    return reply.status(status).send({ message: error.message });
  });
}

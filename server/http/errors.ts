/** Laravel-shaped error bodies: 404 for unknown routes, 422 {message, errors} for validation, 500 'Server Error'. */
import type { FastifyError, FastifyInstance } from 'fastify';

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly body: Record<string, unknown> = { message },
  ) {
    super(message);
  }
}

export type FieldErrors = Record<string, string[]>;

/** Laravel's summary line: the first message, then '(and N more error(s))'. */
export function validationMessage(errors: FieldErrors): string {
  const messages = Object.values(errors).flat();
  if (!messages.length) return 'The given data was invalid.';
  const more = messages.length - 1;
  return more === 0 ? messages[0] : `${messages[0]} (and ${more} more error${more === 1 ? '' : 's'})`;
}

export class ValidationError extends HttpError {
  constructor(public readonly errors: FieldErrors) {
    super(422, validationMessage(errors), { message: validationMessage(errors), errors });
  }
}

export const notFound = (message = 'Not Found.') => new HttpError(404, message);
export const forbidden = () => new HttpError(403, 'This action is unauthorized.');
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');

/** Turns a JSON-schema path like `/items/0/id` or `must have required property 'name'` into a field key. */
function fieldOf(error: { instancePath?: string; params?: Record<string, unknown> }): string {
  const path = (error.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = error.params?.missingProperty;
  if (typeof missing === 'string') return path ? `${path}.${missing}` : missing;
  return path || 'body';
}

function schemaValidationErrors(error: FastifyError): FieldErrors {
  const errors: FieldErrors = {};
  for (const item of error.validation ?? []) {
    const field = fieldOf(item as { instancePath?: string; params?: Record<string, unknown> });
    const label = field.split('.').pop()!.replace(/_/g, ' ');
    const message =
      item.keyword === 'required' ? `The ${label} field is required.` : `The ${label} field ${item.message ?? 'is invalid'}.`;
    (errors[field] ??= []).push(message);
  }
  return errors;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body);
    }
    if (error.validation) {
      const errors = schemaValidationErrors(error);
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

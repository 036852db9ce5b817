/**
 * The errors a request answers with, by status: Laravel's 401/403/404/405/422/429 bodies. Every layer may throw
 * them (the database's arrival order, storage, processing, auth, the endpoints); the HTTP layer turns them into
 * answers (`registerErrorHandling`, server/http/errors.ts).
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly body: Record<string, unknown> = { message },
    public readonly headers: Record<string, string> = {},
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

/** A 422 for one field, e.g. `invalidField('screenshot', 'The screenshot field must be an image.')`. */
export const invalidField = (field: string, message: string) => new ValidationError({ [field]: [message] });

export const notFound = (message = 'Not Found.') => new HttpError(404, message);
/** Laravel's route-model-binding 404: `No query results for model [App\Models\Project] 5`. */
export const modelNotFound = (model: string, id: string | number) =>
  notFound(`No query results for model [App\\Models\\${model}] ${id}`);
export const forbidden = () => new HttpError(403, 'This action is unauthorized.');
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const badRequest = (message: string) => new HttpError(400, message);

export function methodNotAllowed(method: string, path: string, supported: string[]): HttpError {
  const route = path.split('?')[0].replace(/^\//, '');
  return new HttpError(
    405,
    `The ${method} method is not supported for route ${route}. Supported methods: ${supported.join(', ')}.`,
  );
}

export function tooManyAttempts(retryAfterSeconds: number, limit: number): HttpError {
  return new HttpError(429, 'Too Many Attempts.', undefined, {
    'Retry-After': String(retryAfterSeconds),
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': '0',
  });
}

/**
 * The route-error handler's choice (spec 1 §2.1, §8): 404 the not-found screen, 403 the plain text
 * '403 Forbidden', 500 the plain text '500 Internal server error', anything else the unexpected-error screen.
 */
import { isRouteErrorResponse } from 'react-router';

export type RouteErrorView =
  | { kind: 'not-found'; statusText?: string }
  | { kind: 'text'; textKey: 'states.forbidden' | 'states.serverError' }
  | { kind: 'unexpected' };

/** The HTTP status of a router error response, an ApiError (`status`) or a refine HttpError (`statusCode`). */
export function errorStatus(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === 'object') {
    const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
    if (typeof status === 'number') return status;
    if (typeof statusCode === 'number') return statusCode;
  }
  return undefined;
}

export function routeErrorView(error: unknown): RouteErrorView {
  switch (errorStatus(error)) {
    case 404: {
      const statusText =
        isRouteErrorResponse(error) && typeof error.data === 'string' && error.data ? error.data : undefined;
      return { kind: 'not-found', statusText };
    }
    case 403:
      return { kind: 'text', textKey: 'states.forbidden' };
    case 500:
      return { kind: 'text', textKey: 'states.serverError' };
    default:
      return { kind: 'unexpected' };
  }
}

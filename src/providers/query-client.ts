/**
 * The react-query client under refine. A request the server refused (a 4xx: not found, forbidden, invalid) gives
 * the same answer when asked again, so it is not retried and its screen shows the answer at once; a failure that
 * may pass (no response, a 5xx, 408, 429) is tried again up to three times, as react-query does by default. A
 * refused query is not asked again when the tab regains focus or a push invalidates it either.
 */
import { QueryClient } from '@tanstack/react-query';

/** Statuses worth another try though they are 4xx: a timeout and a rate limit. */
const TRANSIENT_CLIENT_ERRORS = new Set([408, 429]);
export const MAX_QUERY_RETRIES = 3;

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
};

/** A refusal (a 4xx but a timeout or a rate limit): asking again gives the same answer. */
const isRefusal = (error: unknown): boolean => {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500 && !TRANSIENT_CLIENT_ERRORS.has(status);
};

/** Whether a failed query is asked again (react-query's `retry`). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return !isRefusal(error) && failureCount < MAX_QUERY_RETRIES;
}

/**
 * Whether a query is asked again when the tab regains focus or a push invalidates it: not one the server refused
 * (its screen says so; asking again gives the same answer).
 */
export const mayAskAgain = (query: { state: { error: unknown } }): boolean => !isRefusal(query.state.error);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: shouldRetryQuery, refetchOnWindowFocus: mayAskAgain } },
  });
}

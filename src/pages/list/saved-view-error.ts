/** What a failed write of a saved view says under its name field: the server's 422 for the name (or the state). */
import type { HttpError } from '@refinedev/core';

export function savedViewError(caught: unknown, fallback: string): string {
  const failure = caught as HttpError;
  const errors = failure.errors as Record<string, string[] | string> | undefined;
  const message = errors?.name ?? errors?.state ?? failure.message;
  return (Array.isArray(message) ? message[0] : message) || fallback;
}

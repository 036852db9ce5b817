/**
 * A failed write's 422 per field (refine's HttpError `errors`, which the data provider fills from the answer's
 * `errors`): each field's messages, as antd's `form.setFields` takes them, or the first message of one field.
 */
import type { HttpError } from '@refinedev/core';

export interface FieldErrors<TName extends string = string> {
  name: TName;
  errors: string[];
}

/** Every field the server refused, with its messages (named as the form's fields, whose names the server uses). */
export function fieldErrorsOf<TName extends string = string>(failure: unknown): FieldErrors<TName>[] {
  return Object.entries((failure as HttpError).errors ?? {}).map(([name, messages]) => ({
    name: name as TName,
    errors: Array.isArray(messages) ? messages.map(String) : [String(messages)],
  }));
}

/** The first message the server gave for this field, if it refused it. */
export const firstFieldError = (failure: unknown, field: string): string | undefined =>
  fieldErrorsOf(failure).find((entry) => entry.name === field)?.errors[0];

/**
 * A message the server stored as a key plus parameters (`shared/messages.ts`: notifications, processing events),
 * rendered in the reader's language with i18next; the server's text (in the request's language) when it carries
 * no key or the key has no translation.
 */
import type { TFunction } from 'i18next';
import type { MessageParams } from '@shared/messages';

export interface StoredMessageFields {
  message_key?: string | null;
  message_params?: MessageParams | null;
}

/** `t(key + part, params)`, or `fallback`; `part` is e.g. `.title` for a notification's title. */
export function renderStoredMessage(
  t: TFunction,
  stored: StoredMessageFields,
  fallback: string,
  part = '',
): string {
  if (!stored.message_key) return fallback;
  return t(`${stored.message_key}${part}`, { ...stored.message_params, defaultValue: fallback });
}

/**
 * A text the server stores for a user to read later (a notification, a processing event): an i18next key with its
 * namespace (`notifications:messages.invitation`, `models:processing.started`) and the parameters it interpolates,
 * so every reader sees it in their own language (issue 12). The API answers the key and parameters next to the
 * text rendered in the request's language (`server/http/messages.ts`); the portal renders `t(key, params)` from
 * `public/locales/{en,nl}/{namespace}.json`, with that text as the fallback.
 */
export type MessageParams = Record<string, string | number>;

export interface StoredMessage {
  key: string;
  params: MessageParams;
}

export const message = (key: string, params: MessageParams = {}): StoredMessage => ({ key, params });

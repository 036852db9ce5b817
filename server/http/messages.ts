/**
 * Stored messages (`shared/messages.ts`: an i18next key and its parameters) rendered in a reader's language, with
 * the portal's own texts: i18next over `public/locales/{en,nl}/{namespace}.json` of the namespaces that hold
 * server-stored messages, so the API's text and the portal's `t(key, params)` are the same sentence. A key that is
 * not (or not yet) translated renders its fallback (the English text stored with it).
 */
import { readFileSync } from 'node:fs';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import type { MessageParams, StoredMessage } from '../../shared/messages';
import { LANGUAGES, type Language } from './language';

/**
 * The namespaces whose keys the server stores: notifications, processing events (`models:processing.*`) and the
 * results of material imports (`materials:import.result.*`).
 */
export const MESSAGE_NAMESPACES = ['notifications', 'models', 'materials'] as const;

const LOCALES = new URL('../../public/locales/', import.meta.url);

function loadResources(): Resource {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        MESSAGE_NAMESPACES.map((namespace) => [
          namespace,
          JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, LOCALES), 'utf8')) as object,
        ]),
      ),
    ]),
  );
}

let translator: I18n | undefined;

function instance(): I18n {
  if (!translator) {
    translator = createInstance();
    void translator.init({
      resources: loadResources(),
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: [...MESSAGE_NAMESPACES],
      defaultNS: 'notifications',
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  return translator;
}

/** The message in `language`; `fallback` (or the key) when the key has no text. */
export function renderMessage(message: StoredMessage, language: Language = 'en', fallback?: string): string {
  const t = instance().getFixedT(language);
  return t(message.key, { ...message.params, defaultValue: fallback ?? message.key });
}

/** A stored message that holds a title and a text (`{key}.title`, `{key}.text`), as notifications do. */
export function renderTitled(
  message: StoredMessage,
  language: Language = 'en',
  fallback?: { title: string; text: string },
): { title: string; text: string } {
  return {
    title: renderMessage({ key: `${message.key}.title`, params: message.params }, language, fallback?.title),
    text: renderMessage({ key: `${message.key}.text`, params: message.params }, language, fallback?.text),
  };
}

/** The columns of a row that stores a message: its English text, its key and its parameters (jsonb). */
export const storedMessageColumns = (stored: StoredMessage) => ({
  message: renderMessage(stored, 'en'),
  message_key: stored.key,
  message_params: JSON.stringify(stored.params),
});

/** A stored row's message in `language`; a row stored before messages had keys keeps its English text. */
export function renderStoredRow(
  row: { message: string | null; message_key: string | null; message_params: MessageParams | null },
  language: Language,
): string | null {
  return row.message_key
    ? renderMessage(
        { key: row.message_key, params: row.message_params ?? {} },
        language,
        row.message ?? undefined,
      )
    : row.message;
}

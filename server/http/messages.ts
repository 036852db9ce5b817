/**
 * Stored messages (`shared/messages.ts`: an i18next key with its namespace, and its parameters) rendered in a
 * reader's language, with the portal's own texts: i18next over `public/locales/{en,nl}/{namespace}.json`, each
 * namespace loaded the first time a key of it is rendered (`models:processing.started` loads `models`), so the
 * API's text and the portal's `t(key, params)` are the same sentence. A key that is not (or not yet) translated
 * renders its fallback (the English text stored with it).
 */
import { readFileSync } from 'node:fs';
import { createInstance, type i18n as I18n } from 'i18next';
import { LANGUAGES, type Language } from '../../shared/languages';
import type { MessageParams, StoredMessage } from '../../shared/messages';

const LOCALES = new URL('../../public/locales/', import.meta.url);

/** A namespace is a locale file's name (`models`, `material-categories`). */
const NAMESPACE = /^[a-z][a-zA-Z-]*$/;

let translator: I18n | undefined;

function instance(): I18n {
  if (!translator) {
    translator = createInstance();
    void translator.init({
      resources: {},
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: [],
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  return translator;
}

/**
 * The namespaces every text may name through nesting (`$t(common:licences.{{licence}})`: the one name of each
 * licence, issue 31), loaded with whichever namespace is asked for.
 */
const NESTED_NAMESPACES = ['common'];

/** The translator with the texts of the key's namespace (read once, in every language; none: no texts). */
function translatorFor(key: string): I18n {
  const i18n = instance();
  const colon = key.indexOf(':');
  const namespace = colon > 0 ? key.slice(0, colon) : '';
  for (const name of [namespace, ...NESTED_NAMESPACES]) load(i18n, name);
  return i18n;
}

/** Reads a namespace's texts once, in every language (no such file: no texts). */
function load(i18n: I18n, namespace: string): void {
  if (NAMESPACE.test(namespace) && !i18n.hasResourceBundle('en', namespace)) {
    for (const language of LANGUAGES) {
      let texts: object = {};
      try {
        texts = JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, LOCALES), 'utf8')) as object;
      } catch {
        // No such file: the key renders its fallback.
      }
      i18n.addResourceBundle(language, namespace, texts);
    }
  }
}

/** The name of a licence (`common:licences.*`, the one name per licence key) in `language`. */
export const licenceName = (licence: string, language: Language = 'en'): string =>
  renderMessage({ key: `common:licences.${licence}`, params: {} }, language, licence);

/** The message in `language`; `fallback` (or the key) when the key has no text. */
export function renderMessage(message: StoredMessage, language: Language = 'en', fallback?: string): string {
  const t = translatorFor(message.key).getFixedT(language);
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

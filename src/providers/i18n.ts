/**
 * i18next with translations from public/locales/{language}/{namespace}.json (spec 1 §4, §7, §9), read from one
 * file per language that the build writes, and the refine i18nProvider built on it. English and Dutch, English as
 * fallback; the choice is cached in localStorage.
 */
import type { I18nProvider } from '@refinedev/core';
import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import i18n, { type BackendModule, type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, isLanguage, LANGUAGE_LOOKUP, LANGUAGES, type Language } from '@shared/languages';
import { readCookie } from './cookies';

/**
 * One namespace per area, so areas keep their texts apart: `common` (shell), `dashboard`, `notifications`,
 * `search`, `lists` (the shared anatomy of management screens). Each declared resource adds its own.
 */
export const NAMESPACES = ['common', 'dashboard', 'notifications', 'search', 'lists'] as const;
export const LANGUAGE_STORAGE_KEY = LANGUAGE_LOOKUP.storage;
/** Every namespace in public/locales (the build lists them): the portal asks for all of them at start. */
export const PORTAL_NAMESPACES: readonly string[] = __LOCALE_NAMESPACES__;

/** A detected code's language part (`nl-NL` → `nl`), which is all the portal loads (`load: 'languageOnly'`). */
const languagePart = (code: string) => code.split(/[-_]/)[0];

export const detectionOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: LANGUAGE_LOOKUP.querystring,
  lookupCookie: LANGUAGE_LOOKUP.cookie,
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  lookupSessionStorage: LANGUAGE_STORAGE_KEY,
  caches: ['localStorage'],
  // i18next would cut the region off itself, but through Intl.getCanonicalLocales, whose first call sets up ICU
  // on the first visit's main thread (the browser's `en-US` is detected before anything is stored).
  convertDetectedLanguage: languagePart,
};

/**
 * i18next's browser detector with its `cookie` lookup reading the cookies the portal keeps (cookies.ts) rather
 * than `document.cookie` again: the same order and the same cookie, without another wait for the browser's cookie
 * store while the first page loads.
 */
export class PortalLanguageDetector extends LanguageDetector {
  override init(...args: Parameters<LanguageDetector['init']>): void {
    super.init(...args);
    this.addDetector({
      name: 'cookie',
      lookup: ({ lookupCookie }) => (lookupCookie ? readCookie(lookupCookie) : undefined),
    });
  }
}

/** The supported language of a detected or chosen code (`nl-NL` → `nl`), English otherwise. */
export function toLanguage(code: string | undefined): Language {
  const base = (code ?? '').toLowerCase().split('-')[0];
  return isLanguage(base) ? base : 'en';
}

/** Dates (dayjs) and the page's `lang` follow the language at once, before anything re-renders. */
function followLanguage(code: string) {
  const language = toLanguage(code);
  dayjs.locale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Each language's translation file, every namespace in one (scripts/build/locale-bundles.ts). */
export const LOCALE_BUNDLES: Readonly<Record<string, string>> = __LOCALE_BUNDLES__;

type LocaleBundle = Record<string, Record<string, unknown>>;
/** Why a language's file could not be read, and whether another try may help (i18next retries). */
class LocaleReadError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/**
 * Reads translations with fetch: one request per language, from its file of every namespace, shared by the reads
 * of all its namespaces. A network failure or a server error is worth another try (i18next retries with
 * `maxRetries` and `retryTimeout`, and the next read asks again); a missing file or namespace is not.
 */
export function createLocaleBackend(
  bundles: Readonly<Record<string, string>> = LOCALE_BUNDLES,
): BackendModule {
  const loading = new Map<string, Promise<LocaleBundle>>();
  const load = async (path: string): Promise<LocaleBundle> => {
    let response: Response;
    try {
      response = await fetch(path);
    } catch (error) {
      throw new LocaleReadError(error instanceof Error ? error.message : String(error), true);
    }
    if (!response.ok)
      throw new LocaleReadError(`${path} answered ${response.status}`, response.status >= 500);
    try {
      return (await response.json()) as LocaleBundle;
    } catch (error) {
      throw new LocaleReadError(error instanceof Error ? error.message : String(error), false);
    }
  };
  return {
    type: 'backend',
    callbackApi: true,
    init: () => undefined,
    read(language, namespace, callback) {
      const path = bundles[language];
      if (!path) return callback(`No translations for ${language}`, false);
      let bundle = loading.get(path);
      if (!bundle) {
        bundle = load(path);
        loading.set(path, bundle);
        // A failed read is forgotten, so i18next's next try asks again.
        bundle.catch(() => loading.delete(path));
      }
      bundle.then(
        (texts) =>
          texts[namespace]
            ? callback(null, texts[namespace])
            : callback(`${path} has no namespace ${namespace}`, false),
        (error: LocaleReadError) => callback(error.message, error.retry),
      );
    },
  };
}

export function initI18n(
  instance: I18n = i18n,
  namespaces: readonly string[] = NAMESPACES,
): Promise<unknown> {
  instance.on('languageChanged', followLanguage);
  const ready = instance
    .use(createLocaleBackend())
    .use(PortalLanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      ns: [...namespaces],
      defaultNS: 'common',
      // Ask for the files at once, not after the page's other start-up work (i18next defaults to a timeout).
      initAsync: false,
      // The reads of one language share its one request. 5 retries starting at 350 ms (i18next doubles the wait
      // each retry).
      maxRetries: 5,
      retryTimeout: 350,
      detection: detectionOptions,
      interpolation: { escapeValue: false, maxReplaces: 1000 },
      react: { useSuspense: false },
    });
  // The language is chosen now (`initAsync: false`), and i18next announces it only once its file has arrived:
  // dates and `<html lang>` (so the API's Accept-Language) follow it at once, for the requests of the start-up.
  if (instance.language) followLanguage(instance.language);
  return ready;
}

/** refine calls translate(key, 'Default') as well as translate(key, options, 'Default'). */
export function createI18nProvider(instance: I18n = i18n): I18nProvider {
  return {
    translate: (key, options, defaultMessage) => {
      if (typeof options === 'string') return instance.t(key, { defaultValue: options });
      const values = (options ?? {}) as Record<string, unknown>;
      return instance.t(key, { ...values, defaultValue: defaultMessage ?? values.defaultValue });
    },
    changeLocale: (language) => instance.changeLanguage(language),
    getLocale: () => instance.resolvedLanguage ?? instance.language ?? 'en',
  };
}

export { i18n };

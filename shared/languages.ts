/** The portal's and the API's languages (spec 1 §4, issue 12): English, the fallback, and Dutch. */
export const LANGUAGES = ['en', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The language whose texts stand in for a missing one (i18next's `fallbackLng`). */
export const FALLBACK_LANGUAGE: Language = 'en';

/** Whether a base language code (`nl`, not `nl-NL`) is one of the languages. */
export const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/**
 * Where the portal looks for a chosen language, in i18next's order before the browser's own languages: the query
 * parameter, the cookie, then the pick cached in local storage (and session storage), under these names
 * (src/providers/i18n.ts; index.html's first script reads the same, scripts/build/locale-bundles.ts).
 */
export const LANGUAGE_LOOKUP = { querystring: 'lng', cookie: 'language', storage: 'language' } as const;

/** The portal's and the API's languages (spec 1 §4, issue 12): English, the fallback, and Dutch. */
export const LANGUAGES = ['en', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Whether a base language code (`nl`, not `nl-NL`) is one of the languages. */
export const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

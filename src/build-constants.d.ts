/** Constants the build writes into the portal (scripts/build/locale-bundles.ts, a plugin in vite.config.ts). */

/** Every translation namespace in public/locales. */
declare const __LOCALE_NAMESPACES__: readonly string[];

/** Each language's translation file, every namespace in one: `{ en: '/assets/locales-en-<hash>.json', … }`. */
declare const __LOCALE_BUNDLES__: Readonly<Record<string, string>>;

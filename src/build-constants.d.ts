/** Constants the build writes into the portal (`define` in vite.config.ts). */

/** Every translation namespace in public/locales. */
declare const __LOCALE_NAMESPACES__: readonly string[];

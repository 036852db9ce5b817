/**
 * The language of spec 1 §4: detected from the query parameter lng, a cookie, localStorage, sessionStorage, the
 * browser, then the html tag; cached in localStorage; resources from one file per language with every namespace.
 */
import dayjs from 'dayjs';
import { createInstance } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createI18nProvider,
  detectionOptions,
  initI18n,
  LANGUAGE_STORAGE_KEY,
  LOCALE_BUNDLES,
  NAMESPACES,
  PortalLanguageDetector,
  toLanguage,
} from '@/providers/i18n';
import { translationsPreloadScript } from '../../scripts/build/locale-bundles';

function detect(): string | string[] | undefined {
  const detector = new PortalLanguageDetector();
  detector.init(undefined, detectionOptions);
  return detector.detect();
}

const firstDetected = () => {
  const found = detect();
  return Array.isArray(found) ? found[0] : found;
};

describe('language detection order', () => {
  const navigatorLanguages = vi.spyOn(navigator, 'languages', 'get');
  const navigatorLanguage = vi.spyOn(navigator, 'language', 'get');

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.cookie = 'language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    window.history.replaceState(null, '', '/');
    navigatorLanguages.mockReturnValue(['de-DE']);
    navigatorLanguage.mockReturnValue('de-DE');
    document.documentElement.lang = 'fr';
  });

  it('takes the query parameter lng first', () => {
    window.history.replaceState(null, '', '/?lng=nl');
    document.cookie = 'language=en; path=/';
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(firstDetected()).toBe('nl');
  });

  it('then the cookie', () => {
    document.cookie = 'language=nl; path=/';
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(firstDetected()).toBe('nl');
  });

  it('then localStorage, then sessionStorage', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'nl');
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(firstDetected()).toBe('nl');
    localStorage.clear();
    expect(firstDetected()).toBe('en');
  });

  it('then the browser, then the html tag', () => {
    // The language part only: all the portal loads.
    expect(firstDetected()).toBe('de');
    navigatorLanguages.mockReturnValue([]);
    navigatorLanguage.mockReturnValue('');
    expect(firstDetected()).toBe('fr');
  });

  it('caches the choice in localStorage only', () => {
    expect(detectionOptions.caches).toEqual(['localStorage']);
  });
});

describe('toLanguage', () => {
  it.each([
    ['nl-NL', 'nl'],
    ['NL', 'nl'],
    ['en-GB', 'en'],
    ['de', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (code, language) => expect(toLanguage(code)).toBe(language));
});

describe('initI18n', () => {
  const fetchMock = vi.fn(async (url: string | URL | Request) => {
    const [, language] = /\/assets\/locales-(\w+)-[\w-]+\.json$/.exec(String(url)) ?? [];
    const texts: Record<string, Record<string, string>> = { en: { hello: 'Hello' }, nl: { hello: 'Hallo' } };
    const bundle = Object.fromEntries(NAMESPACES.map((namespace) => [namespace, {}]));
    return Response.json({ ...bundle, common: texts[language] });
  });

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
    window.history.replaceState(null, '', '/?lng=nl');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  it('loads every namespace of the detected language in one request and falls back to English', async () => {
    const instance = createInstance();
    await initI18n(instance);
    const urls = fetchMock.mock.calls.map(([url]) => String(url)).sort();
    expect(urls).toEqual([LOCALE_BUNDLES.en, LOCALE_BUNDLES.nl]);
    for (const namespace of NAMESPACES) expect(instance.hasLoadedNamespace(namespace)).toBe(true);
    expect(instance.t('hello')).toBe('Hallo');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('nl');
    expect(instance.options.maxRetries).toBe(5);
    expect(instance.options.retryTimeout).toBe(350);
    expect(instance.options.interpolation?.maxReplaces).toBe(1000);
  });

  it("takes the browser's first language the portal has, whatever its region", async () => {
    window.history.replaceState(null, '', '/');
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'nl-BE', 'en-GB']);
    // Without setting up ICU for it (Intl's first call costs a first visit's main thread).
    const canonical = vi.spyOn(Intl, 'getCanonicalLocales');
    const instance = createInstance();
    await initI18n(instance);
    expect(instance.resolvedLanguage).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    expect(canonical).not.toHaveBeenCalled();
    languages.mockRestore();
    canonical.mockRestore();
  });

  it.each([
    ['the query parameter', () => window.history.replaceState(null, '', '/?lng=nl')],
    ['the cookie', () => (document.cookie = 'language=nl; path=/')],
    ['local storage', () => localStorage.setItem(LANGUAGE_STORAGE_KEY, 'nl')],
    ['session storage', () => sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'nl')],
    ['the browser', () => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'nl-BE'])],
    ['nothing the portal has', () => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE'])],
  ])("index.html's first script preloads the files it then reads, by %s", async (_where, choose) => {
    const forget = () => {
      vi.restoreAllMocks();
      sessionStorage.clear();
      document.cookie = 'language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      window.history.replaceState(null, '', '/');
      document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
    };
    forget();
    try {
      choose();
      // The script as the build puts it into index.html (scripts/build/locale-bundles.ts).
      window.eval(translationsPreloadScript(LOCALE_BUNDLES));
      const preloaded = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
      for (const link of preloaded) {
        expect(link.as).toBe('fetch');
        expect(link.crossOrigin).toBe('anonymous');
      }
      await initI18n(createInstance());
      const read = fetchMock.mock.calls.map(([url]) => String(url)).sort();
      expect(preloaded.map((link) => link.getAttribute('href')).sort()).toEqual(read);
    } finally {
      forget();
    }
  });

  it('switches html lang and the dates (dayjs) with the language', async () => {
    const instance = createInstance();
    await initI18n(instance);
    expect(document.documentElement.lang).toBe('nl');
    expect(dayjs.locale()).toBe('nl');
    expect(dayjs('2026-03-02').format('MMMM')).toBe('maart');
    await instance.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(dayjs.locale()).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it("refine's two-argument translate uses the default text for missing keys", async () => {
    const instance = createInstance();
    await initI18n(instance);
    const provider = createI18nProvider(instance);
    expect(provider.translate('hello')).toBe('Hallo');
    expect(provider.translate('buttons.unknown', 'Fallback')).toBe('Fallback');
    expect(provider.translate('buttons.unknown', {}, 'Other fallback')).toBe('Other fallback');
  });
});

// @vitest-environment node
/**
 * The translation reader: one file per language with every namespace, read with fetch once for all its
 * namespaces; failures i18next may retry.
 */
import { type BackendModule, createInstance, type ReadCallback } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocaleBackend, LOCALE_BUNDLES } from '@/providers/i18n';

afterEach(() => vi.unstubAllGlobals());

const FILES = { en: '/assets/locales-en-abc.json', nl: '/assets/locales-nl-def.json' };

function read(backend: BackendModule, language: string, namespace: string) {
  return new Promise<Parameters<ReadCallback>>((resolve) =>
    backend.read(language, namespace, (error, data) => resolve([error, data])),
  );
}

describe('the locale backend', () => {
  it('reads every namespace of a language from its one file, asked for once', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ common: { hello: 'Hallo' }, lists: { new: 'Nieuw' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const backend = createLocaleBackend(FILES);
    const [common, lists] = await Promise.all([read(backend, 'nl', 'common'), read(backend, 'nl', 'lists')]);
    expect(common).toEqual([null, { hello: 'Hallo' }]);
    expect(lists).toEqual([null, { new: 'Nieuw' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/assets/locales-nl-def.json');
  });

  it('asks for another try after a server error or no answer, not after a missing file or namespace', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    expect(await read(createLocaleBackend(FILES), 'nl', 'common')).toEqual([
      '/assets/locales-nl-def.json answered 503',
      true,
    ]);
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    expect(await read(createLocaleBackend(FILES), 'nl', 'common')).toEqual([
      '/assets/locales-nl-def.json answered 404',
      false,
    ]);
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await read(createLocaleBackend(FILES), 'nl', 'common')).toEqual(['Failed to fetch', true]);
    vi.stubGlobal('fetch', async () => Response.json({ common: {} }));
    expect(await read(createLocaleBackend(FILES), 'nl', 'missing')).toEqual([
      '/assets/locales-nl-def.json has no namespace missing',
      false,
    ]);
    expect(await read(createLocaleBackend(FILES), 'fr', 'common')).toEqual(['No translations for fr', false]);
  });

  it('lets i18next load a language that failed once', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () =>
      ++calls === 1 ? new Response('', { status: 502 }) : Response.json({ common: { hello: 'Hello' } }),
    );
    const instance = createInstance();
    await instance
      .use(createLocaleBackend(FILES))
      .init({ lng: 'en', fallbackLng: false, ns: ['common'], maxRetries: 2, retryTimeout: 1 });
    expect(calls).toBe(2);
    expect(instance.t('hello')).toBe('Hello');
  });

  it('names a content-hashed file under assets/ for each language the build found', () => {
    expect(Object.keys(LOCALE_BUNDLES).sort()).toEqual(['en', 'nl']);
    for (const [language, path] of Object.entries(LOCALE_BUNDLES)) {
      expect(path).toMatch(new RegExp(`^/assets/locales-${language}-[\\w-]{10}\\.json$`));
    }
  });
});

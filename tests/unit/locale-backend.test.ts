/** The translation reader: /locales/{language}/{namespace}.json with fetch; failures i18next may retry. */
import { createInstance, type ReadCallback } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeBackend } from '@/providers/i18n';

afterEach(() => vi.unstubAllGlobals());

function read(language: string, namespace: string) {
  return new Promise<Parameters<ReadCallback>>((resolve) =>
    localeBackend.read(language, namespace, (error, data) => resolve([error, data])),
  );
}

describe('the locale backend', () => {
  it('reads a namespace of a language from /locales', async () => {
    const fetchMock = vi.fn(async () => Response.json({ hello: 'Hallo' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await read('nl', 'common')).toEqual([null, { hello: 'Hallo' }]);
    expect(fetchMock).toHaveBeenCalledWith('/locales/nl/common.json');
  });

  it('asks for another try after a server error or no answer, not after a missing file', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    expect(await read('nl', 'common')).toEqual(['/locales/nl/common.json answered 503', true]);
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    expect(await read('nl', 'missing')).toEqual(['/locales/nl/missing.json answered 404', false]);
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    const [error, retry] = await read('nl', 'common');
    expect(error).toBeInstanceOf(TypeError);
    expect(retry).toBe(true);
  });

  it('lets i18next load a namespace that failed once', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () =>
      ++calls === 1 ? new Response('', { status: 502 }) : Response.json({ hello: 'Hello' }),
    );
    const instance = createInstance();
    await instance
      .use(localeBackend)
      .init({ lng: 'en', fallbackLng: false, ns: ['common'], maxRetries: 2, retryTimeout: 1 });
    expect(calls).toBe(2);
    expect(instance.t('hello')).toBe('Hello');
  });
});

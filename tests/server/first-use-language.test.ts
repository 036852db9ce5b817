/**
 * The API answers in the request's language (issue 12): Accept-Language picks English or Dutch for validation
 * messages (schema failures, the CRUD helper's and a module's own), refusals and the status word of a delete, on
 * every endpoint alike, since one hook in server/http/language.ts translates every answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageOf, toDutch } from '../../server/http/language';
import { jsonBody, memberWithAbilities, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await tokenFor(server, 'alice');
});
afterAll(() => server?.close());

const call = (path: string, language: string | undefined, init: RequestInit & { token?: string } = {}) =>
  server.request('acme', path, {
    token: alice,
    ...init,
    headers: {
      ...(init.headers as Record<string, string>),
      ...(language ? { 'Accept-Language': language } : {}),
    },
  });

const createLabel = (body: Record<string, unknown>, language?: string) =>
  call('/labels', language, { method: 'POST', ...jsonBody(body) });

describe('the language of an answer', () => {
  it('words a required field in Dutch for a Dutch reader and in English otherwise', async () => {
    const dutch = await createLabel({ name: '', color: '#13c2c2' }, 'nl-NL,nl;q=0.9,en;q=0.8');
    expect(dutch.status).toBe(422);
    expect(dutch.headers.get('content-language')).toBe('nl');
    expect(await dutch.json()).toEqual({
      message: 'Het veld naam is verplicht.',
      errors: { name: ['Het veld naam is verplicht.'] },
    });

    for (const language of [undefined, 'en-GB', 'de-DE,fr;q=0.5']) {
      const english = await createLabel({ name: '', color: '#13c2c2' }, language);
      expect(await english.json()).toEqual({
        message: 'The name field is required.',
        errors: { name: ['The name field is required.'] },
      });
    }
  });

  it('translates every message of a 422 and its summary line', async () => {
    const answer = await createLabel({ name: '', color: 'red' }, 'nl');
    expect(await answer.json()).toEqual({
      message: 'Het veld naam is verplicht. (en nog 1 fout)',
      errors: {
        name: ['Het veld naam is verplicht.'],
        color: ['Het formaat van het veld kleur is ongeldig.'],
      },
    });
  });

  it("translates the CRUD helper's uniqueness rule", async () => {
    await createLabel({ name: 'Taken in Dutch', color: '#13c2c2' });
    const answer = await createLabel({ name: 'Taken in Dutch', color: '#13c2c2' }, 'nl');
    expect((await answer.json()) as unknown).toMatchObject({
      errors: { name: ['De naam is al in gebruik.'] },
    });
  });

  it('gives the status word of a delete in Dutch', async () => {
    const created = (await (await createLabel({ name: 'Short-lived', color: '#13c2c2' })).json()) as {
      data: { id: number };
    };
    const answer = await call(`/labels/${created.data.id}`, 'nl', { method: 'DELETE' });
    expect(await answer.json()).toEqual({ label_name: 'Short-lived', status: 'succesvol verwijderd' });
  });

  it('words a refusal in Dutch', async () => {
    const viewer = await memberWithAbilities(server, ['view-projects']);
    const answer = await call('/labels', 'nl', { token: viewer });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ message: 'Deze actie is niet toegestaan.' });
  });

  it('picks the best supported language of the header', () => {
    expect(languageOf('nl')).toBe('nl');
    expect(languageOf('en;q=0.5, nl-BE;q=0.8')).toBe('nl');
    expect(languageOf('fr, en;q=0.9, nl;q=0.8')).toBe('en');
    expect(languageOf('*')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(toDutch('An unknown sentence.')).toBe('An unknown sentence.');
    expect(toDutch('The preview image field must not be greater than 2048 kilobytes.')).toBe(
      'Het veld voorbeeldafbeelding mag niet groter zijn dan 2048 kilobytes.',
    );
    // Names a request made up are no keys of the tables of Dutch words.
    expect(toDutch('The constructor field is required.')).toBe('Het veld constructor is verplicht.');
    expect(toDutch('toString')).toBe('toString');
    expect(toDutch('The filter.rating field must be an integer.')).toBe(
      'Het veld filter.rating moet een geheel getal zijn.',
    );
  });
});

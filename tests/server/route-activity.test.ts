/**
 * What every write records in the user's activity is its route's own declaration (`activity` of `guarded`,
 * server/http/guarded-route.ts), not a list of paths: the walk over every write route of the API (POST, PUT,
 * PATCH, DELETE, as `app.routeGuards.routes()` keeps them) requires each to say `activity: false`, to name its own
 * wording (a key of `account:activity.messages` in English and Dutch), or to write to a declared entity's collection
 * (worded 'Updated user Bob Brink' from the path). Then the declarations are shown to hold: a write declared
 * `false` leaves no entry, one with its own wording says it, and an entry recorded before issue 31 (its path only)
 * is worded by what the route at that path declares.
 */
import { declaredEntities } from '../../server/api/index';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActivityCollections, declaredActivityCollections } from '../../server/domain/activity-messages';
import { guard, guarded, type RegisteredRoute, registerRouteGuards } from '../../server/http/guarded-route';
import { jsonBody, tokenFor, userId } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

const PREFIX = '/api/v2';
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The keys of `account:activity.messages` in a language's account.json. */
const activityTexts = (language: string): Set<string> => {
  const file = new URL(`../../public/locales/${language}/account.json`, import.meta.url);
  const account = JSON.parse(readFileSync(file, 'utf8')) as {
    activity: { messages: Record<string, string> };
  };
  return new Set(Object.keys(account.activity.messages));
};
const TEXTS = { en: activityTexts('en'), nl: activityTexts('nl') };

/**
 * `METHOD url: problem` for every write route of the API that says nothing of its activity and writes to no
 * declared collection, or names a wording without a text in both languages.
 */
function undeclaredActivity(routes: RegisteredRoute[], collections: ActivityCollections): string[] {
  return routes
    .filter((route) => route.url.startsWith(`${PREFIX}/`))
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => WRITES.includes(method))
        .map((method) => {
          const path = route.url.slice(PREFIX.length + 1);
          const { activity } = route;
          if (activity === false) return null;
          if (activity) {
            const missing = Object.entries(TEXTS)
              .filter(([, texts]) => !texts.has(activity.message))
              .map(([language]) => language);
            return missing.length
              ? `${method} ${route.url}: no text for ${activity.message} in ${missing.join(', ')}`
              : null;
          }
          const collection = collections.find(
            (found) => path === found.collection || path.startsWith(`${found.collection}/`),
          );
          return collection
            ? null
            : `${method} ${route.url}: no activity declared, and no declared collection`;
        })
        .filter((problem): problem is string => problem !== null),
    );
}

describe('what the write routes record in the activity', () => {
  it('names a write route that declares nothing of its activity, or a wording without its texts', async () => {
    const app = Fastify();
    registerRouteGuards(app);
    const schema = { tags: ['test'], summary: 'A write' };
    const noop = async () => ({});
    app.post(`${PREFIX}/undeclared`, guarded(guard.signedIn, schema), noop);
    app.post(`${PREFIX}/bookkeeping`, guarded(guard.signedIn, schema, { activity: false }), noop);
    app.post(
      `${PREFIX}/users/invite`,
      guarded(guard.signedIn, schema, { activity: { message: 'invited', param: 'email' } }),
      noop,
    );
    app.get(`${PREFIX}/read`, guarded(guard.signedIn, schema), noop);
    app.patch(`${PREFIX}/labels/:id`, guarded(guard.signedIn, schema), noop);
    await app.ready();
    const routes: RegisteredRoute[] = [
      ...app.routeGuards.routes(),
      {
        method: 'POST',
        url: `${PREFIX}/untranslated`,
        guard: guard.signedIn,
        activity: { message: 'noSuchText' as 'invited' },
      },
    ];
    expect(undeclaredActivity(routes, [{ collection: 'labels', entity: 'label' }])).toEqual([
      `POST ${PREFIX}/undeclared: no activity declared, and no declared collection`,
      `POST ${PREFIX}/untranslated: no text for noSuchText in en, nl`,
    ]);
    await app.close();
  });

  describe('on the API', () => {
    let server: TestServer;
    let alice: string;

    beforeAll(async () => {
      server = await startTestServer();
      alice = await tokenFor(server, 'alice');
    });
    afterAll(() => server?.close());

    const call = (path: string, init: RequestInit = {}) =>
      server.request('acme', path, { ...init, token: alice });

    const activity = async (language = 'en') => {
      const answer = await call('/my-account/activity?per_page=50', {
        headers: { 'Accept-Language': language },
      });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { data: Array<{ subject: string | null; message: string }> }).data;
    };

    it('every write route declares its activity or writes to a declared collection', async () => {
      const routes = server.app.routeGuards.routes();
      const writes = routes.filter(
        (route) =>
          route.url.startsWith(`${PREFIX}/`) &&
          [route.method].flat().some((method) => WRITES.includes(method)),
      );
      expect(writes.length).toBeGreaterThan(100);
      expect(undeclaredActivity(routes, declaredActivityCollections(await declaredEntities()))).toEqual([]);
    });

    it('records a write in its own wording, and none of a write declared not recorded', async () => {
      const answer = await call('/my-account/default-settings', { method: 'POST' });
      expect(answer.status).toBe(200);
      const preferences = await call('/my-account/preferences', {
        method: 'PATCH',
        ...jsonBody({ theme: 'dark' }),
      });
      expect(preferences.status).toBe(200);
      const [latest] = await activity();
      expect(latest).toMatchObject({
        subject: 'my-account/default-settings',
        message: 'Restored the default settings',
      });
      expect((await activity()).map((entry) => entry.subject)).not.toContain('my-account/preferences');
    });

    it('words an entry recorded before by what the route at its path declares', async () => {
      const acme = await server.db
        .selectFrom('companies')
        .select('id')
        .where('sub_domain', '=', 'acme')
        .executeTakeFirstOrThrow();
      await server.db
        .insertInto('user_activities')
        .values({
          company_id: acme.id,
          user_id: await userId(server, 'alice'),
          action: 'deleted',
          subject: 'my-account/membership',
        })
        .execute();
      expect((await activity())[0].message).toBe('Left the company');
      expect((await activity('nl'))[0].message).toBe('Het bedrijf verlaten');
    });
  });
});

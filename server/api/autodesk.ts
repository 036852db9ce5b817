/**
 * Autodesk integration (spec 2 §4 'Autodesk', §7; issue 18). `POST /autodesk/oauth/login` starts an OAuth
 * authorisation-code round trip and answers the URL the browser goes to; `POST /autodesk/oauth/logout`
 * disconnects. The contract server plays Autodesk's part with a local stand-in authorisation page
 * (`GET /autodesk/oauth/authorize`), whose Allow or Deny returns to `GET /autodesk/oauth/callback`, which
 * exchanges the code, marks the user connected and sends the browser back to the portal's redirect_url.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/session';
import { HttpError, invalidField } from '../errors/http-errors';
import { guard, guarded } from '../http/guarded-route';
import { isPortalOrigin } from '../http/origins';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { Filled, MessageSchema } from '../http/schema-types';

const STATE_MINUTES = 10;
const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The portal URL the browser returns to, with the outcome of the round trip. */
function withOutcome(redirectUrl: string, outcome: 'connected' | 'denied' | 'expired'): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('autodesk', outcome);
  return url.toString();
}

function apiUrl(request: FastifyRequest, path: string): string {
  return `${request.protocol}://${request.host}${request.routeOptions.url?.replace(/\/autodesk\/.*$/, '') ?? ''}${path}`;
}

/** The stand-in for Autodesk's consent screen: what a user sees at Autodesk, with Allow and Deny. */
function authorisationPage(state: string, callback: string, userName: string): string {
  const action = escapeHtml(callback);
  const hidden = `<input type="hidden" name="state" value="${escapeHtml(state)}">`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Autodesk sign-in (local stand-in)</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f4;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;padding:32px;border-radius:8px;max-width:420px;box-shadow:0 2px 12px #0002}
h1{font-size:1.4rem;margin-top:0}.actions{display:flex;gap:12px;margin-top:24px}
button{font:inherit;padding:8px 20px;border-radius:4px;border:1px solid #0a5ea8;cursor:pointer}
.allow{background:#0a5ea8;color:#fff}.deny{background:#fff;color:#0a5ea8}
button:focus-visible{outline:3px solid #222;outline-offset:2px}</style></head>
<body><main><h1>Autodesk</h1>
<p>This is the contract server's local stand-in for Autodesk's authorisation page.</p>
<p>Allow the portal to access the Autodesk account of <strong>${escapeHtml(userName)}</strong>?</p>
<div class="actions">
<form method="get" action="${action}">${hidden}<input type="hidden" name="code" value="granted"><button class="allow" type="submit">Allow</button></form>
<form method="get" action="${action}">${hidden}<input type="hidden" name="error" value="access_denied"><button class="deny" type="submit">Deny</button></form>
</div></main></body></html>`;
}

export default async function autodeskRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.ctx;

  app.post(
    '/autodesk/oauth/login',
    guarded(
      guard.signedIn,
      {
        tags: ['autodesk'],
        summary: 'Starts connecting Autodesk: answers the authorisation URL the browser goes to',
        consumes: FORM_CONTENT_TYPES,
        body: Type.Object({ redirect_url: Filled({ maxLength: 2000 }) }),
        response: { 200: Type.Object({ redirect_url: Type.String() }) },
      },
      { activity: { message: 'autodeskConnected' } },
    ),
    async (request) => {
      const { user, company } = await authenticate(request);
      if (company.autodesk_integration === 'no')
        throw new HttpError(422, 'The Autodesk integration is switched off for this company.');
      const { redirect_url: redirectUrl } = request.body;
      let origin: string;
      try {
        origin = new URL(redirectUrl).origin;
      } catch {
        throw invalidField('redirect_url', 'The redirect url field must be a valid URL.');
      }
      if (!isPortalOrigin(origin, config.domain))
        throw invalidField('redirect_url', 'The redirect url must lead back to the portal.');
      const state = randomBytes(24).toString('base64url');
      await db
        .insertInto('autodesk_oauth_states')
        .values({
          state_hash: hashOf(state),
          user_id: user.id,
          company_id: company.id,
          redirect_url: redirectUrl,
          code: null,
          expires_at: new Date(Date.now() + STATE_MINUTES * 60 * 1000),
        })
        .execute();
      const prompt = company.autodesk_integration === 'yes_always_prompt' ? '&prompt=login' : '';
      return { redirect_url: `${apiUrl(request, '/autodesk/oauth/authorize')}?state=${state}${prompt}` };
    },
  );

  app.get(
    '/autodesk/oauth/authorize',
    guarded(
      guard.public(
        'the browser arrives without the bearer token; the state from POST /autodesk/oauth/login identifies the round trip',
      ),
      {
        tags: ['autodesk'],
        summary: "The local stand-in for Autodesk's authorisation page (HTML; Allow or Deny)",
        querystring: Type.Object({ state: Filled(), prompt: Type.Optional(Type.String()) }),
      },
    ),
    async (request, reply) => {
      const found = await db
        .selectFrom('autodesk_oauth_states')
        .innerJoin('users', 'users.id', 'autodesk_oauth_states.user_id')
        .select(['users.name'])
        .where('state_hash', '=', hashOf(request.query.state))
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      if (!found) throw new HttpError(400, 'This authorisation request is unknown or has expired.');
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          authorisationPage(request.query.state, apiUrl(request, '/autodesk/oauth/callback'), found.name),
        );
    },
  );

  app.get(
    '/autodesk/oauth/callback',
    guarded(
      guard.public(
        'the browser arrives without the bearer token; the state from POST /autodesk/oauth/login identifies the round trip',
      ),
      {
        tags: ['autodesk'],
        summary: 'Where the authorisation page returns: exchanges the code, then redirects to the portal',
        querystring: Type.Object({
          state: Filled(),
          code: Type.Optional(Type.String()),
          error: Type.Optional(Type.String()),
        }),
      },
    ),
    async (request, reply) => {
      const { state, code, error } = request.query;
      const pending = await db
        .deleteFrom('autodesk_oauth_states')
        .where('state_hash', '=', hashOf(state))
        .returningAll()
        .executeTakeFirst();
      if (!pending) throw new HttpError(400, 'This authorisation request is unknown or has expired.');
      if (new Date(pending.expires_at) <= new Date())
        return reply.redirect(withOutcome(pending.redirect_url, 'expired'));
      if (error || code !== 'granted') return reply.redirect(withOutcome(pending.redirect_url, 'denied'));
      await db
        .updateTable('users')
        .set({ autodesk_connected: true, autodesk_scope_outdated: false })
        .where('id', '=', pending.user_id)
        .execute();
      return reply.redirect(withOutcome(pending.redirect_url, 'connected'));
    },
  );

  app.post(
    '/autodesk/oauth/logout',
    guarded(
      guard.signedIn,
      {
        tags: ['autodesk'],
        summary: 'Disconnects Autodesk (200 means disconnected)',
        response: { 200: MessageSchema },
      },
      { activity: { message: 'autodeskDisconnected' } },
    ),
    async (request) => {
      const { user } = await authenticate(request);
      await db
        .updateTable('users')
        .set({ autodesk_connected: false, autodesk_scope_outdated: false })
        .where('id', '=', user.id)
        .execute();
      return { message: 'Autodesk disconnected.' };
    },
  );
}

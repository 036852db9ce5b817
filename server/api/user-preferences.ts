/**
 * `PATCH /my-account/preferences` (issue 31): what a user chose to keep across devices, stored per user
 * (`users.preferences`, migration 0140) and answered with the session user (`preferences`, shared/session.ts), so
 * every device the user signs in on knows it: the dismissed design-software warning of the dashboard, and the theme
 * picked in the avatar menu (issue 33). The body
 * names only the preferences it changes; the answer is all of them. Also POST with `_method=PATCH`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { UserPreferences } from '../../shared/session';
import { authenticate } from '../auth/session';
import { guard, guarded } from '../http/guarded-route';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { DataSchema } from '../http/responses';
import { DESIGN_SOFTWARE_PROBLEMS, THEME_PREFERENCES } from '../../shared/session';
import { StringEnum } from '../http/schema-types';
import { UserPreferencesSchema } from '../domain/schemas';

/** The preferences a request may set; an empty value (null) clears one (null sits out validation). */
const PreferencesBody = Type.Object({
  dismissed_design_software_warning: Type.Optional(StringEnum(DESIGN_SOFTWARE_PROBLEMS)),
  theme: Type.Optional(StringEnum(THEME_PREFERENCES)),
});

export default async function userPreferenceRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.ctx;

  app.patch(
    '/my-account/preferences',
    guarded(
      guard.signedIn,
      {
        tags: ['my-account'],
        summary: 'Sets the signed-in user’s preferences (kept across devices); answers all of them',
        consumes: FORM_CONTENT_TYPES,
        body: PreferencesBody,
        response: { 200: DataSchema(UserPreferencesSchema) },
      },
      { activity: false },
    ),
    async (request) => {
      const { user } = await authenticate(request);
      // Only the declared preferences arrive (the schema drops the rest); null is back for the handler.
      const changes: UserPreferences = {};
      if ('dismissed_design_software_warning' in request.body)
        changes.dismissed_design_software_warning = request.body.dismissed_design_software_warning ?? null;
      if ('theme' in request.body) changes.theme = request.body.theme ?? null;
      const row = await db
        .updateTable('users')
        .set({ preferences: sql`preferences || ${JSON.stringify(changes)}::jsonb` })
        .where('id', '=', user.id)
        .returning('preferences')
        .executeTakeFirstOrThrow();
      return { data: row.preferences };
    },
  );
}

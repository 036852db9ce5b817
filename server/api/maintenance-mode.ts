/**
 * The admin switch for maintenance mode (server/http/maintenance.ts). Exempt from the 503 itself, so an admin
 * can always read it and turn it off; the environment's switch (MAINTENANCE_MODE) cannot be turned off here.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { guard, guarded } from '../http/guarded-route';
import { DataSchema } from '../http/responses';
import { Flag, Nullable, toBoolean } from '../http/schema-types';

const MaintenanceSchema = Type.Object({
  enabled: Type.Boolean(),
  status: Nullable(Type.String()),
  back_on: Nullable(Type.String({ format: 'date-time' })),
  source: Nullable(Type.String({ enum: ['environment', 'admin'] })),
});

export default async function maintenanceModeRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/maintenance-mode',
    guarded(guard.admin, {
      tags: ['maintenance'],
      summary: 'Whether maintenance mode is on, and who switched it on (admin)',
      response: { 200: DataSchema(MaintenanceSchema) },
    }),
    async () => ({ data: await app.maintenance.state() }),
  );

  app.patch(
    '/admin/maintenance-mode',
    guarded(
      guard.admin,
      {
        tags: ['maintenance'],
        summary:
          'Switches maintenance mode: every other /api/v2 call answers 503 {status, back_on} while on (admin)',
        body: Type.Object({
          enabled: Flag,
          status: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
          back_on: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
        }),
        response: { 200: DataSchema(MaintenanceSchema) },
      },
      { activity: { message: 'maintenanceMode' } },
    ),
    async (request) => {
      const { enabled, status, back_on: backOn } = request.body;
      const on = toBoolean(enabled);
      const state = await app.maintenance.set({
        enabled: on,
        status: on ? (status ?? null) : null,
        back_on: on && backOn ? new Date(backOn).toISOString() : null,
      });
      return { data: state };
    },
  );
}

/**
 * Planned maintenance (spec 2 Admin, §3, §7, §8): windows an administrator announces for the whole platform.
 * Admin-only list (search on name and description; sorts name, start, end, created, updated), show, create,
 * update and delete, with the end after the start; every signed-in user reads the windows that start within a
 * day or are under way (the banner); and an administrator may switch the 503 maintenance mode on for a window
 * (back on at its end). The maintenance mode itself stays a separate switch (maintenance-mode.ts).
 */
import { PLANNED_MAINTENANCE_ABILITIES } from '../../shared/entities/planned-maintenance-values';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import {
  PlannedMaintenanceInputSchema,
  PlannedMaintenanceSchema,
  UPCOMING_WINDOW_HOURS,
  UpcomingMaintenanceSchema,
} from '../../shared/entities/planned-maintenance';
import type { PlannedMaintenanceTable } from '../db/schema';
import { ADMIN_ONLY } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { IdParams } from '../http/crud/ids';
import { invalidField } from '../errors/http-errors';
import { guard, guarded } from '../http/guarded-route';
import { DataSchema } from '../http/responses';
import { iso, MessageSchema } from '../http/schema-types';

type PlannedMaintenanceRow = Selectable<PlannedMaintenanceTable>;

const HOUR_MS = 60 * 60 * 1000;

const when = (value: Date | string) => new Date(value).getTime();

export const plannedMaintenance = defineEntity({
  collection: 'admin/planned-maintenance',
  tag: 'planned-maintenance',
  model: 'PlannedMaintenance',
  entity: 'planned_maintenance',
  activity: 'maintenance',
  answerNameKey: 'name',
  table: 'planned_maintenance',
  scope: 'platform',
  abilities: PLANNED_MAINTENANCE_ABILITIES,
  schemas: { input: PlannedMaintenanceInputSchema, item: PlannedMaintenanceSchema },
  rows: (db) => db.selectFrom('planned_maintenance').selectAll(),
  nameOf: (window) => window.name,
  list: () => ({
    sorts: {
      name: 'planned_maintenance.name',
      start_datetime: 'planned_maintenance.start_datetime',
      end_datetime: 'planned_maintenance.end_datetime',
      created_at: 'planned_maintenance.created_at',
      updated_at: 'planned_maintenance.updated_at',
    },
    defaultSort: '-created_at',
    search: ['planned_maintenance.name', 'planned_maintenance.description'],
  }),
  present: async (_ctx, rows: PlannedMaintenanceRow[]) =>
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      start_datetime: iso(row.start_datetime)!,
      end_datetime: iso(row.end_datetime)!,
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    })),
  /** The end comes after the start, also when an update changes only one of them. */
  check: async (_ctx, input, row) => {
    const start = input.start_datetime ?? row?.start_datetime;
    const end = input.end_datetime ?? row?.end_datetime;
    if (start && end && when(end) <= when(start)) {
      throw invalidField('end_datetime', 'The end datetime field must be a date after start datetime.');
    }
  },
  summaries: {
    list: 'Every planned maintenance window of the platform (admin; list conventions)',
    delete: 'Deletes a planned maintenance window (admin); answers {name, status}',
  },
});

const MaintenanceModeSchema = Type.Object({
  enabled: Type.Boolean(),
  status: Type.Union([Type.String(), Type.Null()]),
  back_on: Type.Union([Type.String(), Type.Null()]),
});

export default async function plannedMaintenanceRoutes(server: FastifyInstance): Promise<void> {
  await plannedMaintenance.register(server);
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/planned-maintenance/upcoming',
    guarded(guard.signedIn, {
      tags: ['planned-maintenance'],
      summary: `The windows that start within ${UPCOMING_WINDOW_HOURS} hours or are under way, by start (the banner)`,
      response: { 200: DataSchema(Type.Array(UpcomingMaintenanceSchema)) },
    }),
    async () => {
      const now = Date.now();
      const rows = await app.ctx.db
        .selectFrom('planned_maintenance')
        .select(['id', 'name', 'description', 'start_datetime', 'end_datetime'])
        .where('start_datetime', '<=', new Date(now + UPCOMING_WINDOW_HOURS * HOUR_MS))
        .where('end_datetime', '>', new Date(now))
        .orderBy('start_datetime')
        .orderBy('id')
        .execute();
      return {
        data: rows.map((row) => ({
          ...row,
          start_datetime: iso(row.start_datetime)!,
          end_datetime: iso(row.end_datetime)!,
        })),
      };
    },
  );

  app.post<{ Params: IdParams }>(
    '/admin/planned-maintenance/:id/maintenance-mode',
    plannedMaintenance.route(
      ADMIN_ONLY,
      'Switches the 503 maintenance mode on for this window: its description (or name) as status, back on at its end (admin)',
      { params: IdParams, response: { 200: DataSchema(MaintenanceModeSchema), 404: MessageSchema } },
    ),
    async (request) => {
      const window = await plannedMaintenance.find(app.ctx.db, 0, request.params.id);
      const state = await app.maintenance.set({
        enabled: true,
        status: window.description ?? window.name,
        back_on: iso(window.end_datetime),
      });
      return { data: { enabled: state.enabled, status: state.status, back_on: state.back_on } };
    },
  );
}

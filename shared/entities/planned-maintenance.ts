/**
 * Planned maintenance (spec 2 Admin, §3): a window an administrator announces for the whole platform. Signed-in
 * users see a banner for a window that starts within a day (`UPCOMING_WINDOW_HOURS`); the 503 maintenance mode is
 * a separate switch.
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Nullable } from '../schema-types';

/** A window is announced this many hours before it starts (and while it lasts). */
export const UPCOMING_WINDOW_HOURS = 24;

/** What a create or update may write; the end must come after the start (checked by the server). */
export const PlannedMaintenanceInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  start_datetime: Type.String({ format: 'date-time' }),
  end_datetime: Type.String({ format: 'date-time' }),
});

export const PlannedMaintenanceSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  start_datetime: DateTime,
  end_datetime: DateTime,
  created_at: DateTime,
  updated_at: DateTime,
});

/** A window as the banner announces it to every signed-in user. */
export const UpcomingMaintenanceSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  start_datetime: DateTime,
  end_datetime: DateTime,
});

export type PlannedMaintenance = Static<typeof PlannedMaintenanceSchema>;
export type PlannedMaintenanceInput = Static<typeof PlannedMaintenanceInputSchema>;
export type UpcomingMaintenance = Static<typeof UpcomingMaintenanceSchema>;

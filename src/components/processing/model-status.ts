/**
 * A model's processing status as the screens show it (spec 2 §3, §4, §7): what a `GeometryEventsUpdated` push
 * changes in place (status, colour, start and finish times, the latest message), and the elapsed time from start to
 * finish, or from start until now while the model is still being worked on.
 */
import type { TFunction } from 'i18next';
import { renderStoredMessage, type StoredMessageFields } from '@/components/stored-message';
import type { ModelStatus } from '@shared/entities/models';

/** A geometry event: the server's text, and the stored message the portal renders in the reader's language. */
export interface GeometryEvent extends StoredMessageFields {
  message: string;
  created_at?: string;
}

/** The states (spec 2 §4), as the shared schema declares them. */
export { MODEL_STATUSES } from '@shared/entities/model-values';

/** The payload of `GeometryEventsUpdated` on `private-Company.{id}.ProjectModel`. */
export interface GeometryEventsUpdated {
  owner_id: number;
  status: ModelStatus;
  status_color: string;
  started_at: string | null;
  finished_at: string | null;
  event?: (Partial<GeometryEvent> & StoredMessageFields) | null;
}

/** The fields of a model a push can change. */
export interface LiveModelFields {
  id: number;
  status: ModelStatus;
  status_color: string;
  started_at?: string | null;
  finished_at?: string | null;
  latest_geometry_event?: GeometryEvent | null;
  geometry_events?: Array<GeometryEvent & { created_at: string }>;
}

export function isGeometryEvent(payload: unknown): payload is GeometryEventsUpdated {
  const value = payload as Partial<GeometryEventsUpdated> | null;
  return !!value && typeof value.owner_id === 'number' && typeof value.status === 'string';
}

/** The model after a push about it (the same object when the push is about another model). */
export function applyGeometryEvent<T extends LiveModelFields>(
  model: T,
  event: GeometryEventsUpdated,
  receivedAt: Date = new Date(),
): T {
  if (model.id !== event.owner_id) return model;
  const message = event.event?.message;
  const latest = message
    ? {
        message,
        ...(event.event?.message_key
          ? { message_key: event.event.message_key, message_params: event.event.message_params ?? {} }
          : {}),
        created_at: receivedAt.toISOString(),
      }
    : undefined;
  return {
    ...model,
    status: event.status,
    status_color: event.status_color,
    started_at: event.started_at,
    finished_at: event.finished_at,
    ...(latest && 'latest_geometry_event' in model ? { latest_geometry_event: latest } : {}),
    ...(latest && model.geometry_events ? { geometry_events: [latest, ...model.geometry_events] } : {}),
  };
}

/** Still being worked on: the timer runs from its start. */
/** Still being worked on (a library item's ARCHIVED and CANCELLED are not). */
export const isUnfinished = (status: string) =>
  status === 'QUEUED' || status === 'PROCESSING' || status === 'UPLOADING';

/** What the elapsed time of a processed record is read from (a model's, a library item's). */
export interface ProcessingTimes {
  status: string;
  started_at?: string | null;
  finished_at?: string | null;
}

/** Milliseconds from start to finish, or to `now` while unfinished; null before it started. */
export function elapsedMs(model: ProcessingTimes, now: Date): number | null {
  if (!model.started_at) return null;
  const start = Date.parse(model.started_at);
  const end = model.finished_at
    ? Date.parse(model.finished_at)
    : isUnfinished(model.status)
      ? now.getTime()
      : NaN;
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return Math.max(0, end - start);
}

/** `0:04:07`, `26:00:05`: hours, minutes and seconds. */
export function formatElapsed(ms: number): string {
  const total = Math.floor(ms / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** A geometry event's message in the reader's language. */
export const eventMessage = (t: TFunction, event: GeometryEvent) =>
  renderStoredMessage(t, event, event.message);

/**
 * The latest geometry event's message in the reader's language; while processing it reads as ongoing ('Baking
 * materials...').
 */
export function progressMessage(
  model: { status: string; latest_geometry_event?: GeometryEvent | null },
  t: TFunction,
): string | null {
  const event = model.latest_geometry_event;
  if (!event?.message) return null;
  const message = eventMessage(t, event);
  return model.status === 'PROCESSING' ? `${message}...` : message;
}

// @vitest-environment node
/** A model's live status (spec 2 §4, §7): a GeometryEventsUpdated push applied in place, and the elapsed time. */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  applyGeometryEvent,
  elapsedMs,
  eventMessage,
  formatElapsed,
  type GeometryEventsUpdated,
  isGeometryEvent,
  progressMessage,
} from '@/components/processing/model-status';
import { nameWithoutExtension } from '@/components/upload/upload-rules';
import enModels from '../../public/locales/en/models.json';
import nlModels from '../../public/locales/nl/models.json';

const queued = {
  id: 7,
  name: 'Lobby',
  status: 'QUEUED' as const,
  status_color: '#8c8c8c',
  started_at: null,
  finished_at: null,
  latest_geometry_event: { message: 'Upload received', created_at: '2026-01-01T10:00:00.000Z' },
  geometry_events: [{ message: 'Upload received', created_at: '2026-01-01T10:00:00.000Z' }],
};

const push: GeometryEventsUpdated = {
  owner_id: 7,
  status: 'PROCESSING',
  status_color: '#1677ff',
  started_at: '2026-01-01T10:00:05.000Z',
  finished_at: null,
  event: { message: 'Reading geometry' },
};

describe('a GeometryEventsUpdated push', () => {
  it('changes status, colour, times and the latest message of its model, and adds to the history', () => {
    const at = new Date('2026-01-01T10:00:06.000Z');
    expect(applyGeometryEvent(queued, push, at)).toEqual({
      ...queued,
      status: 'PROCESSING',
      status_color: '#1677ff',
      started_at: '2026-01-01T10:00:05.000Z',
      finished_at: null,
      latest_geometry_event: { message: 'Reading geometry', created_at: at.toISOString() },
      geometry_events: [
        { message: 'Reading geometry', created_at: at.toISOString() },
        ...queued.geometry_events,
      ],
    });
  });

  it('leaves other models alone, and models without a message field without one', () => {
    expect(applyGeometryEvent({ ...queued, id: 8 }, push)).toEqual({ ...queued, id: 8 });
    const card = { id: 7, status: 'QUEUED' as const, status_color: '#8c8c8c', name: 'Lobby' };
    expect(applyGeometryEvent(card, push)).toEqual({
      ...card,
      status: 'PROCESSING',
      status_color: '#1677ff',
      started_at: push.started_at,
      finished_at: null,
    });
  });

  it('is recognised by its owner and status', () => {
    expect(isGeometryEvent(push)).toBe(true);
    expect(isGeometryEvent({ owner_id: 7 })).toBe(false);
    expect(isGeometryEvent(null)).toBe(false);
  });
});

describe('elapsed time', () => {
  const now = new Date('2026-01-01T11:02:03.000Z');
  it('runs from the start while the model is unfinished', () => {
    expect(
      elapsedMs({ status: 'PROCESSING', started_at: '2026-01-01T10:00:00.000Z', finished_at: null }, now),
    ).toBe(3_723_000);
  });

  it('is start to finish once finished or failed, and nothing before the start', () => {
    const done = { started_at: '2026-01-01T10:00:00.000Z', finished_at: '2026-01-01T10:30:00.000Z' };
    expect(elapsedMs({ status: 'FINISHED', ...done }, now)).toBe(1_800_000);
    expect(elapsedMs({ status: 'FAILED', ...done }, now)).toBe(1_800_000);
    expect(elapsedMs({ status: 'QUEUED', started_at: null, finished_at: null }, now)).toBeNull();
  });

  it('reads as hours, minutes and seconds', () => {
    expect(formatElapsed(0)).toBe('0:00:00');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatElapsed(93_600_000 + 5_000)).toBe('26:00:05');
  });
});

describe('model texts', () => {
  const translator = i18next.createInstance();
  void translator.init({
    lng: 'nl',
    fallbackLng: 'en',
    ns: ['models'],
    resources: { en: { models: enModels }, nl: { models: nlModels } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const t = translator.getFixedT('en');
  const nl = translator.getFixedT('nl');

  it('shows the latest message as ongoing while processing', () => {
    expect(
      progressMessage({ status: 'PROCESSING', latest_geometry_event: { message: 'Baking materials' } }, t),
    ).toBe('Baking materials...');
    expect(
      progressMessage({ status: 'FINISHED', latest_geometry_event: { message: 'Processing finished' } }, t),
    ).toBe('Processing finished');
    expect(progressMessage({ status: 'QUEUED', latest_geometry_event: null }, t)).toBeNull();
  });

  it("renders a stored message in the reader's language, the server's text without a key", () => {
    const baking = {
      message: 'Baking materials',
      message_key: 'models:processing.baking',
      message_params: {},
    };
    expect(progressMessage({ status: 'PROCESSING', latest_geometry_event: baking }, nl)).toBe(
      'Materialen bakken...',
    );
    const zip = {
      message: 'Geometry read: zip archive with 2 files',
      message_key: 'models:processing.read.zip',
      message_params: { count: 2 },
    };
    expect(eventMessage(nl, zip)).toBe('Geometrie gelezen: zip-archief met 2 bestanden');
    expect(eventMessage(t, zip)).toBe('Geometry read: zip archive with 2 files');
    expect(eventMessage(nl, { message: 'Old English text' })).toBe('Old English text');
  });

  it('names a model after its file, without the extension', () => {
    expect(nameWithoutExtension('Lobby v2.fbx')).toBe('Lobby v2');
    expect(nameWithoutExtension('scene.final.matz')).toBe('scene.final');
    expect(nameWithoutExtension('README')).toBe('README');
  });
});

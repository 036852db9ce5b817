/**
 * What an activity entry says (issue 31): never an API path, but what was changed and its name ('Updated user Bob
 * Brown', 'Invited erin@umbrella.test'), as a stored message (shared/messages.ts) under `account:activity.messages`
 * with the entity as i18next's `context` (`updated_user`: 'Updated user {{name}}'; a verb without a wording for
 * the entity falls back to 'Updated {{name}}'), rendered in the reader's language by the API and the portal alike.
 * The recorder (activity-recorder.ts) words a write from what its route declared (`activity` of `guarded`,
 * server/http/guarded-route.ts: its own wording, 'Left the company'), else from its path, its body and its answer
 * (the record's name); an entry recorded before keeps only its path and is worded from it when read (with what the
 * route at that path declares), naming the record by its id.
 */
import { message, type MessageParams, type StoredMessage } from '../../shared/messages';
import type { RegistrableEntity } from '../http/crud/declared-entity';
import type { RouteActivity } from '../http/guarded-route';

/** What an entry records: a write by its kind, or one of the account's own events. */
export const ACTIVITY_ACTIONS = [
  'signed_in',
  'created',
  'updated',
  'deleted',
  'password_changed',
  'password_reset',
  'invitation_accepted',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

const MESSAGES = 'account:activity.messages.';

/**
 * A collection an entry may name (`projects/models`), the entity's word in its message's context (`model`), and
 * where the declaration looks up a record's name by its id (a reprocess answers a message, not the record).
 */
export interface ActivityCollection {
  collection: string;
  entity: string;
  nameById?: RegistrableEntity['nameById'];
}
export type ActivityCollections = readonly ActivityCollection[];

/** Collections written by routes of no declaration: the FAQ's questions (faq.ts). */
const UNDECLARED: ActivityCollections = [{ collection: 'admin/questions', entity: 'faqQuestion' }];

const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The collections of the entity declarations, read and write, each with the entity's word (`activity`, else its
 * `entity` in camel case), longest first so `projects/models` wins over `projects`: a declared entity's entries
 * name it ('Updated supplier Acme' with `updated_supplier` in account.json, else 'Updated Acme') with nothing else
 * to touch.
 */
export function activityCollections(
  entities: ReadonlyArray<
    Pick<RegistrableEntity, 'collection' | 'writeCollection' | 'entity' | 'activity'> &
      Partial<Pick<RegistrableEntity, 'nameById'>>
  >,
): ActivityCollections {
  const declared = entities.flatMap(({ activity, ...entity }) =>
    activity === false
      ? []
      : [entity.collection, entity.writeCollection]
          .filter((collection): collection is string => !!collection)
          .map((collection): ActivityCollection => ({
            collection,
            entity: activity ?? camelCase(entity.entity),
            nameById: entity.nameById,
          })),
  );
  return [...declared, ...UNDECLARED].sort((a, b) => b.collection.length - a.collection.length);
}

const ofDeclarations = new WeakMap<readonly RegistrableEntity[], ActivityCollections>();

/** The collections of the app's declarations (`ctx.entities`), worked out once for them. */
export function declaredActivityCollections(entities: readonly RegistrableEntity[]): ActivityCollections {
  let collections = ofDeclarations.get(entities);
  if (!collections) ofDeclarations.set(entities, (collections = activityCollections(entities)));
  return collections;
}

/** A bulk call's action (`POST /{collection}/update`) and its wording. */
const BULK: Readonly<Record<string, string>> = {
  delete: 'bulkDeleted',
  archive: 'bulkArchived',
  activate: 'bulkActivated',
  move: 'bulkMoved',
};

/** The names a bulk entry lists at most. */
const BULK_NAMES = 5;
/** A name longer than this (a changelog item's description) is cut. */
const NAME_LENGTH = 80;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const text = (value: unknown): string | null => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || !value.trim()) return null;
  const trimmed = value.trim();
  return trimmed.length > NAME_LENGTH ? `${trimmed.slice(0, NAME_LENGTH - 1)}…` : trimmed;
};

const flag = (value: unknown): boolean | null =>
  value === true || value === 1 || value === '1' || value === 'true'
    ? true
    : value === false || value === 0 || value === '0' || value === 'false'
      ? false
      : null;

/** A record's name in an object: `name`, `title`, `email`, a FAQ question, or a changelog item's description. */
const nameIn = (value: unknown): string | null =>
  isRecord(value)
    ? (text(value.name) ??
      text(value.title) ??
      // A record named by the one it is about (a share link by its model).
      text(value.record_name) ??
      text(value.email) ??
      text(value.question) ??
      text(value.description))
    : null;

/**
 * The name of the record a write answered with: the record (`{data: {name}}`), a delete's `{label_name,
 * status}` or `{name, status}`; else the request body's own name.
 */
function answeredName(answer: unknown, body: unknown): string | null {
  if (isRecord(answer)) {
    const fromData = nameIn(answer.data);
    if (fromData) return fromData;
    const deleted = Object.entries(answer).find(([key]) => /_(name|title)$/.test(key));
    const named = text(deleted?.[1]) ?? (typeof answer.status === 'string' ? text(answer.name) : null);
    if (named) return named;
  }
  return nameIn(body);
}

/** A record named by its path segment alone: a material by its name, anything else by its id (`#12`). */
function pathName(entity: string, segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape stays as it was sent.
  }
  return entity === 'material' ? decoded : `#${decoded}`;
}

const plain = (action: ActivityAction): StoredMessage => message(`account:activity.actions.${action}`);

const worded = (key: string, params: MessageParams = {}): StoredMessage =>
  message(`${MESSAGES}${key}`, params);

export interface ActivityWrite {
  action: ActivityAction;
  /** The API path below the prefix, without the leading slash (`users/5`, `libraries/update`). */
  path: string | null;
  /** The request's body, as the handler got it. */
  body?: unknown;
  /** The answer's body, parsed. */
  answer?: unknown;
  /** The record's name where the answer does not carry it (`reprocessTarget`), looked up by the recorder. */
  recordName?: string | null;
  /** What the route it went to declared (`guarded`'s `activity`); not stated, the path words it. */
  declared?: RouteActivity;
}

/**
 * The record a `{collection}/{id}/reprocess` path names, whose name the recorder looks up with its declaration;
 * null for other paths.
 */
export function reprocessTarget(
  path: string,
  collections: ActivityCollections,
): { nameById: NonNullable<ActivityCollection['nameById']>; id: number } | null {
  const found = collections.find(({ collection }) => path.startsWith(`${collection}/`));
  const [segment, verb, more] = found ? path.slice(found.collection.length + 1).split('/') : [];
  const id = Number(segment);
  return found?.nameById &&
    verb === 'reprocess' &&
    more === undefined &&
    Number.isInteger(id) &&
    id > 0 &&
    id <= 2147483647
    ? { nameById: found.nameById, id }
    : null;
}

/** The stored message of an activity entry, naming the entity of the collection it went to. */
export function activityMessage(
  { action, path, body, answer, recordName, declared }: ActivityWrite,
  collections: ActivityCollections = [],
): StoredMessage {
  if (!path || (action !== 'created' && action !== 'updated' && action !== 'deleted')) return plain(action);
  if (declared) {
    if (!declared.param) return worded(declared.message);
    const named =
      text(isRecord(body) ? body[declared.param] : null) ?? nameIn(isRecord(answer) ? answer.data : null);
    return named ? worded(declared.message, { [declared.param]: named }) : plain(action);
  }

  const found = collections.find(
    ({ collection }) => path.startsWith(`${collection}/`) || path === collection,
  );
  if (!found) return plain(action);
  const { collection, entity } = found;
  const [segment, verb] = path.slice(collection.length + 1).split('/');

  if (segment === 'update' && verb === undefined && isRecord(answer) && Array.isArray(answer.success)) {
    const names = answer.success.map(nameIn).filter((name): name is string => !!name);
    if (!names.length) return plain(action);
    const listed = names.slice(0, BULK_NAMES).join(', ') + (names.length > BULK_NAMES ? ', …' : '');
    const requested = isRecord(body) && typeof body.action === 'string' ? body.action : '';
    return worded(BULK[requested] ?? 'bulkUpdated', { names: listed });
  }

  // An import (`{collection}/import-rows`, server/http/crud/import.ts) answers how many rows it created and changed.
  if (segment === 'import-rows' && verb === undefined && isRecord(answer) && isRecord(answer.data)) {
    const { created, updated } = answer.data;
    if (typeof created === 'number' && typeof updated === 'number')
      return worded('imported', { context: entity, created, updated });
  }

  const name = answeredName(answer, body) ?? text(recordName) ?? (segment ? pathName(entity, segment) : null);
  if (!name) return plain(action);
  const params = { context: entity, name };
  if (verb === 'reprocess') return worded('reprocessed', params);
  if (verb === 'duplicate' || verb === 'copy') return worded('duplicated', params);
  if (verb === 'favorite') {
    const on = flag(isRecord(body) ? body.is_favorited : null);
    return on === null ? worded(action, params) : worded(on ? 'favorite' : 'unfavorite', params);
  }
  const archived = action === 'updated' && isRecord(body) ? flag(body.archived) : null;
  if (archived !== null) return worded(archived ? 'archived' : 'unarchived', params);
  return worded(action, params);
}

/** What the route at an API path (`users/invite`) declares of its activity (`declaredRouteActivities`). */
export type RouteActivityAt = (path: string) => RouteActivity | undefined;

/**
 * What an entry as stored says: its message, or (recorded before issue 31) the message worded from its path and
 * what the route at that path declares.
 */
export function storedActivityMessage(
  row: {
    action: string;
    subject: string | null;
    message_key: string | null;
    message_params: MessageParams | null;
  },
  collections: ActivityCollections,
  activityAt: RouteActivityAt = () => undefined,
): StoredMessage {
  if (row.message_key) return message(row.message_key, row.message_params ?? {});
  const declared = row.subject === null ? undefined : activityAt(row.subject);
  return activityMessage({ action: row.action as ActivityAction, path: row.subject, declared }, collections);
}

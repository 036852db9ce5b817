/** Push events both sides name: the server publishes them, the portal listens. */

/**
 * An event's name on the wire: Laravel names events by class, and Echo's `.listen('UserNotificationUpdated')`
 * expects `App\Events\UserNotificationUpdated`.
 */
export const wireEventName = (name: string) => `App\\Events\\${name}`;

/**
 * How far a job checking or importing a large file's rows is (issue 46), on its user's channel:
 * `{id, status, rows_done, rows_total}`; FINISHED or FAILED when it ends (`GET /import-jobs/{id}` has the outcome).
 */
export const IMPORT_JOB_EVENT = 'ImportJobUpdated';

/**
 * A role, group or membership of the user changed (issue 14): the portal validates the session again, so menus and
 * guards follow without a reload.
 */
export const PERMISSIONS_EVENT = 'UserPermissionsUpdated';

/** A notification of the user's arrived or was read (`{notification, unread_count}`): the bell and list follow. */
export const NOTIFICATION_EVENT = 'UserNotificationUpdated';

/**
 * Processing events (spec 2 §7), on a processed entity's processing channel (shared/channels.ts): every status
 * change and event of a row, and a row's processor list entry to reload.
 */
export const PROCESSING_EVENTS = ['GeometryEventsUpdated', 'RefreshProcessorIndex'] as const;
export const [GEOMETRY_EVENT, PROCESSOR_INDEX_EVENT] = PROCESSING_EVENTS;

/**
 * A comment pinned to a model or library item was written, edited, resolved, reopened or deleted (issue 45), on the
 * company's channel: `{record_type, record_id, comment_id}`. An overview showing that record reads its comments
 * again (what the user may read is the API's to say; the event carries no text).
 */
export const COMMENTS_EVENT = 'ModelCommentsUpdated';

/**
 * A saved viewpoint of a model or library item was added or deleted (issue 45), on the company's channel:
 * `{record_type, record_id, viewpoint_id}`; an overview of that record reads its viewpoints again.
 */
export const VIEWPOINTS_EVENT = 'ModelViewpointsUpdated';

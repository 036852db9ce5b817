/** Push events both sides name: the server publishes them on a user's private channel, the portal listens. */

/**
 * A role, group or membership of the user changed (issue 14): the portal validates the session again, so menus and
 * guards follow without a reload.
 */
export const PERMISSIONS_EVENT = 'UserPermissionsUpdated';

/** A notification of the user's arrived or was read (`{notification, unread_count}`): the bell and list follow. */
export const NOTIFICATION_EVENT = 'UserNotificationUpdated';

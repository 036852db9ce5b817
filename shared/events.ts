/** Push events both sides name: the server publishes them on a user's private channel, the portal listens. */

/**
 * A role, group or membership of the user changed (issue 14): the portal validates the session again, so menus and
 * guards follow without a reload.
 */
export const PERMISSIONS_EVENT = 'UserPermissionsUpdated';

/** What the users screens load on demand: the licence toggles of the form and the Invite User dialog. */
export { default as InviteUserDialog } from './InviteUserDialog';
export { default as LicencesInput } from './LicencesInput';

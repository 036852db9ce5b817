/** What the users screens load on demand: the licence toggles of the form. */
export { default as LicencesInput } from './LicencesInput';

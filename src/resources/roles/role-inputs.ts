/** The role form's own inputs, loaded together with the form (one chunk, one dynamic import). */
export { default as AbilitiesInput } from './AbilitiesInput';
export { default as NotificationSettingsInput } from './NotificationSettingsInput';

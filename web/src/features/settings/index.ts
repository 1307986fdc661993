// What other parts of the app may use from this feature: the profile's Settings tab (no props: the signed-in member's).
export { SettingsTab } from './SettingsTab';

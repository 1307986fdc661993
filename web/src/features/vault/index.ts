// What other parts of the app may use from this feature: the profile's Vault tab renders VaultTab.
export { VaultTab } from './VaultTab';

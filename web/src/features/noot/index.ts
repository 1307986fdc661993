// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const NootVirNootScreen = lazy(() => import('./NootVirNootScreen'));
// A song's cover and its title lines, as the chart shows them (the admin panel's Noot Approvals shows them too).
export { SongCover, SongTitle } from './SongParts';

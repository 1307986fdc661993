// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const ExploreScreen = lazy(() => import('./ExploreScreen'));

/** The top bar's search box with its suggestions (the shell places it). */
export { TopBarSearch } from './TopBarSearch';

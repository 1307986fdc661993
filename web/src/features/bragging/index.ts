// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const BraggingRightsScreen = lazy(() => import('./BraggingRightsScreen'));
export const ChampionshipScreen = lazy(() => import('./ChampionshipScreen'));

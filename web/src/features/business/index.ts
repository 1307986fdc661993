// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const BusinessScreen = lazy(() => import('./BusinessScreen'));

// The member's position from the browser, falling back to Cape Town (the directory's radius and dating's distance).
export { currentPosition, usePosition, type DirectoryPosition } from './usePosition';

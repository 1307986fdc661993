// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const EventsScreen = lazy(() => import('./EventsScreen'));

/** An event's day and time as its cards show them ("Sat 6 Dec, 18:00"). */
export { whenText } from './eventText';

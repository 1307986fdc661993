// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk. The shell places
// the one shared player (RadioPlayerProvider) and the floating player, and opens it from the mobile sheet.
import { lazy } from 'react';

export const RadioScreen = lazy(() => import('./RadioScreen'));
export { RadioPlayerProvider, useOptionalRadio } from './RadioPlayerProvider';
export { FloatingRadioPlayer } from './FloatingRadioPlayer';

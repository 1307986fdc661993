// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const SaffaRadarScreen = lazy(() => import('./SaffaRadarScreen'));
// For the Settings tab: the SAFFA Radar toggle (asks for the position when turned on).
export { RadarToggle } from './RadarToggle';

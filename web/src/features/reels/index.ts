// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const ReelsScreen = lazy(() => import('./ReelsScreen'));
export const ProfileReels = lazy(() => import('./ProfileReels'));
export const UploadReelDialog = lazy(() => import('./UploadReelDialog').then((m) => ({ default: m.UploadReelDialog })));

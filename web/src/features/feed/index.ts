// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const FeedScreen = lazy(() => import('./FeedScreen'));
export const PostScreen = lazy(() => import('./PostScreen'));

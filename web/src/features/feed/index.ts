// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';
import { preloadable } from '../../ui/preloadable';

// The home feed is the first screen: preloadable, so a signed-in page renders it without a Suspense fallback.
export const FeedScreen = preloadable(() => import('./FeedScreen'));
export const PostScreen = lazy(() => import('./PostScreen'));

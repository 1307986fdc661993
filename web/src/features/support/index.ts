// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const SupportScreen = lazy(() => import('./SupportScreen'));
/** Where Contact support lives (the shell's menus and Settings link here). */
export const SUPPORT_PATH = '/support';
export { useSupportAnswersUnread } from './useSupportAnswersUnread';

// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const MessagesScreen = lazy(() => import('./MessagesScreen'));
export { useStartConversation, type StartConversationFrom } from './useStartConversation';
export { MessagesProvider } from './MessagesProvider';

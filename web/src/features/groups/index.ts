// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const DiscoverGroupsScreen = lazy(() => import('./DiscoverGroupsScreen'));
/** /klets (Local Community Chats): the groups near you, yours and your favourites, with each group's live chat. */
export const KletsScreen = lazy(() => import('./KletsScreen'));

// For the shell: the member's groups with member counts.
export { YourGroups } from './YourGroups';
/** The Klets unread badge's count, live, for the signed-in layout. */
export { KletsUnreadProvider } from './KletsUnreadProvider';
// For the profile's Groups tab: "1 member", "12 members".
export { membersText } from './groupText';
// For Explore: the group card with its actions (join, leave, favourite, with the spec's toasts). Lazy, because the
// shell imports this index for Your Groups on every page and the card is only needed once groups are listed.
export const GroupCard = lazy(() => import('./GroupCard').then((m) => ({ default: m.GroupCard })));

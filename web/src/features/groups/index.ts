// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const DiscoverGroupsScreen = lazy(() => import('./DiscoverGroupsScreen'));
/** /klets (Local Community Chats): the groups near you, yours and your favourites, with each group's live chat. */
export const KletsScreen = lazy(() => import('./KletsScreen'));

// For the shell: the member's groups with member counts.
export { YourGroups } from './YourGroups';
/** The Klets unread badge's count, live, for the signed-in layout. */
export { KletsUnreadProvider } from './KletsUnreadProvider';
// For Explore and others: the group card with its actions, and the join / leave / favourite hooks with the spec's
// toasts. The GraphQL documents are in groups.graphql (useGroupsNearQuery, useJoinGroupMutation, ...).
export { GroupCard, GroupCardSkeleton, GroupActions, type GroupCardData } from './GroupCard';
export { isMember, membersText } from './groupText';
export { useJoinGroup, useLeaveGroup, useFavoriteGroup, type GroupActionPlace } from './useGroupActions';
export { useGroupPosition } from './useGroupPosition';

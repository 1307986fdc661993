// What other parts of the app may use from friends: the panel (placed by the shell) and its lists (the home
// feed's wide-screen column shows them too).
export { FriendsPanelProvider, useFriendsPanel, useOptionalFriendsPanel } from './FriendsPanelProvider';
export { FriendRequestsContent, FriendSuggestionsContent, SectionState } from './FriendLists';

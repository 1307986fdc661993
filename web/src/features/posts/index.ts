// What other features may use from posts: the post card, the paged post list, and test data for their tests.
export { PostCard } from './PostCard';
export { PostList, type PostListProps } from './PostList';
export { makePost, type TestPost } from './testing';
export { ReactionButton } from './ReactionPicker';
export { REACTIONS, reactionKind } from './reactions';

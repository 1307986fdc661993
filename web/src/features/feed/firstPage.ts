import { HomeFeedDocument } from './feed.generated';

const FEED_PAGE_SIZE = 10;

/**
 * The home feed's first page as FeedPosts asks for it. The server answers it inside index.html for a signed-in
 * visit of `/` (app/preload.ts), so the posts show without a round trip after the scripts.
 */
export const FEED_FIRST_PAGE = { path: '/', query: HomeFeedDocument, variables: { first: FEED_PAGE_SIZE } } as const;

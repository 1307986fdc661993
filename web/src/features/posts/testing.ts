import type { PostCard_PostFragment } from './post.generated';

export type TestPost = PostCard_PostFragment & { __typename: 'Post' };

/**
 * Test data: a post as the server answers the PostCard_post fragment (with __typename), written just now, with
 * overrides (the author and the reaction counts merge with the defaults).
 */
export function makePost(overrides: Partial<PostCard_PostFragment> = {}): TestPost {
  return {
    __typename: 'Post',
    id: 'p1',
    content: 'Lekker braai this weekend!',
    imageUrl: null,
    images: [],
    videoUrl: null,
    documentUrl: null,
    documentName: null,
    documentType: null,
    location: null,
    latitude: null,
    longitude: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    myReaction: null,
    commentCount: 0,
    shareCount: 0,
    savedCheckinId: null,
    viewerCanEdit: false,
    viewerCanDelete: false,
    ...overrides,
    author: {
      __typename: 'User',
      id: 'u2',
      displayName: 'Sipho Dlamini',
      initials: 'SD',
      profileImageUrl: null,
      ...overrides.author,
    } as PostCard_PostFragment['author'],
    reactionCounts: {
      __typename: 'ReactionCounts',
      lekker: 0,
      shocked: 0,
      sad: 0,
      care: 0,
      angry: 0,
      total: 0,
      ...overrides.reactionCounts,
    } as PostCard_PostFragment['reactionCounts'],
  };
}

export function makeImages(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    __typename: 'PostImage' as const,
    url: `/media/photo-${i + 1}.jpg`,
    thumbnailUrl: `/media/photo-${i + 1}.thumb.jpg`,
    width: 1600,
    height: 1000,
    variants: [480, 1080].flatMap((width) =>
      (['webp', 'jpg'] as const).map((ext) => ({
        __typename: 'ImageVariant' as const,
        url: `/media/photo-${i + 1}-${width}.${ext}`,
        width,
        mimeType: ext === 'webp' ? 'image/webp' : 'image/jpeg',
      })),
    ),
  }));
}

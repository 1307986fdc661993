import { idempotencyKeyOf, restTable } from '../../rest/route';

/** The post fields the documented /api answers carry (spec 000 section 3 "Post"). */
export const POST_FIELDS =
  `id content imageUrl images { url thumbnailUrl } videoUrl documentUrl documentName ` +
  `documentType
  location latitude longitude createdAt updatedAt commentCount shareCount myReaction
  reactionCounts { total } author { id firstName lastName displayName profileImageUrl }`;

interface PostData {
  id: string;
  author: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    displayName: string;
    profileImageUrl: string | null;
  };
  images: Array<{ url: string; thumbnailUrl: string | null }>;
  latitude: number | null;
  longitude: number | null;
  reactionCounts: { total: number };
  commentCount: number;
  shareCount: number;
  [k: string]: unknown;
}

/** A post as older clients know it: coordinates as strings, images as URLs, likes/comments/shares counts. */
export function restPost(p: PostData) {
  const { author, images, reactionCounts, latitude, longitude } = p;
  // Field by field (not `...rest`): the list endpoint shapes every post of a page.
  return {
    id: p.id,
    content: p.content,
    imageUrl: p.imageUrl,
    videoUrl: p.videoUrl,
    documentUrl: p.documentUrl,
    documentName: p.documentName,
    documentType: p.documentType,
    location: p.location,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    myReaction: p.myReaction,
    userId: author.id,
    user: author,
    images: images.map((i) => i.url),
    thumbnails: images.map((i) => i.thumbnailUrl),
    latitude: latitude === null ? null : String(latitude),
    longitude: longitude === null ? null : String(longitude),
    likes: reactionCounts.total,
    comments: p.commentCount,
    shares: p.shareCount,
  };
}

export const postRest = restTable([
  {
    method: 'GET',
    path: '/api/posts',
    operation:
      `query Feed($limit: Int, $after: String) { feed(first: $limit, after: $after) { nodes ` +
      `{ ${POST_FIELDS} } pageInfo { endCursor hasNextPage } } }`,
    variables: ({ query }) => ({ limit: query.limit ? Number(query.limit) : 20, after: query.after ?? null }),
    result: (d) => d.feed.nodes.map(restPost),
    // The answer stays the documented list; the next page is `?after=` this header's value.
    headers: (d) => ({ 'X-Next-Cursor': d.feed.pageInfo.hasNextPage ? d.feed.pageInfo.endCursor : null }),
  },
  {
    method: 'GET',
    path: '/api/posts/:id',
    operation: `query Post($id: ID!) { post(id: $id) { ${POST_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    result: (d) => (d.post ? restPost(d.post) : null),
    nullStatus: 404,
    nullMessage: 'Post not found',
  },
  {
    method: 'POST',
    path: '/api/posts',
    operation:
      `mutation CreatePost($input: CreatePostInput!, $key: String) { createPost(input: $input, ` +
      `idempotencyKey: $key) { ${POST_FIELDS} } }`,
    body: {
      content: 'string?',
      imageUrl: 'string?',
      images: 'string[]?',
      videoUrl: 'string?',
      documentUrl: 'string?',
      documentName: 'string?',
      documentType: 'string?',
      location: 'string?',
      latitude: 'numeric?',
      longitude: 'numeric?',
      checkinPhoto: 'string?',
    },
    variables: (req) => ({ input: req.body, key: idempotencyKeyOf(req) }),
    result: (d) => restPost(d.createPost),
    status: 201,
    bodyLimit: 'upload',
  },
  {
    method: 'PATCH',
    path: '/api/posts/:id',
    operation:
      `mutation UpdatePost($id: ID!, $content: String!) { updatePost(id: $id, content: $content) ` +
      `{ ${POST_FIELDS} } }`,
    body: { content: 'string' },
    variables: ({ params, body }) => ({ id: params.id, content: body.content }),
    result: (d) => restPost(d.updatePost),
  },
  {
    method: 'DELETE',
    path: '/api/posts/:id',
    operation: `mutation DeletePost($id: ID!) { deletePost(id: $id) }`,
    variables: ({ params }) => ({ id: params.id }),
    status: 204,
  },
  {
    method: 'POST',
    path: '/api/posts/:id/share',
    operation:
      `mutation SharePost($id: ID!, $target: ShareTarget!) { sharePost(id: $id, target: $target) { ` + `shareCount } }`,
    body: { target: 'string' },
    variables: ({ params, body }) => ({ id: params.id, target: body.target }),
    result: (d) => ({ shares: d.sharePost.shareCount }),
  },
]);

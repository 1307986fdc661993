import { restTable } from '../../rest/route';

const REEL_FIELDS = 'id title caption thumbnailUrl imageUrl videoUrl likeCount createdAt author { id displayName }';

interface ReelData {
  id: string;
  title: string;
  caption: string | null;
  thumbnailUrl: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  likeCount: number;
  [k: string]: unknown;
}

/** A reel as the documented /api answers it (spec 001 section 3 "Reel"). */
const restReel = (r: ReelData) => ({
  id: r.id,
  title: r.title,
  caption: r.caption,
  thumbnailUrl: r.thumbnailUrl ?? r.imageUrl,
  videoUrl: r.videoUrl,
  likes: r.likeCount,
  createdAt: r.createdAt,
  user: r.author,
});

export const reelRest = restTable([
  {
    method: 'GET',
    path: '/api/reels',
    operation:
      `query Reels($limit: Int, $after: String) { reels(first: $limit, after: $after) { nodes ` +
      `{ ${REEL_FIELDS} } pageInfo { endCursor hasNextPage } } }`,
    variables: ({ query }) => ({ limit: query.limit ? Number(query.limit) : 20, after: query.after ?? null }),
    result: (d) => d.reels.nodes.map(restReel),
    headers: (d) => ({ 'X-Next-Cursor': d.reels.pageInfo.hasNextPage ? d.reels.pageInfo.endCursor : null }),
  },
  {
    method: 'POST',
    path: '/api/reels',
    operation: `mutation UploadReel($input: UploadReelInput!) { uploadReel(input: $input) { ${REEL_FIELDS} } }`,
    body: { title: 'string?', caption: 'string?', thumbnailUrl: 'string?' },
    // The spec sends the file as `thumbnailUrl` (an inline data URL).
    variables: ({ body }) => ({
      input: { title: body.title ?? null, caption: body.caption ?? null, file: body.thumbnailUrl ?? null },
    }),
    result: (d) => restReel(d.uploadReel),
    status: 201,
    bodyLimit: 'upload',
  },
  {
    method: 'DELETE',
    path: '/api/reels/:id',
    operation: `mutation DeleteReel($id: ID!) { deleteReel(id: $id) }`,
    variables: ({ params }) => ({ id: params.id }),
    status: 204,
  },
]);

import { restTable, type FieldSpec } from '../../rest/route';

/** The business page fields the /api answers carry (spec 001 section 3, "Business page", plus counts). */
const PAGE_FIELDS =
  `id name category description address phone website email industry openHours imageUrl coverPhotoUrl
  buttonColor buttonTextColor gradientBorder latitude longitude ownerId createdAt updatedAt rating reviewCount ` +
  `followerCount viewerFollows`;
const REVIEW_FIELDS =
  'id businessId memberId rating comment createdAt updatedAt author { id displayName profileImageUrl }';

interface PageData {
  ownerId: string | null;
  [k: string]: unknown;
}

/** A page as the documented answers carry it: the owner as `userId`, like every other /api row. */
const restPage = ({ ownerId, ...p }: PageData) => ({ ...p, userId: ownerId });
const restReview = ({ memberId, ...r }: { memberId: string; [k: string]: unknown }) => ({ ...r, userId: memberId });

/** The fields of the Create / Manage dialog and of the customization (both are PATCH /api/business-pages/{id}). */
const PAGE_BODY: Record<string, FieldSpec> = {
  name: 'string?',
  category: 'string?',
  description: 'string?',
  address: 'string?',
  phone: 'string?',
  website: 'string?',
  email: 'string?',
  industry: 'string?',
  openHours: 'string?',
  imageUrl: 'string?',
  coverPhotoUrl: 'string?',
  latitude: 'numeric?',
  longitude: 'numeric?',
  buttonColor: 'string?',
  buttonTextColor: 'string?',
  gradientBorder: 'string?',
};

const limitOf = (value: unknown, fallback: number) => (value === undefined ? fallback : Number(value));

export const businessRest = restTable([
  {
    method: 'GET',
    path: '/api/business-pages/my-pages',
    operation:
      `query MyBusinessPages($limit: Int, $after: String) { myBusinessPages(first: $limit, after: $after) { ` +
      `nodes { ${PAGE_FIELDS} } pageInfo { endCursor hasNextPage } } }`,
    variables: ({ query }) => ({ limit: limitOf(query.limit, 100), after: query.after ?? null }),
    result: (d) => d.myBusinessPages.nodes.map(restPage),
    headers: (d) => ({
      'X-Next-Cursor': d.myBusinessPages.pageInfo.hasNextPage ? d.myBusinessPages.pageInfo.endCursor : null,
    }),
  },
  {
    method: 'GET',
    path: '/api/business-pages/followed',
    operation:
      `query FollowedBusinesses($limit: Int, $after: String) { followedBusinesses(first: $limit, after: ` +
      `$after) { nodes { ${PAGE_FIELDS} } pageInfo { endCursor hasNextPage } } }`,
    variables: ({ query }) => ({ limit: limitOf(query.limit, 100), after: query.after ?? null }),
    result: (d) => d.followedBusinesses.nodes.map(restPage),
    headers: (d) => ({
      'X-Next-Cursor': d.followedBusinesses.pageInfo.hasNextPage ? d.followedBusinesses.pageInfo.endCursor : null,
    }),
  },
  {
    method: 'GET',
    path: '/api/business-pages/directory',
    operation: `query BusinessDirectory($lat: Float!, $lng: Float!, $radius: Int!, $limit: Int, $after: String) {
      businessDirectory(latitude: $lat, longitude: $lng, radiusKm: $radius, first: $limit, after: $after) {
        totalCount nodes { ${PAGE_FIELDS} distanceKm } pageInfo { endCursor hasNextPage } } }`,
    variables: ({ query }) => ({
      lat: Number(query.lat),
      lng: Number(query.lng),
      radius: Number(query.radius),
      limit: limitOf(query.limit, 20),
      after: query.after ?? null,
    }),
    result: (d) => d.businessDirectory.nodes.map(restPage),
    headers: (d) => ({
      'X-Total-Count': String(d.businessDirectory.totalCount),
      'X-Next-Cursor': d.businessDirectory.pageInfo.hasNextPage ? d.businessDirectory.pageInfo.endCursor : null,
    }),
  },
  {
    method: 'GET',
    path: '/api/business-pages/:id',
    operation: `query BusinessPage($id: ID!) { business(id: $id) { ${PAGE_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    result: (d) => (d.business ? restPage(d.business) : null),
    nullStatus: 404,
    nullMessage: 'Business page not found',
  },
  {
    method: 'POST',
    path: '/api/business-pages',
    operation:
      `mutation CreateBusinessPage($input: BusinessPageInput!) { createBusinessPage(input: $input) ` +
      `{ ${PAGE_FIELDS} } }`,
    body: PAGE_BODY,
    result: (d) => restPage(d.createBusinessPage),
    status: 201,
    bodyLimit: 'upload',
  },
  {
    method: 'PATCH',
    path: '/api/business-pages/:id',
    operation:
      `mutation UpdateBusinessPage($id: ID!, $input: BusinessPageInput!) { updateBusinessPage(id: $id, ` +
      `input: $input) { ${PAGE_FIELDS} } }`,
    body: PAGE_BODY,
    variables: ({ params, body }) => ({ id: params.id, input: body }),
    result: (d) => restPage(d.updateBusinessPage),
    bodyLimit: 'upload',
  },
  {
    method: 'DELETE',
    path: '/api/business-pages/:id',
    operation: `mutation DeleteBusinessPage($id: ID!) { deleteBusinessPage(id: $id) }`,
    variables: ({ params }) => ({ id: params.id }),
    status: 204,
  },
  {
    method: 'GET',
    path: '/api/business-pages/:id/reviews',
    operation:
      `query BusinessReviews($id: ID!, $limit: Int, $after: String) { businessReviews(businessId: $id, ` +
      `first: $limit, after: $after) { nodes { ${REVIEW_FIELDS} } pageInfo { endCursor hasNextPage } } }`,
    variables: ({ params, query }) => ({ id: params.id, limit: limitOf(query.limit, 20), after: query.after ?? null }),
    result: (d) => d.businessReviews.nodes.map(restReview),
    headers: (d) => ({
      'X-Next-Cursor': d.businessReviews.pageInfo.hasNextPage ? d.businessReviews.pageInfo.endCursor : null,
    }),
  },
  {
    method: 'POST',
    path: '/api/business-pages/:id/reviews',
    operation:
      `mutation ReviewBusiness($id: ID!, $rating: Int, $comment: String) { reviewBusiness(businessId: $id, ` +
      `rating: $rating, comment: $comment) { ${REVIEW_FIELDS} } }`,
    body: { rating: 'number?', comment: 'string?' },
    variables: ({ params, body }) => ({ id: params.id, rating: body.rating ?? null, comment: body.comment ?? null }),
    result: (d) => restReview(d.reviewBusiness),
  },
  {
    method: 'POST',
    path: '/api/business-pages/:id/follow',
    operation: `mutation FollowBusiness($id: ID!) { followBusiness(id: $id) { id followerCount viewerFollows } }`,
    variables: ({ params }) => ({ id: params.id }),
    result: (d) => ({
      businessId: d.followBusiness.id,
      following: d.followBusiness.viewerFollows,
      followerCount: d.followBusiness.followerCount,
    }),
  },
  {
    method: 'POST',
    path: '/api/business-pages/:id/unfollow',
    operation: `mutation UnfollowBusiness($id: ID!) { unfollowBusiness(id: $id) { id followerCount viewerFollows } }`,
    variables: ({ params }) => ({ id: params.id }),
    result: (d) => ({
      businessId: d.unfollowBusiness.id,
      following: d.unfollowBusiness.viewerFollows,
      followerCount: d.unfollowBusiness.followerCount,
    }),
  },
]);

import { restTable } from '../../rest/route';

const EVENT_FIELDS =
  'id title category championshipId team1Name team1Logo team2Name team2Logo eventDate closingDate isScored isClosed ' +
  'winnerTeam team1Score team2Score actualMargin status userPrediction { predictedWinner predictedMargin points }';
const CHAMPIONSHIP_FIELDS = 'id name description category startDate endDate';
const next = (page: { pageInfo: { hasNextPage: boolean; endCursor: string | null } }) => ({
  'X-Next-Cursor': page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null,
});
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

export const braggingRest = restTable([
  {
    method: 'GET',
    path: '/api/bragging/events',
    operation:
      `query BraggingEvents($category: String, $championshipId: ID, $after: String) {
      braggingEvents(category: $category, championshipId: $championshipId, first: 100, after: $after) { nodes ` +
      `{ ${EVENT_FIELDS} } pageInfo { endCursor hasNextPage } } }`,
    variables: ({ query }) => ({
      category: str(query.category),
      championshipId: str(query.championshipId),
      after: str(query.after),
    }),
    result: (d) => d.braggingEvents.nodes,
    headers: (d) => next(d.braggingEvents),
  },
  {
    method: 'GET',
    path: '/api/bragging/championships',
    operation:
      `query BraggingChampionships($category: String, $after: String) {
      braggingChampionships(category: $category, first: 100, after: $after) { nodes { ${CHAMPIONSHIP_FIELDS} } ` +
      `pageInfo { endCursor hasNextPage } } }`,
    variables: ({ query }) => ({ category: str(query.category), after: str(query.after) }),
    result: (d) => d.braggingChampionships.nodes,
    headers: (d) => next(d.braggingChampionships),
  },
  {
    method: 'GET',
    path: '/api/bragging/championships/:id',
    operation: `query BraggingChampionship($id: ID!) { braggingChampionship(id: $id) { ${CHAMPIONSHIP_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    nullStatus: 404,
    nullMessage: 'Championship not found',
  },
  {
    method: 'GET',
    path: '/api/bragging/championships/:id/leaderboard',
    operation:
      `query BraggingChampionshipLeaderboard($id: ID!) {
      braggingChampionshipLeaderboard(id: $id) { id rank user { id profileImageUrl firstName lastName email } points ` +
      `braggingPoints correctPredictions totalPredictions } }`,
    variables: ({ params }) => ({ id: params.id }),
  },
  {
    method: 'GET',
    path: '/api/bragging/leaderboard/:category',
    operation:
      `query BraggingLeaderboard($category: String) { braggingLeaderboard(category: $category) { userId ` +
      `username avatar totalPoints correctPredictions rank } }`,
    variables: ({ params }) => ({ category: params.category }),
  },
  {
    method: 'GET',
    path: '/api/bragging/badges/my',
    operation: `query MyBraggingBadges { myBraggingBadges { id badgeType category label } }`,
  },
  {
    method: 'POST',
    path: '/api/bragging/predictions',
    operation:
      `mutation PredictBraggingEvent($input: BraggingPredictionInput!) { predictBraggingEvent(input: ` +
      `$input) { id eventId predictedWinner predictedMargin } }`,
    body: { eventId: 'string?', predictedWinner: 'string?', predictedMargin: 'numeric?' },
    variables: ({ body }) => ({
      input: {
        eventId: body.eventId ?? null,
        predictedWinner: body.predictedWinner ?? null,
        predictedMargin: body.predictedMargin ?? null,
      },
    }),
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/bragging/events',
    operation:
      `mutation CreateBraggingEvent($input: CreateBraggingEventInput!) { createBraggingEvent(input: $input) ` +
      `{ ${EVENT_FIELDS} } }`,
    body: {
      title: 'string?',
      category: 'string?',
      championshipId: 'string?',
      team1Name: 'string?',
      team1Logo: 'string?',
      team2Name: 'string?',
      team2Logo: 'string?',
      eventDate: 'string?',
      closingDate: 'string?',
    },
    status: 201,
    bodyLimit: 'upload',
  },
  {
    method: 'POST',
    path: '/api/bragging/championships',
    operation:
      `mutation CreateBraggingChampionship($input: CreateBraggingChampionshipInput!) { ` +
      `createBraggingChampionship(input: $input) { ${CHAMPIONSHIP_FIELDS} } }`,
    body: { name: 'string?', description: 'string?', category: 'string?', startDate: 'string?', endDate: 'string?' },
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/bragging/events/:id/score',
    operation:
      `mutation ScoreBraggingEvent($id: ID!, $team1Score: Int, $team2Score: Int) { scoreBraggingEvent(id: ` +
      `$id, team1Score: $team1Score, team2Score: $team2Score) { ${EVENT_FIELDS} } }`,
    body: { team1Score: 'numeric?', team2Score: 'numeric?' },
    variables: ({ params, body }) => ({
      id: params.id,
      team1Score: body.team1Score ?? null,
      team2Score: body.team2Score ?? null,
    }),
  },
]);

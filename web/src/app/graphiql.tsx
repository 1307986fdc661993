/**
 * The GraphQL explorer that `/graphql` shows in a browser (GraphiQL, served from this app's own build: no CDN).
 * Its own entry (web/graphiql.html), so the app's pages never load it. Queries run with the browser's session
 * cookie, or with an `Authorization: Bearer <token>` header set in the Headers tab.
 */
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
const fetcher = createGraphiQLFetcher({ url: '/graphql', subscriptionUrl: wsUrl });

const DEFAULT_QUERY = `# The Saffa GraphQL API. Signed in to the web app, queries run as you; otherwise add
# {"Authorization": "Bearer <token>"} under Headers (docs/api.md explains tokens, pages, errors and limits).
query Me {
  me {
    id
    displayName
  }
}
`;

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} />
  </StrictMode>,
);

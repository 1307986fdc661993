import { useMeQuery } from '../gql/graphql';
import { LoadingScreen } from '../ui/Screen';
import { SignedInRoutes, SignedOutRoutes } from './routes';
import { SessionProvider } from '../ui/session';

/** The session gate: spinner while the session loads, landing when signed out, the app when signed in. */
export function App() {
  const { data, loading } = useMeQuery({ fetchPolicy: 'cache-first' });
  if (loading && !data) return <LoadingScreen fullHeight />;
  const me = data?.me ?? null;
  if (!me) return <SignedOutRoutes />;
  return (
    <SessionProvider user={me}>
      <SignedInRoutes />
    </SessionProvider>
  );
}

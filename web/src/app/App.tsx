import { Suspense } from 'react';
import { ChooseNameScreen, needsName, useEmailConfirmationLink } from '../features/auth';
import { useMeQuery } from '../ui/session.generated';
import { LoadingScreen } from '../ui/Screen';
import { SignedInRoutes, SignedOutRoutes } from './routes';
import { SessionProvider } from '../ui/session';

/**
 * The session gate: spinner while the session loads, landing when signed out, a name first for members without one,
 * else the app.
 */
export function App() {
  const { data, loading } = useMeQuery({ fetchPolicy: 'cache-first' });
  useEmailConfirmationLink();
  if (loading && !data) return <LoadingScreen fullHeight />;
  const me = data?.me ?? null;
  if (!me) return <SignedOutRoutes />;
  if (needsName(me)) {
    return (
      <Suspense fallback={<LoadingScreen fullHeight />}>
        <ChooseNameScreen firstName={me.firstName} lastName={me.lastName} />
      </Suspense>
    );
  }
  return (
    <SessionProvider user={me}>
      <SignedInRoutes />
    </SessionProvider>
  );
}

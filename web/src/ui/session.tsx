import { createContext, useContext, type ReactNode } from 'react';
import type { SessionUserFragment } from './session.generated';
import { pageNavigation } from '../lib/navigation';

export type SessionUser = SessionUserFragment;

const SessionContext = createContext<SessionUser | null>(null);

export function SessionProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  return <SessionContext.Provider value={user}>{children}</SessionContext.Provider>;
}

/** The signed-in member. Only valid inside the signed-in layout. */
export function useSession(): SessionUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useSession must be used inside the signed-in layout');
  return user;
}

export function useOptionalSession(): SessionUser | null {
  return useContext(SessionContext);
}

export function isAdmin(user: Pick<SessionUser, 'role'> | null | undefined): boolean {
  return user?.role === 'admin';
}

/** Logging out is a browser navigation: the server clears the session cookie and redirects. */
export function logout(): void {
  pageNavigation.go('/api/logout');
}

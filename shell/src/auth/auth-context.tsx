// The shell's view of the sign-in: resolving → signed in / signed out. The OIDC details live in
// the session (oidc-client-ts); screens only see the status, the user and two actions.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CurrentUser, OidcSession } from '@almacen/shared';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthContextValue {
  status: AuthStatus;
  user: CurrentUser | null;
  session: OidcSession;
  signIn(returnTo?: string): Promise<void>;
  signOut(): Promise<void>;
  /** After /auth/callback: the session now holds a user. */
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ session, children }: { session: OidcSession; children: ReactNode }) {
  const [state, setState] = useState<{ status: AuthStatus; user: CurrentUser | null }>({
    status: 'loading',
    user: null,
  });

  useEffect(() => {
    let active = true;
    const apply = (user: CurrentUser | null) => {
      if (active) setState({ status: user ? 'authenticated' : 'anonymous', user });
    };
    // The first read only settles "loading": on /auth/callback it may answer after the code
    // exchange has already signed the user in, and must not undo that.
    const settle = (user: CurrentUser | null) => {
      if (active) setState((state) => (state.status === 'loading' ? { status: user ? 'authenticated' : 'anonymous', user } : state));
    };
    session.getUser().then(settle, () => settle(null));
    const unsubscribe = session.subscribe(apply);
    return () => {
      active = false;
      unsubscribe();
    };
  }, [session]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      session,
      signIn: (returnTo) => session.signIn(returnTo),
      signOut: () => session.signOut(),
      refresh: async () => {
        const user = await session.getUser().catch(() => null);
        setState({ status: user ? 'authenticated' : 'anonymous', user });
      },
    }),
    [state, session],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth necesita <AuthProvider>.');
  return value;
}

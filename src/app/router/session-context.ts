import { clearAuthToken, isSignedIn, storeAuthToken } from '../../entities/session';

/** What route guards know about the session: only whether a credential is stored (the server authorizes). */
export interface SessionContext {
  isSignedIn(): boolean;
  signIn(token: string): void;
  signOut(): void;
}

export const browserSession: SessionContext = {
  isSignedIn,
  signIn: storeAuthToken,
  signOut: clearAuthToken,
};

export interface RouterContext {
  session: SessionContext;
}

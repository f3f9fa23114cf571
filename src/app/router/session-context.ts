import { isSignedIn, storeAuthToken } from '@/entities/session';

/** What route guards know about the session: only whether a credential is stored (the server authorizes). */
export interface SessionContext {
  isSignedIn(): boolean;
  signIn(token: string): void;
}

export const browserSession: SessionContext = {
  isSignedIn,
  signIn: storeAuthToken,
};

export interface RouterContext {
  session: SessionContext;
}

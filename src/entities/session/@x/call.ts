/** What the call entity may read from the session: the credential its audio requests send (they are not tRPC calls). */
export { readAuthToken } from '../model/auth-token';

/** What the user entity may read from the session: whether someone is signed in (to load the current user). */
export { isSignedIn } from '../model/auth-token';

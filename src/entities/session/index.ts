export { AUTH_TOKEN_KEY, clearAuthToken, isSignedIn, readAuthToken, storeAuthToken } from './model/auth-token';

export {
  AUTH_TOKEN_KEY,
  clearAuthToken,
  forgetAuthTokenAfterSignOut,
  isSignedIn,
  readAuthToken,
  signedOutInThisTab,
  storeAuthToken,
} from './model/auth-token';

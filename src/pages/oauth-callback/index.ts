export { OAuthCallbackPage } from './ui/oauth-callback-page';

export { SignInPage, type SignInLinks, type SignInPageProps } from './ui/sign-in-page';

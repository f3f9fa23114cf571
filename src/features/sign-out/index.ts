export { useSignOut } from './model/use-sign-out';

export { fullName, initials, useCurrentUser } from './model/current-user';

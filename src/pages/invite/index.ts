export { InvitePage } from './ui/invite-page';

export { ConversationsPage } from './ui/conversations-page';

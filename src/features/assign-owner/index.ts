export { AssignConversationItems, AssignConversationMenu } from './ui/assign-conversation-menu';
export { AssignOwnerMenu, type AssignOwnerMenuProps } from './ui/assign-owner-menu';
export { AssignOwnerSelect } from './ui/assign-owner-select';

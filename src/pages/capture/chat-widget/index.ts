export { AiScheduleTab } from './ui/ai-schedule-tab';
export { ChatWidgetLayout } from './ui/chat-widget-layout';
export { FollowUpsTab } from './ui/follow-ups-tab';
export { FormEmbedTab } from './ui/form-embed-tab';
export { LeadQualifierTab } from './ui/lead-qualifier-tab';
export { PopupTab } from './ui/popup-tab';
export { StylesTab } from './ui/styles-tab';

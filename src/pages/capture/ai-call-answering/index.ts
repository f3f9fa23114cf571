export { AgentTab } from './ui/agent-tab';
export { AiCallAnsweringLayout } from './ui/ai-call-answering-layout';
export { BasicTab } from './ui/basic-tab';
export { HistoryTab } from './ui/history-tab';
export { SmsFollowupTab } from './ui/sms-followup-tab';

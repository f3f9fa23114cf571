export { AgentTab } from './ui/agent-tab';
export { BasicTab } from './ui/basic-tab';
export { HistoryTab } from './ui/history-tab';
export { MissedCallsLayout } from './ui/missed-calls-layout';
export { VoicemailTab } from './ui/voicemail-tab';

/** The after-call work of an AI-answered call (after-call.service.ts), one job per call. */
export const AFTER_CALL_QUEUE = 'voice_agent.after_call';
export const afterCallKey = (agentCallId: string) => `voice-agent-after:${agentCallId}`;

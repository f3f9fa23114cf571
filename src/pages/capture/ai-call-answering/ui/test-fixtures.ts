/** Test data for the AI call answering tabs' web tests (imported by *.test.tsx only). */
import { DEFAULT_AI_SETTINGS } from '@contracts/ai';
import { DEFAULT_VOICE_AGENT_SETTINGS } from '@contracts/voice-agent';
import { type ApiHandlers, createFakeApi } from '@/shared/lib/test';
import type { AiCallDetail, AiCallItem, VoiceAgentSettingsView } from '../api/voice-agent.queries';

export const SETTINGS: VoiceAgentSettingsView = {
  ...structuredClone(DEFAULT_VOICE_AGENT_SETTINGS),
  version: 3,
  canEdit: true,
  defaults: DEFAULT_VOICE_AGENT_SETTINGS,
  timezone: 'America/Chicago',
  businessHours: null,
  businessName: 'Acme Plumbing',
  businessNumber: '+13125550100',
  forwardTo: null,
  problems: [],
  now: { answering: false, why: 'AI call answering is off' },
  knowledge: {
    assistantName: 'Sam',
    facts: 'Family owned since 1998. Licensed and insured.',
    services: ['Drain cleaning', 'Water heaters'],
    faqCount: 2,
    approvedPriceItems: 3,
    pricingPolicy: 'ranges',
    assistantQuestions: DEFAULT_AI_SETTINGS.questions,
  },
};

export const NO_NUMBER_SETTINGS: VoiceAgentSettingsView = {
  ...SETTINGS,
  version: 0,
  businessNumber: null,
  problems: ['Get a business number (or use the test number) in Settings → Phone: calls to it are what the assistant answers.'],
};

/** A fake API over one company's settings: each save answers the settings with the tab's fields and the next version. */
export function voiceAgentApi(settings: VoiceAgentSettingsView = SETTINGS, handlers: ApiHandlers = {}) {
  let current = settings;
  const saved = (patch: (fields: Record<string, unknown>) => Partial<VoiceAgentSettingsView>) => (input: unknown) => {
    const { expectedVersion: _v, ...fields } = input as Record<string, unknown>;
    current = { ...current, ...patch(fields), version: current.version + 1 };
    return current;
  };
  return createFakeApi({
    'voiceAgent.settings.get': () => current,
    'voiceAgent.settings.saveBasic': saved((fields) => fields as Partial<VoiceAgentSettingsView>),
    'voiceAgent.settings.saveAgent': saved((fields) => fields as Partial<VoiceAgentSettingsView>),
    'voiceAgent.settings.saveFollowUps': saved((fields) => ({ followUps: fields as unknown as VoiceAgentSettingsView['followUps'] })),
    'voiceAgent.calls.list': () => ({ items: [], nextCursor: null }),
    ...handlers,
  });
}

const AT = Date.parse('2026-11-19T16:00:00Z');

export function aiCall(n: number, patch: Partial<AiCallItem> = {}): AiCallItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    callId: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    from: '+13125550171',
    to: '+13125550100',
    answerMode: 'ai_first',
    status: 'ended',
    startedAt: AT - n * 60_000,
    endedAt: AT - n * 60_000 + 95_000,
    durationSeconds: 95,
    outcome: 'qualified',
    endReason: 'completed',
    summary: `Qualified. Leaking water heater in 60614 (call ${n}).`,
    transfer: null,
    contact: { id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: 'Tom Becker' },
    conversationId: `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    lead: { id: `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`, status: 'qualified' },
    followUp: { status: 'queued', skipReason: null, messageId: 'm1' },
    recording: null,
    ...patch,
  };
}

export function aiCallDetail(n: number, patch: Partial<AiCallDetail> = {}): AiCallDetail {
  const call = aiCall(n, { recording: { seconds: 95, audioUrl: `/api/calls/10000000-0000-4000-8000-${String(n).padStart(12, '0')}/recording` } });
  return {
    ...call,
    answers: [
      { key: 'service', question: 'What can we help you with?', value: 'leaking water heater' },
      { key: 'postal_code', question: null, value: '60614' },
    ],
    aiSummary: 'Leaking water heater in 60614.',
    lastError: null,
    turns: [
      { seq: 0, speaker: 'assistant', kind: 'speech', text: 'Thanks for calling Acme Plumbing. What can we help you with?', heard: null, interrupted: false, latencyMs: null, at: call.startedAt + 1_000 },
      { seq: 1, speaker: 'caller', kind: 'speech', text: 'My water heater is leaking', heard: null, interrupted: false, latencyMs: null, at: call.startedAt + 6_000 },
      { seq: 2, speaker: 'assistant', kind: 'speech', text: 'Got it. What’s the ZIP code?', heard: 'Got it.', interrupted: true, latencyMs: 420, at: call.startedAt + 7_000 },
      { seq: 3, speaker: 'caller', kind: 'dtmf', text: '60614', heard: null, interrupted: false, latencyMs: null, at: call.startedAt + 12_000 },
    ],
    latency: { medianMs: 420, maxMs: 420 },
    ...patch,
  };
}

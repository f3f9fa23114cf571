import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AiCallAnsweringLayout, HistoryTab } from '@/pages/capture/ai-call-answering';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { useLiveUpdates } from './live-updates';

/** AI call answering → History inside the signed-in app, which listens to the server's live events. */
function LiveHistory() {
  useLiveUpdates();
  return <HistoryTab />;
}

const call = (n: number, summary: string) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  callId: null,
  from: '+13125550171',
  to: '+13125550100',
  answerMode: 'ai_first',
  status: 'ended',
  startedAt: Date.parse('2026-11-19T16:00:00Z') + n * 60_000,
  endedAt: null,
  durationSeconds: 60,
  outcome: 'qualified',
  endReason: 'completed',
  summary,
  transfer: null,
  contact: null,
  conversationId: null,
  lead: null,
  followUp: { status: 'queued', skipReason: null, messageId: null },
  recording: null,
});

describe('live updates', () => {
  it('a call the assistant finished (an `ai_call` event) refreshes AI call answering → History without a reload; other events leave it be', async () => {
    let items = [call(1, 'Qualified. A slow drain.')];
    const api = createFakeApi({ 'voiceAgent.calls.list': () => ({ items, nextCursor: null }) });
    await renderScreen(AiCallAnsweringLayout, { path: '/ai-call-answering/history', children: { 'ai-call-answering/history': LiveHistory }, api });
    expect(await screen.findByText('Qualified. A slow drain.')).toBeInTheDocument();
    const fetched = () => api.callsTo('voiceAgent.calls.list').length;
    const before = fetched();

    items = [call(2, 'Put through to the on-call number. Flooded basement.'), ...items];
    api.emit('conversations.events', { type: 'notification', userId: 'u1' });
    api.emit('conversations.events', { type: 'lead', leadId: 'l1' });
    api.emit('conversations.events', { type: 'ai_call', aiCallId: items[0]!.id });
    expect(await screen.findByText('Put through to the on-call number. Flooded basement.')).toBeInTheDocument();
    // One refetch: the notification and lead events before it asked for none.
    await waitFor(() => expect(fetched()).toBe(before + 1));
    expect(screen.getAllByTestId('ai-call-row')).toHaveLength(2);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { HistoryTab } from './history-tab';
import { MissedCallsLayout } from './missed-calls-layout';
import { missedCallsApi } from './test-fixtures';

const call = (id: string, voicemail: Record<string, unknown>) => ({
  id,
  direction: 'inbound',
  from: '+13125550101',
  to: '+13125550100',
  status: 'ended',
  routingMode: 'forwarded_missed',
  startedAt: new Date(2026, 10, 20, 9, 15).getTime(),
  answeredAt: null,
  endedAt: null,
  ringSeconds: 0,
  talkSeconds: null,
  missed: true,
  missedReason: 'forwarded',
  forwardedTo: null,
  contact: null,
  conversationId: null,
  lead: null,
  voicemail,
  textBack: { outcome: 'texted', reason: null, messageId: 'm1', dueAt: null },
  replied: false,
});
const RECORDED = call('c-audio', { audioUrl: '/api/calls/c-audio/recording', seconds: 7, transcript: null, transcriptStatus: 'unavailable' });
const TYPED = call('c-typed', { audioUrl: null, seconds: 4, transcript: 'Leak under the sink.', transcriptStatus: 'completed' });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  window.localStorage.setItem('authToken', 'session-token-2');
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:voicemail');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const renderHistory = () =>
  renderScreen(MissedCallsLayout, {
    path: '/missed-calls/history',
    children: { 'missed-calls/history': HistoryTab },
    api: missedCallsApi({ 'calls.list': () => ({ items: [RECORDED, TYPED], nextCursor: null }) }),
  });

describe('Missed calls → History: the voicemail player', () => {
  it('plays a recorded voicemail through LeadLoop with the session; says plainly there is no transcript; a typed one has no player', async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'content-type': 'audio/webm' } }));
    await renderHistory();
    const [recorded, typed] = await screen.findAllByTestId('call-row');
    expect(within(recorded!).getByTestId('voicemail-transcript')).toHaveTextContent('No transcript: recorded on the test phone, and the offline simulator cannot turn speech into text.');
    expect(within(typed!).queryByRole('button', { name: 'Play voicemail' })).toBeNull();
    // Nothing is downloaded until asked.
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(within(recorded!).getByRole('button', { name: 'Play voicemail' }));
    const player = await within(recorded!).findByLabelText('Play voicemail', { selector: 'audio' });
    expect(player).toHaveAttribute('src', 'blob:voicemail');
    expect(fetchMock).toHaveBeenCalledWith('/api/calls/c-audio/recording', { headers: { Authorization: 'Bearer session-token-2' } });
  });

  it('says why a voicemail cannot be played (another company’s call or a Twilio failure answers with a reason)', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ error: 'Twilio did not hand over this recording. Try again in a moment.' }), { status: 502 }));
    await renderHistory();
    const [recorded] = await screen.findAllByTestId('call-row');
    await userEvent.click(within(recorded!).getByRole('button', { name: 'Play voicemail' }));
    expect(await within(recorded!).findByRole('alert')).toHaveTextContent('Twilio did not hand over this recording.');
    expect(within(recorded!).getByRole('button', { name: 'Play voicemail' })).toBeInTheDocument();
  });
});

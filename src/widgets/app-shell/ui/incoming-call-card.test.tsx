import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiTestProvider, apiError, type ApiHandlers, createFakeApi } from '@/shared/lib/test';
import { IncomingCallCard } from './incoming-call-card';

const CALL_ID = '22222222-2222-4222-8222-222222222222';
const ringing = (overrides: Record<string, unknown> = {}) => ({
  id: CALL_ID,
  from: '+13125550140',
  callerName: 'Sam Lopez',
  startedAt: 1_700_000_000_000,
  ringsPhone: '+14155550123',
  answerableHere: true,
  ...overrides,
});

function renderCard(handlers: ApiHandlers) {
  const api = createFakeApi(handlers);
  render(
    <MantineProvider env="test">
      <ApiTestProvider api={api}>
        <IncomingCallCard />
      </ApiTestProvider>
    </MantineProvider>,
  );
  return { api, user: userEvent.setup() };
}

describe('the incoming-call card', () => {
  it('shows nothing while no call rings', async () => {
    const { api } = renderCard({ 'calls.ringing': () => [] });
    await waitFor(() => expect(api.callsTo('calls.ringing')).toHaveLength(1));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('names the caller; Answer puts you on the call, End call ends it with the talk time', async () => {
    let rings = [ringing()];
    let status = 'answered';
    const answer = vi.fn(() => {
      rings = [];
      return { id: CALL_ID, status: 'answered' };
    });
    const end = vi.fn(() => {
      status = 'ended';
      return { id: CALL_ID, talkSeconds: 42 };
    });
    const { user } = renderCard({
      'calls.ringing': () => rings,
      'calls.answer': answer,
      'calls.end': end,
      'calls.get': () => ({ id: CALL_ID, status, talkSeconds: status === 'ended' ? 42 : null }),
    });
    const card = await screen.findByRole('region', { name: 'Incoming call from Sam Lopez' });
    expect(card).toHaveTextContent('(312) 555-0140');
    await user.click(within(card).getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(answer).toHaveBeenCalledWith({ id: CALL_ID }));
    const onCall = await screen.findByRole('region', { name: 'Call with Sam Lopez' });
    expect(onCall).toHaveTextContent('On the call');
    expect(screen.queryByRole('region', { name: /Incoming call/ })).not.toBeInTheDocument();
    await user.click(within(onCall).getByRole('button', { name: 'End call' }));
    await waitFor(() => expect(end).toHaveBeenCalledWith({ id: CALL_ID }));
    expect(await within(onCall).findByText('Answered · talked 0:42')).toBeInTheDocument();
    expect(onCall).toHaveTextContent('Call ended');
    await user.click(within(onCall).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('Decline sends the caller to voicemail and the card goes', async () => {
    const decline = vi.fn(() => ({ id: CALL_ID, status: 'missed' }));
    const { user } = renderCard({ 'calls.ringing': () => [ringing({ callerName: null })], 'calls.decline': decline });
    const card = await screen.findByRole('region', { name: 'Incoming call from (312) 555-0140' });
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(decline).toHaveBeenCalledWith({ id: CALL_ID }));
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
  });

  it('someone else answered first: says who, and offers only to dismiss', async () => {
    const { user } = renderCard({
      'calls.ringing': () => [ringing()],
      'calls.answer': () => {
        throw apiError('CONFLICT', 'Lee Park already answered this call.');
      },
    });
    const card = await screen.findByRole('region', { name: 'Incoming call from Sam Lopez' });
    await user.click(within(card).getByRole('button', { name: 'Answer' }));
    expect(await within(card).findByText('Lee Park already answered this call.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('a real call rings the business’s phone: no Answer here, only where to answer it', async () => {
    renderCard({ 'calls.ringing': () => [ringing({ answerableHere: false, callerName: null, from: null })] });
    const card = await screen.findByRole('region', { name: 'Incoming call from A hidden number' });
    expect(card).toHaveTextContent('Ringing (415) 555-0123: answer it there.');
    expect(within(card).queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });
});

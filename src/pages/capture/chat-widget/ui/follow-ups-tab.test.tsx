import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FOLLOW_UPS } from '@contracts/flows';
import { apiError, createFakeApi, renderScreen } from '@/shared/lib/test';
import { ChatWidgetLayout } from './chat-widget-layout';
import { FollowUpsTab } from './follow-ups-tab';
import { TEST_NUMBER } from './test-fixtures';

const VIEW = {
  ...DEFAULT_FOLLOW_UPS,
  version: 3,
  canEdit: true,
  activeRuns: 2,
  sentThisWeek: 5,
  recent: [
    { runId: 'r1', contactId: 'c1', contactName: 'Ana Ruiz', phone: '+14155550001', status: 'active', stopReason: null, step: 'wait_2', startedAt: '2026-11-27T09:00:00.000Z', endedAt: null },
    { runId: 'r2', contactId: 'c2', contactName: null, phone: '+14155550002', status: 'stopped', stopReason: 'replied', step: 'send_1', startedAt: '2026-11-26T09:00:00.000Z', endedAt: '2026-11-26T10:00:00.000Z' },
  ],
};

const api = (handlers = {}, view: Partial<typeof VIEW> = {}) =>
  createFakeApi({
    'phone.get': () => TEST_NUMBER,
    'company.get': () => ({ name: 'Acme Heating', trade: 'hvac' }),
    'flows.followUps.get': () => ({ ...VIEW, ...view }),
    'flows.followUps.update': (input) => {
      const { expectedVersion, ...changes } = input as { expectedVersion: number };
      return { ...VIEW, ...view, ...changes, version: expectedVersion + 1 };
    },
    ...handlers,
  });

const render = async (fake = api()) => {
  await renderScreen(ChatWidgetLayout, { path: '/chat-widget/follow-ups', children: { 'chat-widget/follow-ups': FollowUpsTab }, api: fake });
  return fake;
};

describe('Chat widget → Follow-ups', { timeout: 20_000 }, () => {
  it('shows the real follow-ups: on, four texts at +1 hour, +1 day, +3 days, +7 days, who is in them now and what went out', async () => {
    await render();
    const form = await screen.findByRole('form', { name: 'Follow-ups after no reply' });
    expect(within(form).getByRole('switch', { name: 'Send follow-ups when a lead stops replying' })).toBeChecked();
    const delays = [1, 2, 3, 4].map((n) => within(within(form).getByRole('group', { name: `Follow-up ${n}` })));
    expect(delays.map((step) => [(step.getByRole('textbox', { name: 'After' }) as HTMLInputElement).value, (step.getByRole('combobox', { name: 'Unit' }) as HTMLInputElement).value])).toEqual([
      ['1', 'hours'],
      ['1', 'days'],
      ['3', 'days'],
      ['7', 'days'],
    ]);
    // The text as a lead gets it, merge tags filled.
    await waitFor(() => expect(delays[0]!.getByTestId('template-preview')).toHaveTextContent('Hi Sam, just checking in from Acme Heating'));
    expect(screen.getByLabelText('Follow-ups now')).toHaveTextContent('2 leads are in follow-ups now');
    expect(screen.getByLabelText('Follow-ups now')).toHaveTextContent('5 follow-up texts in the last 7 days');
    const runs = screen.getByRole('table', { name: 'Latest follow-ups' });
    expect(runs).toHaveTextContent('Ana Ruiz');
    expect(runs).toHaveTextContent('In follow-ups');
    expect(runs).toHaveTextContent('(415) 555-0002');
    expect(runs).toHaveTextContent('They replied');
    // Nothing on the screen says follow-ups are not built.
    expect(screen.queryByText(/aren’t built yet/)).toBeNull();
  });

  it('saves a changed delay, text and switch with the version it read; an out-of-order delay is refused beside its field', async () => {
    const fake = await render();
    const form = await screen.findByRole('form', { name: 'Follow-ups after no reply' });
    const second = within(within(form).getByRole('group', { name: 'Follow-up 2' }));
    const after = second.getByRole('textbox', { name: 'After' });
    await userEvent.clear(after);
    await userEvent.type(after, '30');
    await userEvent.click(second.getByRole('combobox', { name: 'Unit' }));
    await userEvent.click(await screen.findByRole('option', { name: 'minutes' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save follow-ups' }));
    expect(await second.findByText('Each follow-up comes after the one before it')).toBeInTheDocument();
    expect(fake.callsTo('flows.followUps.update')).toHaveLength(0);

    await userEvent.clear(after);
    await userEvent.type(after, '120');
    await userEvent.click(within(within(form).getByRole('group', { name: 'Follow-up 4' })).getByRole('checkbox', { name: 'Send this one' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save follow-ups' }));
    expect(await screen.findByText(/Saved at/)).toBeInTheDocument();
    const [sent] = fake.callsTo('flows.followUps.update') as Array<{ expectedVersion: number; steps: Array<{ delayMinutes: number; enabled: boolean }> }>;
    expect(sent).toMatchObject({ expectedVersion: 3, enabled: true });
    expect(sent!.steps.map((step) => [step.delayMinutes, step.enabled])).toEqual([
      [60, true],
      [120, true],
      [4320, true],
      [10080, false],
    ]);
  });

  it('a save over someone else’s newer one says so with Reload', async () => {
    await render(
      api({
        'flows.followUps.update': () => {
          throw apiError('CONFLICT', 'Someone else saved the follow-ups after you opened them.');
        },
      }),
    );
    const form = await screen.findByRole('form', { name: 'Follow-ups after no reply' });
    await userEvent.click(within(form).getByRole('switch', { name: 'Send follow-ups when a lead stops replying' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save follow-ups' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Changed elsewhere — reload');
    expect(within(alert).getByRole('button', { name: 'Reload settings' })).toBeInTheDocument();
  });

  it('with no runs yet it says who will show up there, and staff get a read-only form', async () => {
    await render(api({}, { canEdit: false, recent: [], activeRuns: 0, sentThisWeek: 0 }));
    expect(await screen.findByText(/No lead has needed a follow-up yet/)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Only the owner or an admin can change the follow-ups');
    expect(screen.getByLabelText('Follow-ups now')).toHaveTextContent('0 leads are in follow-ups now');
  });
});

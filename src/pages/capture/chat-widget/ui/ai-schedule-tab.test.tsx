import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, renderScreen } from '@/shared/lib/test';
import { AI, aiApi } from './ai-test-fixtures';
import { AiScheduleTab } from './ai-schedule-tab';
import { ChatWidgetLayout } from './chat-widget-layout';

const renderSchedule = async (api = aiApi()) => {
  await renderScreen(ChatWidgetLayout, { path: '/chat-widget/ai-schedule', children: { 'chat-widget/ai-schedule': AiScheduleTab }, api });
  return api;
};
const theForm = () => screen.findByRole('form', { name: 'Weekly off times' });
const saveButton = () => within(screen.getByRole('form', { name: 'Weekly off times' })).getByRole('button', { name: 'Save AI schedule' });
const SAVED = { windows: [{ day: 5, start: '18:00', end: '08:00' }], overrides: [{ date: '2026-12-25', off: true }], offMessage: 'Thanks {first_name}! We’re closed now and will text you first thing.' };

// Many keystrokes through Mantine's inputs: more than vitest's default 5 s on a busy machine (nothing here waits on time).
describe('Chat widget → AI schedule', { timeout: 20_000 }, () => {
  it('loads the windows, the dates and the message, and says whether the assistant is on now and why, in the company’s zone', async () => {
    await renderSchedule(aiApi({}, { schedule: SAVED, now: { on: false, why: 'Off hours (Friday 18:00–08:00)' } }));
    const form = await theForm();
    expect(within(form).getByTestId('ai-now')).toHaveTextContent('The assistant is off now — Off hours (Friday 18:00–08:00) (America/Chicago time).');
    const offWindow = within(form).getByRole('group', { name: 'Off window 1' });
    expect(within(offWindow).getByRole('combobox', { name: 'Day' })).toHaveValue('Friday');
    expect(within(offWindow).getByLabelText('From')).toHaveValue('18:00');
    expect(within(offWindow).getByLabelText('Until')).toHaveValue('08:00');
    expect(within(offWindow).getByText('Off Friday 18:00 until Saturday 08:00 (runs past midnight)')).toBeInTheDocument();
    const date = within(form).getByRole('group', { name: 'Date 1' });
    expect(within(date).getByLabelText('Date')).toHaveValue('2026-12-25');
    expect(within(date).getByRole('combobox', { name: 'The assistant is' })).toHaveValue('Off all day');
    expect(within(form).getByRole('textbox', { name: 'Message sent instead' })).toHaveValue(SAVED.offMessage);
    // The merge tags filled as the server fills them, for a sample lead.
    expect(within(form).getByTestId('template-preview')).toHaveTextContent('Thanks Sam! We’re closed now and will text you first thing.');
  });

  it('adds windows (the next day each time), a date and a message, and saves exactly that with the version; the on-now line follows the save', async () => {
    const api = await renderSchedule(
      aiApi({
        'ai.settings.update': (input) => {
          const { expectedVersion, ...changes } = input as { expectedVersion: number };
          return { ...AI, ...changes, version: expectedVersion + 1, now: { on: false, why: 'Off hours (Monday 18:00–08:00)' } };
        },
      }),
    );
    const form = await theForm();
    expect(within(form).getByText('No off times: the assistant answers around the clock.')).toBeInTheDocument();
    expect(within(form).getByTestId('ai-now')).toHaveTextContent('The assistant is on now — On (no off window now) (America/Chicago time).');
    await userEvent.click(within(form).getByRole('button', { name: 'Add an off window' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add an off window' }));
    const second = within(form).getByRole('group', { name: 'Off window 2' });
    expect(within(second).getByRole('combobox', { name: 'Day' })).toHaveValue('Tuesday');
    const until = within(second).getByLabelText('Until');
    await userEvent.clear(until);
    await userEvent.type(until, '21:30');
    await userEvent.click(within(second).getByRole('button', { name: 'Remove off window 2' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add an off window' }));
    await userEvent.clear(within(within(form).getByRole('group', { name: 'Off window 2' })).getByLabelText('From'));
    await userEvent.type(within(within(form).getByRole('group', { name: 'Off window 2' })).getByLabelText('From'), '20:00');

    await userEvent.click(within(form).getByRole('button', { name: 'Add a date' }));
    const date = within(form).getByRole('group', { name: 'Date 1' });
    await userEvent.type(within(date).getByLabelText('Date'), '2026-07-04');
    await userEvent.click(within(date).getByRole('combobox', { name: 'The assistant is' }));
    await userEvent.click(await screen.findByRole('option', { name: 'On all day' }));
    await userEvent.click(within(form).getByRole('textbox', { name: 'Message sent instead' }));
    await userEvent.paste('  We’re closed, {first_name}. {business_name} will text you at 8.  ');
    expect(within(form).getByTestId('ai-now')).toHaveTextContent('This is your saved schedule; save to see your changes here.');
    await userEvent.click(saveButton());

    await waitFor(() => expect(screen.getByRole('status', { name: '' })).toHaveTextContent(/✓ Saved at/));
    expect(api.callsTo('ai.settings.update')).toEqual([
      {
        expectedVersion: 7,
        schedule: {
          windows: [
            { day: 1, start: '18:00', end: '08:00' },
            { day: 2, start: '20:00', end: '08:00' },
          ],
          overrides: [{ date: '2026-07-04', off: false }],
          offMessage: 'We’re closed, {first_name}. {business_name} will text you at 8.',
        },
      },
    ]);
    expect(within(form).getByTestId('ai-now')).toHaveTextContent('The assistant is off now — Off hours (Monday 18:00–08:00)');
  });

  it('checks like the server before sending: a window without a different end, a missing date, a date twice, an unknown merge tag', async () => {
    const api = await renderSchedule(aiApi({}, { schedule: SAVED }));
    const form = await theForm();
    const offWindow = within(form).getByRole('group', { name: 'Off window 1' });
    await userEvent.clear(within(offWindow).getByLabelText('Until'));
    await userEvent.type(within(offWindow).getByLabelText('Until'), '18:00');
    expect(within(offWindow).getByText('Set a start and a different end.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Add a date' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add a date' }));
    await userEvent.type(within(within(form).getByRole('group', { name: 'Date 3' })).getByLabelText('Date'), '2026-12-25');
    const message = within(form).getByRole('textbox', { name: 'Message sent instead' });
    await userEvent.clear(message);
    await userEvent.click(message);
    await userEvent.paste('Hi {name}');
    await userEvent.click(saveButton());

    expect(within(offWindow).getByLabelText('Until')).toHaveAccessibleDescription(expect.stringContaining('A window needs a start and a different end'));
    expect(within(within(form).getByRole('group', { name: 'Date 2' })).getByLabelText('Date')).toHaveAccessibleDescription(expect.stringContaining('Use a date like 2026-12-25'));
    expect(within(within(form).getByRole('group', { name: 'Date 3' })).getByLabelText('Date')).toHaveAccessibleDescription(expect.stringContaining('This date is already in the list'));
    expect(message).toHaveAccessibleDescription(expect.stringContaining('Unknown merge tag: {name}'));
    expect(api.callsTo('ai.settings.update')).toEqual([]);
  });

  it('shows the server’s error under the message', async () => {
    await renderSchedule(
      aiApi({
        'ai.settings.update': () => {
          throw apiError('BAD_REQUEST', 'Invalid input', { 'schedule.offMessage': ['At most 1600 characters'] });
        },
      }),
    );
    const form = await theForm();
    const message = within(form).getByRole('textbox', { name: 'Message sent instead' });
    await userEvent.type(message, 'Closed now.');
    await userEvent.click(saveButton());
    await waitFor(() => expect(message).toHaveAccessibleDescription(expect.stringContaining('At most 1600 characters')));
  });

  it('says how to turn the assistant on when it is off entirely', async () => {
    await renderSchedule(aiApi({}, { enabled: false, now: { on: false, why: 'The assistant is turned off' } }));
    const form = await theForm();
    expect(within(form).getByTestId('ai-now')).toHaveTextContent('The assistant is off now — The assistant is turned off (America/Chicago time). Turn the assistant on in Settings → AI');
    expect(within(form).getByRole('link', { name: 'Settings → AI' })).toHaveAttribute('href', '/settings/ai');
  });

  it('staff: read-only, with the reason, and no add, remove or Save', async () => {
    await renderSchedule(aiApi({}, { canEdit: false, schedule: SAVED }));
    const form = await theForm();
    expect(within(form).getByText(/Only the owner or an admin can change the AI assistant/)).toBeInTheDocument();
    expect(within(form).getByLabelText('From')).toBeDisabled();
    for (const name of ['Save AI schedule', 'Add an off window', 'Add a date', 'Remove off window 1', 'Remove date 1']) {
      expect(within(form).queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, renderScreen } from '@/shared/lib/test';
import { AgentTab } from './agent-tab';
import { AI, agentApi } from './ai-test-fixtures';
import { MissedCallsLayout } from './missed-calls-layout';
import { NO_NUMBER } from './test-fixtures';

const renderAgent = async (api = agentApi()) => {
  await renderScreen(MissedCallsLayout, { path: '/missed-calls/agent', children: { 'missed-calls/agent': AgentTab }, api });
  return api;
};
const theForm = () => screen.findByRole('form', { name: 'After the text-back' });
const takesThread = (form: HTMLElement) => within(form).getByRole('switch', { name: /When a caller answers the text-back, the assistant takes the thread/ });

// Many keystrokes through Mantine's inputs: more than vitest's default 5 s on a busy machine (nothing here waits on time).
describe('Missed calls → AI agent', { timeout: 20_000 }, () => {
  it('loads the switch, the first question and the daily cap; shows the questions and which handoffs are on, read-only', async () => {
    await renderAgent(agentApi({}, { missedCall: { continueThread: true, firstQuestion: 'Sorry we missed you! What’s going on?' }, dailyCap: 12, handoff: { ...AI.handoff, anger: false } }));
    const form = await theForm();
    expect(takesThread(form)).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'What it asks first (optional)' })).toHaveValue('Sorry we missed you! What’s going on?');
    expect(within(form).getByRole('textbox', { name: 'Most assistant texts to one person a day' })).toHaveValue('12');

    const questions = screen.getByRole('list', { name: 'Qualifying questions' });
    expect(within(questions).getAllByRole('listitem').map((item) => item.textContent)).toEqual(AI.questions.map((q) => `${q.text}${q.required ? '' : ' (optional)'}`));
    expect(screen.getByRole('link', { name: /Change the questions/ })).toHaveAttribute('href', '/chat-widget/lead-qualifier');
    const handoffs = screen.getByRole('list', { name: 'Handoff rules' });
    expect(within(handoffs).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'OnAsked for a person',
      'OffSounded upset',
      'OnMentioned an emergency',
      'OnAsked something the assistant may not answer',
      'OnThe assistant could not understand the replies',
      'AlwaysReached the daily message limit for one thread (12 texts)',
    ]);
    expect(screen.getByRole('link', { name: 'Change these in Settings → AI' })).toHaveAttribute('href', '/settings/ai');
    // Nothing claims the feature is missing.
    expect(screen.queryByText(/isn’t replying to callers yet|not built|isn’t available yet/)).not.toBeInTheDocument();
  });

  it('saves the switch, the first question and the cap, exactly, with the version', async () => {
    const api = await renderAgent();
    const form = await theForm();
    await userEvent.click(takesThread(form));
    expect(within(form).getByText(/Off: your team answers callers who reply/)).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: 'What it asks first (optional)' }), '  Sorry we missed you! What can we help with?  ');
    const cap = within(form).getByRole('textbox', { name: 'Most assistant texts to one person a day' });
    await userEvent.clear(cap);
    await userEvent.type(cap, '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Save AI agent' }));

    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent(/✓ Saved at/));
    expect(api.callsTo('ai.settings.update')).toEqual([{ expectedVersion: 4, missedCall: { continueThread: false, firstQuestion: 'Sorry we missed you! What can we help with?' }, dailyCap: 20 }]);
  });

  it('checks the cap like the server, and shows the server’s error under the first question', async () => {
    const api = await renderAgent(
      agentApi({
        'ai.settings.update': () => {
          throw apiError('BAD_REQUEST', 'Invalid input', { 'missedCall.firstQuestion': ['At most 300 characters'] });
        },
      }),
    );
    const form = await theForm();
    const cap = within(form).getByRole('textbox', { name: 'Most assistant texts to one person a day' });
    await userEvent.clear(cap);
    await userEvent.click(within(form).getByRole('button', { name: 'Save AI agent' }));
    expect(cap).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number of texts'));
    expect(api.callsTo('ai.settings.update')).toEqual([]);
    await userEvent.type(cap, '0');
    expect(cap).toHaveAccessibleDescription(expect.stringContaining('At least 1'));

    await userEvent.clear(cap);
    await userEvent.type(cap, '15');
    const first = within(form).getByRole('textbox', { name: 'What it asks first (optional)' });
    await userEvent.type(first, 'What happened?');
    await userEvent.click(within(form).getByRole('button', { name: 'Save AI agent' }));
    await waitFor(() => expect(first).toHaveAccessibleDescription(expect.stringContaining('At most 300 characters')));
  });

  it('says what stands in the way: the assistant off, text-back off, no business number', async () => {
    await renderAgent(agentApi({}, { enabled: false }, NO_NUMBER, false));
    expect(await screen.findByRole('heading', { level: 2, name: 'The missed-call assistant needs a business number' })).toBeInTheDocument();
    const form = await theForm();
    expect(within(form).getByText('The assistant is off')).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Settings → AI' })).toHaveAttribute('href', '/settings/ai');
    expect(await within(form).findByText('Missed-call text-back is off')).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Missed calls → Basic' })).toHaveAttribute('href', '/missed-calls/basic');
  });

  it('staff: read-only, with the reason, and no Save', async () => {
    await renderAgent(agentApi({}, { canEdit: false }));
    const form = await theForm();
    expect(within(form).getByText(/Only the owner or an admin can change the AI assistant/)).toBeInTheDocument();
    expect(takesThread(form)).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'What it asks first (optional)' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save AI agent' })).not.toBeInTheDocument();
  });
});

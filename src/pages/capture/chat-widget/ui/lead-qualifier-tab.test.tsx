import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_SETTINGS } from '@contracts/ai';
import { apiError, renderScreen } from '@/shared/lib/test';
import { TRADE_TEMPLATES } from '../lib/ai-trade-templates';
import { aiApi } from './ai-test-fixtures';
import { ChatWidgetLayout } from './chat-widget-layout';
import { LeadQualifierTab } from './lead-qualifier-tab';

const renderQualifier = async (api = aiApi()) => {
  await renderScreen(ChatWidgetLayout, { path: '/chat-widget/lead-qualifier', children: { 'chat-widget/lead-qualifier': LeadQualifierTab }, api });
  return api;
};
const theForm = () => screen.findByRole('form', { name: 'Questions the assistant asks' });
const question = (n: number) => within(screen.getByRole('form', { name: 'Questions the assistant asks' })).getByRole('group', { name: `Question ${n}` });
const save = async () => userEvent.click(within(await theForm()).getByRole('button', { name: 'Save lead qualifier' }));
const [SERVICE, POSTAL, TIMING] = DEFAULT_AI_SETTINGS.questions;

// Many keystrokes through Mantine's inputs: more than vitest's default 5 s on a busy machine (nothing here waits on time).
describe('Chat widget → Lead qualifier', { timeout: 20_000 }, () => {
  it('loads the saved questions in order, the disqualify rules, and says the assistant is on', async () => {
    await renderQualifier(aiApi({}, { serviceAreaPrefixes: ['606', 'M5V'], servicesNotOffered: ['Septic tanks'], disqualifyMessage: 'Sorry {first_name}, {business_name} doesn’t work there.' }));
    const form = await theForm();
    expect(within(form).getAllByRole('group', { name: /^Question \d+$/ })).toHaveLength(3);
    expect(within(question(1)).getByRole('textbox', { name: 'Question' })).toHaveValue(SERVICE!.text);
    expect(within(question(2)).getByRole('combobox', { name: 'Answer type' })).toHaveValue('ZIP / postal code');
    expect(within(question(3)).getByRole('checkbox', { name: 'Required' })).not.toBeChecked();
    expect(within(question(2)).getByText('postal_code')).toBeInTheDocument();
    expect(within(form).getByText('606')).toBeInTheDocument();
    expect(within(form).getByText('Septic tanks')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Message sent when a lead is turned away' })).toHaveValue('Sorry {first_name}, {business_name} doesn’t work there.');
    // Its merge tags filled as the server fills them, for a sample lead.
    await waitFor(() => expect(within(form).getByTestId('template-preview')).toHaveTextContent('Sorry Sam, Acme Heating doesn’t work there.'));
    expect(within(form).getByText('The assistant is on')).toBeInTheDocument();
  });

  it('adds a question whose answer name follows its words, moves and removes questions, and saves exactly that with the version', async () => {
    const api = await renderQualifier();
    const form = await theForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Add a question' }));
    await userEvent.type(within(question(4)).getByRole('textbox', { name: 'Question' }), 'Do you own the home?');
    expect(within(question(4)).getByText('own_home')).toBeInTheDocument();
    await userEvent.click(within(question(4)).getByRole('combobox', { name: 'Answer type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Yes / no' }));
    await userEvent.click(within(question(4)).getByRole('checkbox', { name: 'Required' }));
    await userEvent.click(within(question(4)).getByRole('button', { name: 'Move question 4 up' }));
    await userEvent.click(within(question(1)).getByRole('button', { name: 'Remove question 1' }));
    await userEvent.type(within(form).getByRole('combobox', { name: 'Service area' }), '606, m5v{Enter}');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Services you don’t offer' }), 'Septic tanks{Enter}');
    await save();

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/✓ Saved at/));
    expect(api.callsTo('ai.settings.update')).toEqual([
      {
        expectedVersion: 7,
        questions: [POSTAL, { key: 'own_home', text: 'Do you own the home?', kind: 'yes_no', choices: [], required: false }, TIMING],
        serviceAreaPrefixes: ['606', 'M5V'],
        servicesNotOffered: ['Septic tanks'],
        disqualifyMessage: DEFAULT_AI_SETTINGS.disqualifyMessage,
      },
    ]);
    // The form starts again from what was saved: nothing left unsaved.
    expect(within(await theForm()).getByRole('button', { name: 'Save lead qualifier' })).toBeDisabled();
  });

  it('a list question keeps its choices; the answer name can be set by hand under Advanced', async () => {
    const api = await renderQualifier();
    const form = await theForm();
    await userEvent.click(within(question(1)).getByRole('combobox', { name: 'Answer type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'One of a list' }));
    await userEvent.type(within(question(1)).getByRole('combobox', { name: 'Choices' }), 'Repair, Install{Enter}');
    await userEvent.click(within(question(3)).getByRole('button', { name: /Advanced/ }));
    const key = within(question(3)).getByRole('textbox', { name: 'Answer name on the lead' });
    await userEvent.clear(key);
    await userEvent.type(key, 'Visit_Day');
    await userEvent.click(within(form).getByRole('button', { name: 'Save lead qualifier' }));
    await waitFor(() => expect(api.callsTo('ai.settings.update')).toHaveLength(1));
    expect(api.callsTo('ai.settings.update')[0]).toMatchObject({
      questions: [
        { ...SERVICE, kind: 'choice', choices: ['Repair', 'Install'] },
        POSTAL,
        { ...TIMING, key: 'visit_day' },
      ],
    });
  });

  it('checks like the server before sending: empty words, a list without two choices, a name used twice, a bad area, an unknown merge tag', async () => {
    const api = await renderQualifier();
    const form = await theForm();
    await userEvent.clear(within(question(1)).getByRole('textbox', { name: 'Question' }));
    await userEvent.click(within(question(2)).getByRole('combobox', { name: 'Answer type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'One of a list' }));
    await userEvent.type(within(question(2)).getByRole('combobox', { name: 'Choices' }), 'Only one{Enter}');
    await userEvent.click(within(question(3)).getByRole('button', { name: /Advanced/ }));
    const key = within(question(3)).getByRole('textbox', { name: 'Answer name on the lead' });
    await userEvent.clear(key);
    await userEvent.type(key, 'postal_code');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Service area' }), 'Chicago{Enter}');
    const message = within(form).getByRole('textbox', { name: 'Message sent when a lead is turned away' });
    await userEvent.clear(message);
    await userEvent.click(message);
    await userEvent.paste('Sorry {name}, we can’t help.');
    await save();

    expect(within(question(1)).getByRole('textbox', { name: 'Question' })).toHaveAccessibleDescription(expect.stringContaining('The question cannot be empty'));
    expect(within(question(2)).getByRole('combobox', { name: 'Choices' })).toHaveAccessibleDescription(expect.stringContaining('A question with a list needs at least two choices'));
    expect(key).toHaveAccessibleDescription(expect.stringContaining('Question 2 already uses the name “postal_code”'));
    expect(within(form).getByRole('combobox', { name: 'Service area' })).toHaveAccessibleDescription(expect.stringContaining('“CHICAGO”: use ZIP codes or their first 3 digits (606)'));
    expect(message).toHaveAccessibleDescription(expect.stringContaining('Unknown merge tag: {name}'));
    expect(screen.getByRole('status')).toHaveTextContent('Not saved: fix the fields marked in red.');
    expect(api.callsTo('ai.settings.update')).toEqual([]);
  });

  it('refuses an empty list while the assistant is on, as the server would', async () => {
    const api = await renderQualifier();
    await theForm();
    for (let n = 3; n >= 1; n -= 1) await userEvent.click(within(question(n)).getByRole('button', { name: `Remove question ${n}` }));
    expect(screen.getByText(/No questions yet/)).toBeInTheDocument();
    await save();
    expect(screen.getByTestId('questions-error')).toHaveTextContent('Add at least one question before turning the assistant on.');
    expect(api.callsTo('ai.settings.update')).toEqual([]);
  });

  it('a trade template replaces the questions after a confirmation, and Save sends them', async () => {
    const api = await renderQualifier();
    const form = await theForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Start from a template' }));
    // The company's trade (HVAC here) comes first.
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['HVAC / heating & cooling (your trade)', 'Plumbing', 'Electrical', 'Moving & storage', 'Cleaning', 'Roofing']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Plumbing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace your questions?' });
    expect(dialog).toHaveTextContent('Your 3 questions are replaced by the Plumbing questions');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(within(question(1)).getByRole('textbox', { name: 'Question' })).toHaveValue(SERVICE!.text);

    await userEvent.click(within(form).getByRole('button', { name: 'Start from a template' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /HVAC/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replace questions' }));
    const hvac = TRADE_TEMPLATES.find((template) => template.trade === 'hvac')!;
    expect(within(form).getAllByRole('group', { name: /^Question \d+$/ })).toHaveLength(hvac.questions.length);
    expect(within(question(1)).getByRole('textbox', { name: 'Question' })).toHaveValue('Is this about your heating, your cooling, or both?');
    expect(within(question(1)).getByText('Heating')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(api.callsTo('ai.settings.update')).toHaveLength(1));
    expect(api.callsTo('ai.settings.update')[0]).toMatchObject({ expectedVersion: 7, questions: hvac.questions });
  });

  it('a template fills an empty list without asking', async () => {
    await renderQualifier(aiApi({}, { enabled: false, questions: [] }));
    const form = await theForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Start from a template' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Roofing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(question(1)).getByRole('textbox', { name: 'Question' })).toHaveValue('What can we help with?');
  });

  it('says plainly when the assistant is off, with the way to turn it on', async () => {
    await renderQualifier(aiApi({}, { enabled: false, now: { on: false, why: 'The assistant is turned off' } }));
    const form = await theForm();
    expect(within(form).getByText('The assistant is off')).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Settings → AI' })).toHaveAttribute('href', '/settings/ai');
  });

  it('shows the server’s error about a question above the list', async () => {
    await renderQualifier(
      aiApi({
        'ai.settings.update': () => {
          throw apiError('BAD_REQUEST', 'Invalid input', { 'questions.1.text': ['The question must be at most 300 characters'] });
        },
      }),
    );
    await theForm();
    await userEvent.type(within(question(1)).getByRole('textbox', { name: 'Question' }), '!');
    await save();
    expect(await screen.findByTestId('questions-error')).toHaveTextContent('The question must be at most 300 characters');
  });

  it('a save over someone else’s newer one says so plainly', async () => {
    await renderQualifier(
      aiApi({
        'ai.settings.update': () => {
          throw apiError('CONFLICT', 'Someone else saved the AI settings after you opened them. Reload to see their changes.');
        },
      }),
    );
    await theForm();
    await userEvent.type(within(question(1)).getByRole('textbox', { name: 'Question' }), '!');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Changed elsewhere — reload');
  });

  it('staff see the questions read-only, with the reason, and no template, add, move or Save', async () => {
    await renderQualifier(aiApi({}, { canEdit: false }));
    const form = await theForm();
    expect(within(form).getByText(/Only the owner or an admin can change the AI assistant/)).toBeInTheDocument();
    expect(within(question(1)).getByRole('textbox', { name: 'Question' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Message sent when a lead is turned away' })).toBeDisabled();
    for (const name of ['Save lead qualifier', 'Start from a template', 'Add a question', 'Move question 2 up', 'Remove question 1']) {
      expect(within(form).queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});

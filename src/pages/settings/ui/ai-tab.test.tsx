import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_SETTINGS } from '@contracts/ai';
import { apiError, renderScreen } from '@/shared/lib/test';
import { AI_SETTINGS, aiApi, APPROVED_ITEM, PROPOSED_ITEM } from '../lib/ai-test-fixtures';
import { AiTab } from './ai-tab';
import { SettingsLayout } from './settings-layout';

const renderAi = async (api = aiApi()) => {
  await renderScreen(SettingsLayout, { path: '/settings/ai', children: { 'settings/ai': AiTab }, api });
  return api;
};
const aiForm = () => screen.findByRole('form', { name: 'The assistant' });
/** Pastes into a field (typing long text one key at a time is slow under jsdom). */
const fill = async (field: HTMLElement, text: string) => {
  await userEvent.click(field);
  await userEvent.paste(text);
};
/** Adds tags to a tag input the way a person does: a word, then Enter (which adds it and does not submit). */
const addTags = async (field: HTMLElement, ...tags: string[]) => {
  for (const tag of tags) await userEvent.type(field, `${tag}{Enter}`);
};

describe('Settings → AI: the assistant’s settings', () => {
  it('says whether the assistant is on now and why, in the company’s zone, and loads the saved settings', async () => {
    await renderAi(aiApi({}, { enabled: true, assistantName: 'Riley', now: { on: false, why: 'Off hours (Mon 18:00–08:00)' }, faq: [{ question: 'Weekends?', answer: 'Saturdays 9–2.' }] }));
    const status = await screen.findByRole('status', { name: /The assistant is (on|off) now/ });
    expect(status).toHaveTextContent('The assistant is off now');
    expect(status).toHaveTextContent('Off hours (Mon 18:00–08:00) · times in America/Chicago');
    const form = await aiForm();
    expect(within(form).getByRole('switch', { name: /Answer new conversations with the assistant/ })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Assistant’s name' })).toHaveValue('Riley');
    expect(within(form).getByRole('radio', { name: /Friendly/ })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Question 1' })).toHaveValue('Weekends?');
    expect(within(form).getByRole('textbox', { name: 'Answer 1' })).toHaveValue('Saturdays 9–2.');
    expect(within(form).getByRole('radio', { name: /Never quote prices/ })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Reply delay (seconds)' })).toHaveValue('8');
    expect(within(form).getByRole('textbox', { name: 'Most replies per conversation per day' })).toHaveValue('15');
    expect(within(form).getByText(/It asks your 3 questions from/)).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Chat widget → Lead qualifier' })).toHaveAttribute('href', '/chat-widget/lead-qualifier');
    expect(within(form).getByRole('link', { name: 'Chat widget → AI schedule' })).toHaveAttribute('href', '/chat-widget/ai-schedule');
  });

  it('saves every field of the tab with the version it read', async () => {
    const api = await renderAi(
      aiApi({
        'ai.settings.update': (input) => ({ ...AI_SETTINGS, ...(input as object), version: 6, now: { on: true, why: 'On (no off window now)' } }),
      }),
    );
    expect(await screen.findByRole('status', { name: /The assistant is (on|off) now/ })).toHaveTextContent('The assistant is off now');
    const form = await aiForm();
    await userEvent.click(within(form).getByRole('switch', { name: /Answer new conversations with the assistant/ }));
    const name = within(form).getByRole('textbox', { name: 'Assistant’s name' });
    await userEvent.clear(name);
    await fill(name, '  Riley ');
    await userEvent.click(within(form).getByRole('radio', { name: /Concise/ }));
    await fill(within(form).getByRole('textbox', { name: 'Business facts' }), 'Open Mon–Fri 7–6.');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a question' }));
    await fill(within(form).getByRole('textbox', { name: 'Question 1' }), 'Do you work weekends?');
    await fill(within(form).getByRole('textbox', { name: 'Answer 1' }), 'Saturdays 9–2.');
    await addTags(within(form).getByRole('combobox', { name: 'Services you offer' }), 'Drain cleaning', 'Water heaters');
    await addTags(within(form).getByRole('combobox', { name: 'Services you don’t offer' }), 'Septic');
    await addTags(within(form).getByRole('combobox', { name: /Service area/ }), '606', 'm5v');
    await userEvent.click(within(form).getByRole('radio', { name: /Quote ranges from the approved price book/ }));
    const delay = within(form).getByRole('textbox', { name: 'Reply delay (seconds)' });
    await userEvent.clear(delay);
    await userEvent.type(delay, '20');
    const cap = within(form).getByRole('textbox', { name: 'Most replies per conversation per day' });
    await userEvent.clear(cap);
    await userEvent.type(cap, '30');
    await userEvent.click(within(form).getByRole('switch', { name: /Approval mode/ }));
    await userEvent.click(within(form).getByRole('switch', { name: /They sound upset/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save AI settings' }));

    await waitFor(() => expect(screen.getByText(/✓ Saved at/)).toBeInTheDocument());
    expect(api.callsTo('ai.settings.update')).toEqual([
      {
        expectedVersion: 5,
        enabled: true,
        assistantName: 'Riley',
        tone: 'concise',
        facts: 'Open Mon–Fri 7–6.',
        faq: [{ question: 'Do you work weekends?', answer: 'Saturdays 9–2.' }],
        services: ['Drain cleaning', 'Water heaters'],
        servicesNotOffered: ['Septic'],
        serviceAreaPrefixes: ['606', 'M5V'],
        pricingPolicy: 'ranges',
        replyDelaySeconds: 20,
        dailyCap: 30,
        approvalMode: true,
        handoff: { ...DEFAULT_AI_SETTINGS.handoff, anger: false },
      },
    ]);
    // The status line follows what was saved.
    expect(screen.getByRole('status', { name: /The assistant is (on|off) now/ })).toHaveTextContent('The assistant is on now');
    // Many fields typed one key at a time: more than the default 5 s on a busy machine.
  }, 20_000);

  it('offers the service area of Settings → Address while its own is empty: one tap, then Save', async () => {
    const api = await renderAi(aiApi({}, { serviceAreaPrefixes: [], addressServiceArea: ['78701', '78745'] }));
    const form = await aiForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Use your service area from Settings → Address: 78701, 78745' }));
    expect(within(form).queryByRole('button', { name: /Use your service area/ })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save AI settings' }));
    await waitFor(() => expect(api.callsTo('ai.settings.update')[0]).toMatchObject({ serviceAreaPrefixes: ['78701', '78745'] }));
  });

  it('checks the fields before sending, in the server’s words', async () => {
    const api = await renderAi(aiApi({}, { questions: [] }));
    const form = await aiForm();
    expect(within(form).getByText(/It has no questions to ask yet/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('switch', { name: /Answer new conversations with the assistant/ }));
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Assistant’s name' }));
    const delay = within(form).getByRole('textbox', { name: 'Reply delay (seconds)' });
    // Out of range is clamped as one leaves the field (300); an empty field is refused.
    await userEvent.clear(delay);
    await userEvent.click(within(form).getByRole('button', { name: 'Add a question' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save AI settings' }));

    expect(within(form).getByRole('switch', { name: /Answer new conversations/ })).toHaveAccessibleDescription(expect.stringContaining('Add at least one question before turning the assistant on.'));
    expect(within(form).getByRole('textbox', { name: 'Assistant’s name' })).toHaveAccessibleDescription(expect.stringContaining('The assistant’s name cannot be empty'));
    expect(delay).toHaveAccessibleDescription(expect.stringContaining('The reply delay must be a whole number of seconds'));
    expect(within(form).getByRole('textbox', { name: 'Question 1' })).toHaveAccessibleDescription(expect.stringContaining('The question cannot be empty'));
    expect(screen.getByText('Not saved: fix the fields marked in red.')).toBeInTheDocument();
    expect(api.callsTo('ai.settings.update')).toEqual([]);
  });

  it('shows the server’s field error under its field', async () => {
    await renderAi(
      aiApi({
        'ai.settings.update': () => {
          throw apiError('BAD_REQUEST', 'Invalid input', { 'serviceAreaPrefixes.1': ['Use ZIP codes or their first 3 digits (606), or postal-code beginnings (M5V)'], 'faq.0.answer': ['The answer must be at most 600 characters'] });
        },
      }),
    );
    const form = await aiForm();
    await addTags(within(form).getByRole('combobox', { name: /Service area/ }), '60614');
    await userEvent.click(within(form).getByRole('button', { name: 'Save AI settings' }));
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /Service area/ })).toHaveAccessibleDescription(expect.stringContaining('Use ZIP codes or their first 3 digits (606)')));
    // An error inside one FAQ entry lands under the FAQ list.
    expect(within(form).getByText('The answer must be at most 600 characters')).toBeInTheDocument();
    expect(screen.queryByText('Not saved', { selector: '.mantine-Alert-title' })).not.toBeInTheDocument();
  });

  it('a refusal without a field shows above Save', async () => {
    await renderAi(
      aiApi({
        'ai.settings.update': () => {
          throw apiError('FORBIDDEN', 'Only the owner or an admin can change the AI assistant.');
        },
      }),
    );
    const form = await aiForm();
    await userEvent.click(within(form).getByRole('switch', { name: /Approval mode/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save AI settings' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only the owner or an admin can change the AI assistant.');
  });

  it('staff see the settings and the price book read-only, with the reason, and no Save', async () => {
    await renderAi(aiApi({}, { canEdit: false, faq: [{ question: 'Weekends?', answer: 'Yes.' }] }, [PROPOSED_ITEM, APPROVED_ITEM]));
    const form = await aiForm();
    expect(within(form).getByText(/Only the owner or an admin can change the AI assistant/)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Assistant’s name' })).toBeDisabled();
    expect(within(form).getByRole('switch', { name: /Answer new conversations with the assistant/ })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Question 1' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save AI settings' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Add a question' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: /Remove question/ })).not.toBeInTheDocument();

    const book = await screen.findByRole('region', { name: 'Price book' });
    expect(await within(book).findByText('Drain cleaning')).toBeInTheDocument();
    expect(within(book).getByText(/Only the owner or an admin can change the price book/)).toBeInTheDocument();
    expect(within(book).queryByRole('button', { name: /Approve|Edit|Drop|Add an item|Choose a PDF/ })).not.toBeInTheDocument();
    // The test chat stores and texts nothing: staff may try it.
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('says plainly when there is no business number yet', async () => {
    await renderAi(aiApi({ 'phone.get': () => ({ number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] }) }));
    expect(await screen.findByText('No business number yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'set one up' })).toHaveAttribute('href', '/settings/phone');
  });
});

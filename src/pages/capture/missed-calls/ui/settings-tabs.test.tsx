import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, renderScreen } from '@/shared/lib/test';
import { BasicTab } from './basic-tab';
import { MissedCallsLayout } from './missed-calls-layout';
import { missedCallsApi, SETTINGS } from './test-fixtures';
import { VoicemailTab } from './voicemail-tab';

const tabs = { 'missed-calls/basic': BasicTab, 'missed-calls/voicemail': VoicemailTab };
const renderTab = (path: string, api = missedCallsApi({ 'missedCalls.settings.update': (input) => ({ ...SETTINGS, ...(input as object) }) })) =>
  renderScreen(MissedCallsLayout, { path, children: tabs, api }).then((r) => ({ ...r, api }));

describe('Missed calls → Basic', () => {
  it('shows the saved settings, both routing modes explained, and a live preview with its count', async () => {
    await renderTab('/missed-calls/basic');
    const form = await screen.findByRole('form', { name: 'Missed-call text-back' });
    expect(within(form).getByRole('switch', { name: /Text callers back when nobody answers/ })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'LeadLoop number rings your phone' })).toBeChecked();
    expect(form).toHaveTextContent('every call that arrives is already missed');
    expect(within(form).getByLabelText('Ring timeout (seconds)')).toHaveValue('20');
    expect(within(form).getByLabelText('Text back after (seconds)')).toHaveValue('15');
    expect(within(form).getByRole('textbox', { name: 'Forward calls to' })).toHaveValue('(312) 555-0199');

    const [business] = screen.getAllByTestId('template-preview');
    expect(business).toHaveTextContent('Hi there, this is Acme Plumbing. Sorry we missed your call!');
    const businessField = within(form).getByRole('textbox', { name: /During business hours/ });
    await userEvent.clear(businessField);
    await userEvent.type(businessField, 'Hi {{first_name}, {{business_name} here. Call you soon!');
    expect(screen.getAllByTestId('template-preview')[0]).toHaveTextContent(/^Hi there, Acme Plumbing here\. Call you soon!$/);
    // "Hi there, Acme Plumbing here. Call you soon!" = 44 characters, one segment.
    expect(screen.getAllByTestId('template-count')[0]).toHaveTextContent('44 characters · 1 text segment');
    expect(screen.getByRole('status')).toHaveTextContent('You have unsaved changes.');
  });

  it('saves the Basic fields only and confirms under the Save button', async () => {
    const { api } = await renderTab('/missed-calls/basic');
    const form = await screen.findByRole('form', { name: 'Missed-call text-back' });
    const save = within(form).getByRole('button', { name: 'Save text-back settings' });
    expect(save).toBeDisabled();

    await userEvent.click(within(form).getByRole('radio', { name: 'You forward unanswered calls to LeadLoop' }));
    expect(form).toHaveTextContent('forward calls you don’t answer to (312) 555-0100');
    const delay = within(form).getByLabelText('Text back after (seconds)');
    await userEvent.clear(delay);
    await userEvent.type(delay, '30');
    await userEvent.click(save);

    await waitFor(() => expect(api.callsTo('missedCalls.settings.update')).toHaveLength(1));
    expect(api.callsTo('missedCalls.settings.update')[0]).toEqual({
      enabled: true,
      routingMode: 'forwarded_missed',
      forwardTo: '+13125550199',
      ringTimeoutSeconds: 20,
      textBackDelaySeconds: 30,
      repeatCallerWindowHours: 12,
      businessHoursTemplate: SETTINGS.businessHoursTemplate,
      afterHoursTemplate: SETTINGS.afterHoursTemplate,
    });
    expect(await screen.findByText(/✓ Saved at/)).toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it('checks the form before sending: a template with an unknown merge tag, mode a without a phone', async () => {
    const { api } = await renderTab('/missed-calls/basic');
    const form = await screen.findByRole('form', { name: 'Missed-call text-back' });
    const after = within(form).getByRole('textbox', { name: /After hours/ });
    await userEvent.clear(after);
    await userEvent.type(after, 'We are closed{{name}');
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Forward calls to' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save text-back settings' }));

    expect(await within(form).findByText(/Unknown merge tag: \{name\}/)).toBeInTheDocument();
    expect(within(form).getByText(/Enter the phone LeadLoop should ring first/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Not saved: fix the fields marked in red.');
    expect(api.callsTo('missedCalls.settings.update')).toHaveLength(0);
  });

  it('shows the server’s field errors next to their fields and a refusal without a field above Save', async () => {
    let answer = 0;
    const api = missedCallsApi({
      'missedCalls.settings.update': () => {
        answer += 1;
        if (answer === 1) throw apiError('BAD_REQUEST', 'Invalid input', { ringTimeoutSeconds: ['Ring timeout must be at most 60 seconds'] });
        throw apiError('BAD_REQUEST', 'Forward calls to your own phone, not to your LeadLoop number (it would ring itself).');
      },
    });
    await renderTab('/missed-calls/basic', api);
    const form = await screen.findByRole('form', { name: 'Missed-call text-back' });
    const ring = within(form).getByLabelText('Ring timeout (seconds)');
    await userEvent.clear(ring);
    await userEvent.type(ring, '45');
    await userEvent.click(within(form).getByRole('button', { name: 'Save text-back settings' }));
    expect(await within(form).findByText('Ring timeout must be at most 60 seconds')).toBeInTheDocument();
    expect(ring).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(within(form).getByRole('button', { name: 'Save text-back settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('it would ring itself');
  });
});

describe('Missed calls → Voicemail', () => {
  it('shows the saved greeting, length and switches, and saves only the voicemail fields', async () => {
    const { api } = await renderTab('/missed-calls/voicemail');
    const form = await screen.findByRole('form', { name: 'Voicemail' });
    const greeting = within(form).getByRole('textbox', { name: 'Greeting' });
    expect(greeting).toHaveValue(SETTINGS.voicemailGreeting);
    expect(within(form).getByLabelText('Longest message (seconds)')).toHaveValue('120');
    expect(within(form).getByRole('switch', { name: /Write out every voicemail/ })).toBeChecked();
    expect(within(form).getByRole('switch', { name: /Mention what the caller said in the text-back/ })).toBeChecked();

    await userEvent.clear(greeting);
    await userEvent.type(greeting, 'You reached Acme Plumbing. Leave a message.');
    await userEvent.click(within(form).getByRole('switch', { name: /Write out every voicemail/ }));
    expect(form).toHaveTextContent('Works only with written-out voicemails');
    await userEvent.click(within(form).getByRole('button', { name: 'Save voicemail settings' }));

    await waitFor(() => expect(api.callsTo('missedCalls.settings.update')).toHaveLength(1));
    expect(api.callsTo('missedCalls.settings.update')[0]).toEqual({
      greetingSource: 'say',
      voicemailGreeting: 'You reached Acme Plumbing. Leave a message.',
      voicemailMaxSeconds: 120,
      transcribeVoicemail: false,
      tailorToVoicemail: true,
    });
    expect(await screen.findByText(/✓ Saved at/)).toBeInTheDocument();
  });

  it('refuses an empty greeting before sending and shows the server’s field error for the length', async () => {
    const api = missedCallsApi({
      'missedCalls.settings.update': () => {
        throw apiError('BAD_REQUEST', 'Invalid input', { voicemailMaxSeconds: ['Voicemail length must be at most 300 seconds'] });
      },
    });
    await renderTab('/missed-calls/voicemail', api);
    const form = await screen.findByRole('form', { name: 'Voicemail' });
    const greeting = within(form).getByRole('textbox', { name: 'Greeting' });
    await userEvent.clear(greeting);
    await userEvent.click(within(form).getByRole('button', { name: 'Save voicemail settings' }));
    expect(await within(form).findByText('The greeting cannot be empty')).toBeInTheDocument();
    expect(api.callsTo('missedCalls.settings.update')).toHaveLength(0);

    await userEvent.type(greeting, 'Leave a message.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save voicemail settings' }));
    expect(await within(form).findByText('Voicemail length must be at most 300 seconds')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_AGENT_SETTINGS as D } from '@contracts/voice-agent';
import { apiError, renderScreen } from '@/shared/lib/test';
import { AiCallAnsweringLayout } from './ai-call-answering-layout';
import { SmsFollowupTab } from './sms-followup-tab';
import { NO_NUMBER_SETTINGS, SETTINGS, voiceAgentApi } from './test-fixtures';

const open = async (api = voiceAgentApi()) => {
  await renderScreen(AiCallAnsweringLayout, { path: '/ai-call-answering/sms-followup', children: { 'ai-call-answering/sms-followup': SmsFollowupTab }, api });
  await screen.findByRole('switch', { name: /Text the caller after the call/ });
  return api;
};

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save follow-up texts' }));

describe('AI call answering → SMS follow-up', () => {
  it('one text per outcome, each previewed with sample values and counted; one text per call, no text-back as well', async () => {
    await open();
    expect(screen.getByRole('switch', { name: /Text the caller after the call/ })).toBeChecked();
    const rules = screen.getByTestId('follow-up-rules');
    expect(rules).toHaveTextContent('Exactly one text goes per call: the one for how it ended.');
    expect(rules).toHaveTextContent('A call the assistant answered never also gets the missed-call text-back.');

    for (const label of ['Booked call', 'Qualified call', 'Transferred call', 'Ended early call']) expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    const preview = screen.getByLabelText('Preview of qualified call');
    expect(within(preview).getByTestId('template-preview')).toHaveTextContent(
      'Hi Sam, thanks for calling Acme Plumbing! We have your details and will be in touch shortly. Reply here with any photos or questions.',
    );
    expect(within(preview).getByTestId('template-count')).toHaveTextContent(/\d+ characters · 1 text segment/);
    // The merge tags offered are the ones the after-call text fills.
    expect(screen.getByRole('group', { name: 'Insert a merge tag into booked call' })).toHaveTextContent('{first_name}');
  });

  it('Save sends the switch and the four texts; an empty one sends nothing for that outcome', async () => {
    const api = await open();
    const hungUp = screen.getByRole('textbox', { name: 'Ended early call' });
    await userEvent.clear(hungUp);
    expect(within(screen.getByLabelText('Preview of ended early call')).getByText('No text is sent after such a call.')).toBeInTheDocument();
    const booked = screen.getByRole('textbox', { name: 'Booked call' });
    await userEvent.clear(booked);
    await userEvent.paste('{business_name}: you are booked, {first_name}!');
    await save();
    await waitFor(() => expect(api.callsTo('voiceAgent.settings.saveFollowUps')).toHaveLength(1));
    expect(api.callsTo('voiceAgent.settings.saveFollowUps')[0]).toEqual({
      expectedVersion: SETTINGS.version,
      enabled: true,
      templates: { ...D.followUps.templates, booked: '{business_name}: you are booked, {first_name}!', hung_up: '' },
    });
  }, 20_000);

  it('a text without {business_name} is named before anything is sent', async () => {
    const api = await open();
    const booked = screen.getByRole('textbox', { name: 'Booked call' });
    await userEvent.clear(booked);
    await userEvent.paste('You are booked!');
    await save();
    expect(await screen.findByText('The text must say who is texting: include {business_name}.')).toBeInTheDocument();
    expect(api.callsTo('voiceAgent.settings.saveFollowUps')).toEqual([]);
  });

  it('the server’s refusal shows under its text; CONFLICT keeps what was typed', async () => {
    const api = voiceAgentApi(SETTINGS, {
      'voiceAgent.settings.saveFollowUps': () => {
        throw apiError('BAD_REQUEST', 'Invalid input', { 'templates.transferred': ['The transferred text must be at most 480 characters'] });
      },
    });
    await open(api);
    await userEvent.click(screen.getByRole('switch', { name: /Text the caller after the call/ }));
    await save();
    expect(await screen.findByText('The transferred text must be at most 480 characters')).toBeInTheDocument();

    api.handlers['voiceAgent.settings.saveFollowUps'] = () => {
      throw apiError('CONFLICT', 'Someone else saved the call answering settings after you opened them. Reload to see their changes.');
    };
    await save();
    expect(await screen.findByRole('alert', { name: /Changed elsewhere — reload/ })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Text the caller after the call/ })).not.toBeChecked();
  });

  it('without a business number: says no text can go yet, and the texts can still be written', async () => {
    await open(voiceAgentApi(NO_NUMBER_SETTINGS));
    expect(screen.getByText('No business number yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
    expect(screen.getByRole('textbox', { name: 'Booked call' })).toBeEnabled();
  });
});

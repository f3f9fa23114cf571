import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_AGENT_SETTINGS as D } from '@contracts/voice-agent';
import { apiError, renderScreen } from '@/shared/lib/test';
import { AiCallAnsweringLayout } from './ai-call-answering-layout';
import { BasicTab } from './basic-tab';
import { NO_NUMBER_SETTINGS, SETTINGS, voiceAgentApi } from './test-fixtures';

const open = async (api = voiceAgentApi()) => {
  await renderScreen(AiCallAnsweringLayout, { path: '/ai-call-answering/basic', children: { 'ai-call-answering/basic': BasicTab }, api });
  await screen.findByRole('switch', { name: /Answer calls with the AI assistant/ });
  return api;
};

const DEFAULT_INPUT = { enabled: D.enabled, answerMode: D.answerMode, ringSeconds: D.ringSeconds, hours: D.hours, windows: D.windows, greeting: D.greeting, recordCalls: D.recordCalls, recordingDisclosure: D.recordingDisclosure, voice: D.voice };

describe('AI call answering → Basic', () => {
  it('starts from the defaults (off, AI first, at all hours) and says what a caller hears first', async () => {
    await open();
    expect(screen.getByRole('switch', { name: /Answer calls with the AI assistant/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'The assistant answers right away' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'At all hours' })).toBeChecked();
    expect(screen.getByTestId('answering-now')).toHaveTextContent('AI call answering is off — calls to (312) 555-0100 (America/Chicago time).');
    expect(screen.getByTestId('spoken-opening')).toHaveTextContent('Thanks for calling Acme Plumbing. I’m the virtual assistant and I can take the details of your job. What can we help you with?');
    expect(screen.queryByTestId('no-business-number')).not.toBeInTheDocument();
  });

  it('shows the recording notice only while recording is on, and the caller hears it only then', async () => {
    await open();
    expect(screen.queryByRole('textbox', { name: 'Recording notice' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: /Record calls/ }));
    const notice = screen.getByRole('textbox', { name: 'Recording notice' });
    expect(notice).toHaveValue(D.recordingDisclosure);
    expect(screen.getByTestId('spoken-opening')).toHaveTextContent(D.recordingDisclosure);
    await userEvent.click(screen.getByRole('switch', { name: /Record calls/ }));
    expect(screen.queryByRole('textbox', { name: 'Recording notice' })).not.toBeInTheDocument();
    expect(screen.getByTestId('spoken-opening')).not.toHaveTextContent(D.recordingDisclosure);
  });

  it('Save sends the tab’s fields with the version read: on, ring first for 15 s, custom hours, recorded, another voice', async () => {
    const api = await open();
    await userEvent.click(screen.getByRole('switch', { name: /Answer calls with the AI assistant/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Ring my phone first, then the assistant' }));
    expect(screen.getByTestId('no-forward-to')).toHaveTextContent('There is no phone to ring yet');
    const ring = screen.getByRole('textbox', { name: 'Ring my phone for' });
    await userEvent.clear(ring);
    await userEvent.type(ring, '15');
    await userEvent.click(screen.getByRole('radio', { name: 'During the times I choose' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a time window' }));
    expect(within(screen.getByRole('group', { name: 'Time window 1' })).getByText('Answers Monday 18:00 until Tuesday 08:00 (runs past midnight)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: /Record calls/ }));
    const notice = screen.getByRole('textbox', { name: 'Recording notice' });
    await userEvent.clear(notice);
    await userEvent.type(notice, 'This call is recorded for {{business_name}.');
    await userEvent.click(screen.getByRole('combobox', { name: 'Voice' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Clear, female (Amazon Polly)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save call answering' }));

    await waitFor(() => expect(api.callsTo('voiceAgent.settings.saveBasic')).toHaveLength(1));
    expect(api.callsTo('voiceAgent.settings.saveBasic')[0]).toEqual({
      ...DEFAULT_INPUT,
      expectedVersion: SETTINGS.version,
      enabled: true,
      answerMode: 'ring_first',
      ringSeconds: 15,
      hours: 'custom',
      windows: [{ day: 1, start: '18:00', end: '08:00' }],
      recordCalls: true,
      recordingDisclosure: 'This call is recorded for {business_name}.',
      voice: 'polly-joanna',
    });
    expect(await screen.findByText(/Saved at/)).toBeInTheDocument();
    }, 20_000);

  it('custom hours without a window are named before anything is sent', async () => {
    const api = await open();
    await userEvent.click(screen.getByRole('radio', { name: 'During the times I choose' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save call answering' }));
    expect(await screen.findByText('Add at least one time window, or choose another option for the hours.')).toBeInTheDocument();
    expect(api.callsTo('voiceAgent.settings.saveBasic')).toEqual([]);
  });

  it('someone else saved first (CONFLICT): says so, offers Reload, keeps what was typed until then', async () => {
    const api = voiceAgentApi(SETTINGS, {
      'voiceAgent.settings.saveBasic': () => {
        throw apiError('CONFLICT', 'Someone else saved the call answering settings after you opened them. Reload to see their changes.');
      },
    });
    await open(api);
    const greeting = screen.getByRole('textbox', { name: 'Greeting' });
    await userEvent.clear(greeting);
    await userEvent.type(greeting, 'Hi, you reached {{business_name}!');
    await userEvent.click(screen.getByRole('button', { name: 'Save call answering' }));
    const alert = await screen.findByRole('alert', { name: /Changed elsewhere — reload/ });
    expect(alert).toHaveTextContent('Someone else saved the call answering settings after you opened them.');
    expect(greeting).toHaveValue('Hi, you reached {business_name}!');

    api.handlers['voiceAgent.settings.get'] = () => ({ ...SETTINGS, version: 4, greeting: 'Their greeting for {business_name}.' });
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload settings' }));
    await waitFor(() => expect(greeting).toHaveValue('Their greeting for {business_name}.'));
  });

  it('the server’s refusal shows next to its field, in its words', async () => {
    const api = voiceAgentApi(SETTINGS, {
      'voiceAgent.settings.saveBasic': () => {
        throw apiError('BAD_REQUEST', 'Add at least one intake question (Agent tab, or Settings → AI) before turning call answering on.', {
          enabled: ['Add at least one intake question (Agent tab, or Settings → AI) before turning call answering on.'],
        });
      },
    });
    await open(api);
    await userEvent.click(screen.getByRole('switch', { name: /Answer calls with the AI assistant/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save call answering' }));
    const message = await screen.findByText('Add at least one intake question (Agent tab, or Settings → AI) before turning call answering on.');
    expect(screen.getByRole('switch', { name: /Answer calls with the AI assistant/ })).toHaveAccessibleDescription(expect.stringContaining(message.textContent!));
    expect(screen.getByRole('switch', { name: /Answer calls with the AI assistant/ })).toBeChecked();
  });

  it('without a business number: says so, links to Settings → Phone, and still lets the owner set it up', async () => {
    const api = await open(voiceAgentApi(NO_NUMBER_SETTINGS));
    const note = screen.getByTestId('no-business-number');
    expect(within(note).getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
    // The server's own sentence about the number is not repeated under "now".
    expect(screen.getByTestId('answering-now')).not.toHaveTextContent('Get a business number');
    await userEvent.click(screen.getByRole('switch', { name: /Answer calls with the AI assistant/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save call answering' }));
    await waitFor(() => expect(api.callsTo('voiceAgent.settings.saveBasic')).toEqual([{ ...DEFAULT_INPUT, enabled: true, expectedVersion: 0 }]));
  });

  it('staff see the settings read-only', async () => {
    await open(voiceAgentApi({ ...SETTINGS, canEdit: false }));
    expect(screen.getByText('You can look, not change')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Answer calls with the AI assistant/ })).toBeDisabled();
  });
});

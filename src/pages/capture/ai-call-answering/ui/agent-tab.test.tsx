import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_SETTINGS } from '@contracts/ai';
import { DEFAULT_VOICE_AGENT_SETTINGS as D, SPOKEN_CONFIRM_LINE } from '@contracts/voice-agent';
import { apiError, renderScreen } from '@/shared/lib/test';
import { AgentTab } from './agent-tab';
import { AiCallAnsweringLayout } from './ai-call-answering-layout';
import { SETTINGS, voiceAgentApi } from './test-fixtures';

const open = async (api = voiceAgentApi()) => {
  await renderScreen(AiCallAnsweringLayout, { path: '/ai-call-answering/agent', children: { 'ai-call-answering/agent': AgentTab }, api });
  await screen.findByRole('heading', { level: 2, name: 'What the assistant knows' });
  return api;
};

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save agent settings' }));

describe('AI call answering → Agent', () => {
  it('shows what Settings → AI holds (the same assistant as for texts), never “it doesn’t know your business”', async () => {
    await open();
    const knowledge = screen.getByTestId('call-agent-knowledge');
    expect(knowledge).toHaveTextContent('Family owned since 1998. Licensed and insured.');
    expect(knowledge).toHaveTextContent('2 services: Drain cleaning, Water heaters');
    expect(knowledge).toHaveTextContent('2 FAQ answers');
    expect(knowledge).toHaveTextContent('3 approved prices in the price book');
    expect(knowledge).toHaveTextContent('Prices: Quote ranges from the approved price book.');
    expect(within(knowledge).getByRole('link', { name: 'Change in Settings → AI' })).toHaveAttribute('href', '/settings/ai');
    expect(screen.queryByText(/doesn’t know your business/)).not.toBeInTheDocument();
  });

  it('says plainly when Settings → AI holds nothing yet', async () => {
    await open(voiceAgentApi({ ...SETTINGS, knowledge: { ...SETTINGS.knowledge, facts: '', services: [], faqCount: 0, approvedPriceItems: 0, pricingPolicy: 'never' } }));
    const knowledge = screen.getByTestId('call-agent-knowledge');
    expect(knowledge).toHaveTextContent('Settings → AI holds nothing about your business yet: no facts, services, FAQ or prices.');
    expect(within(knowledge).getByRole('link', { name: 'Tell the assistant about your business' })).toHaveAttribute('href', '/settings/ai');
  });

  it('states the guardrails as the engine applies them', async () => {
    await open();
    const rules = screen.getByRole('region', { name: 'Always on' });
    expect(rules).toHaveTextContent(`the assistant says instead: “${SPOKEN_CONFIRM_LINE}”`);
    expect(rules).toHaveTextContent('Price ranges from your approved price book may be said.');
    expect(rules).toHaveTextContent('Free times from your booking calendar (Scheduling) that the assistant offers, and the time it books, are said.');
    expect(rules).toHaveTextContent('A call that reaches the maximum length below (5 minutes) is ended politely.');
  });

  it('uses the assistant’s questions by default; questions just for calls, emergency words and the on-call number are saved', async () => {
    const api = await open();
    expect(screen.getByRole('radio', { name: 'The assistant’s questions' })).toBeChecked();
    expect(screen.getByTestId('assistant-questions')).toHaveTextContent('What can we help you with?');

    await userEvent.click(screen.getByRole('radio', { name: 'Questions just for calls' }));
    const first = screen.getByRole('group', { name: 'Question 1' });
    const text = within(first).getByRole('textbox', { name: 'Question' });
    await userEvent.clear(text);
    await userEvent.type(text, 'What’s going on with your plumbing?');
    await userEvent.click(screen.getByRole('button', { name: 'Remove question 3' }));

    const words = screen.getByRole('combobox', { name: 'Emergency words' });
    await userEvent.type(words, 'sewage backup{Enter}');
    await userEvent.type(screen.getByRole('textbox', { name: 'On-call number' }), '3125550199');
    await userEvent.click(screen.getByRole('radio', { name: 'Say the team will call back, and hang up' }));
    const max = screen.getByRole('textbox', { name: 'Maximum call length' });
    await userEvent.clear(max);
    await userEvent.type(max, '240');
    await save();

    await waitFor(() => expect(api.callsTo('voiceAgent.settings.saveAgent')).toHaveLength(1));
    const [, postal] = DEFAULT_AI_SETTINGS.questions;
    expect(api.callsTo('voiceAgent.settings.saveAgent')[0]).toEqual({
      expectedVersion: SETTINGS.version,
      questions: [{ ...DEFAULT_AI_SETTINGS.questions[0], text: 'What’s going on with your plumbing?' }, postal],
      emergencyWords: [...D.emergencyWords, 'sewage backup'],
      onCallNumber: '+13125550199',
      transferRingSeconds: D.transferRingSeconds,
      transferFallback: 'goodbye',
      maxCallSeconds: 240,
    });
    }, 20_000);

  it('“the assistant’s questions” sends none of its own (null)', async () => {
    const api = await open(voiceAgentApi({ ...SETTINGS, questions: [{ key: 'job', text: 'What job?', kind: 'text', choices: [], required: true }] }));
    expect(screen.getByRole('radio', { name: 'Questions just for calls' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'The assistant’s questions' }));
    await save();
    await waitFor(() => expect(api.callsTo('voiceAgent.settings.saveAgent')).toHaveLength(1));
    expect(api.callsTo('voiceAgent.settings.saveAgent')[0]).toMatchObject({ questions: null });
  });

  it('an empty question is named before anything is sent', async () => {
    const api = await open();
    await userEvent.click(screen.getByRole('radio', { name: 'Questions just for calls' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    await save();
    expect(await within(screen.getByRole('group', { name: 'Question 4' })).findByText('The question cannot be empty')).toBeInTheDocument();
    expect(api.callsTo('voiceAgent.settings.saveAgent')).toEqual([]);
  });

  it('the server’s refusals show next to their fields, what was typed stays', async () => {
    const api = voiceAgentApi(SETTINGS, {
      'voiceAgent.settings.saveAgent': () => {
        throw apiError('BAD_REQUEST', 'Invalid input', {
          onCallNumber: ['Transfer to a person’s phone, not to your LeadLoop number (the call would come back to the assistant).'],
          'emergencyWords.12': ['An emergency word must be at most 60 characters'],
        });
      },
    });
    await open(api);
    const phone = screen.getByRole('textbox', { name: 'On-call number' });
    await userEvent.type(phone, '3125550100');
    await save();
    expect(await screen.findByText('Transfer to a person’s phone, not to your LeadLoop number (the call would come back to the assistant).')).toBeInTheDocument();
    expect(screen.getByText('An emergency word must be at most 60 characters')).toBeInTheDocument();
    expect(phone).toHaveValue('(312) 555-0100');
  });

  it('someone else saved first (CONFLICT): the typed number stays, with Reload offered', async () => {
    await open(
      voiceAgentApi(SETTINGS, {
        'voiceAgent.settings.saveAgent': () => {
          throw apiError('CONFLICT', 'Someone else saved the call answering settings after you opened them. Reload to see their changes.');
        },
      }),
    );
    const phone = screen.getByRole('textbox', { name: 'On-call number' });
    await userEvent.type(phone, '3125550199');
    await save();
    expect(await screen.findByRole('alert', { name: /Changed elsewhere — reload/ })).toBeInTheDocument();
    expect(phone).toHaveValue('(312) 555-0199');
  });
});

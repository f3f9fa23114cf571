import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { AgentTab } from './agent-tab';
import { AiCallAnsweringLayout } from './ai-call-answering-layout';
import { BasicTab } from './basic-tab';
import { HistoryTab } from './history-tab';
import { SmsFollowupTab } from './sms-followup-tab';

const NO_NUMBER = { number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] };
const TEST_NUMBER = { ...NO_NUMBER, number: { id: 'n1', e164: '+13125550100', provider: 'simulator' as const } };
const phoneApi = (settings: typeof NO_NUMBER | typeof TEST_NUMBER = NO_NUMBER) => createFakeApi({ 'phone.get': () => settings });


const tabs = {
  'ai-call-answering/basic': BasicTab,
  'ai-call-answering/agent': AgentTab,
  'ai-call-answering/sms-followup': SmsFollowupTab,
  'ai-call-answering/history': HistoryTab,
};

describe('AiCallAnsweringLayout', () => {
  it('shows the tabs and, on Basic, the business number as the next step', async () => {
    const { heading } = await renderScreen(AiCallAnsweringLayout, { path: '/ai-call-answering/basic', children: tabs, api: phoneApi() });
    expect(heading).toHaveTextContent('AI call answering');

    const tabList = screen.getByRole('tablist', { name: 'AI call answering sections' });
    expect(within(tabList).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Basic', 'Agent', 'SMS follow-up', 'History']);
    expect(await screen.findByRole('heading', { level: 2, name: 'AI call answering needs a business number' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
  });

  it('with a test number, says the number is ready instead of asking for one', async () => {
    await renderScreen(AiCallAnsweringLayout, { path: '/ai-call-answering/basic', children: tabs, api: phoneApi(TEST_NUMBER) });
    expect(await screen.findByRole('heading', { level: 2, name: 'AI call answering isn’t available yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Set up your business number' })).not.toBeInTheDocument();
  });

  it('shows the guardrails on Agent', async () => {
    await renderScreen(AiCallAnsweringLayout, { path: '/ai-call-answering/basic', children: tabs, api: phoneApi() });
    await userEvent.click(screen.getByRole('tab', { name: 'Agent' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Always on' })).toBeInTheDocument();
    expect(screen.getByText('It never promises a firm price.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up your AI assistant' })).toHaveAttribute('href', '/settings/ai');
  });

  it('on Agent, says what Settings → AI already holds instead of "it doesn’t know your business"', async () => {
    const ai = { services: ['Drain cleaning', 'Water heaters'], facts: 'Family owned since 1998.', faq: [{ question: 'Weekends?', answer: 'Saturdays.' }], serviceAreaPrefixes: [], questions: [{ key: 'service' }] };
    await renderScreen(AiCallAnsweringLayout, { path: '/ai-call-answering/agent', children: tabs, api: createFakeApi({ 'phone.get': () => NO_NUMBER, 'ai.settings.get': () => ai }) });
    expect(await screen.findByText(/what Settings → AI already holds: 2 services, your business facts, 1 FAQ answer, 1 qualifying question\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'AI call answering isn’t built yet' })).toBeInTheDocument();
    expect(screen.queryByText(/doesn’t know your business/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review your AI assistant' })).toHaveAttribute('href', '/settings/ai');
  });

  it.each([
    ['/ai-call-answering/sms-followup', 'No texts after calls yet'],
    ['/ai-call-answering/history', 'No answered calls yet'],
  ])('%s shows its empty state and links to Basic', async (path, title) => {
    await renderScreen(AiCallAnsweringLayout, { path, children: tabs });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up AI call answering' })).toHaveAttribute('href', '/ai-call-answering/basic');
  });
});

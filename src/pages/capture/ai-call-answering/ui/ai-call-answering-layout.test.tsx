import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { AgentTab } from './agent-tab';
import { AiCallAnsweringLayout } from './ai-call-answering-layout';
import { BasicTab } from './basic-tab';
import { HistoryTab } from './history-tab';
import { SmsFollowupTab } from './sms-followup-tab';
import { voiceAgentApi } from './test-fixtures';

const tabs = {
  'ai-call-answering/basic': BasicTab,
  'ai-call-answering/agent': AgentTab,
  'ai-call-answering/sms-followup': SmsFollowupTab,
  'ai-call-answering/history': HistoryTab,
};

describe('AiCallAnsweringLayout', () => {
  it('shows the four tabs, each a working screen (nothing says “isn’t built” or “isn’t available yet”)', async () => {
    const { heading } = await renderScreen(AiCallAnsweringLayout, { path: '/ai-call-answering/basic', children: tabs, api: voiceAgentApi() });
    expect(heading).toHaveTextContent('AI call answering');
    const tabList = screen.getByRole('tablist', { name: 'AI call answering sections' });
    expect(within(tabList).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Basic', 'Agent', 'SMS follow-up', 'History']);

    expect(await screen.findByRole('switch', { name: /Answer calls with the AI assistant/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Agent' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'What the assistant knows' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'SMS follow-up' }));
    expect(await screen.findByRole('switch', { name: /Text the caller after the call/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No answered calls yet' })).toBeInTheDocument();
    expect(screen.queryByText(/isn’t built|isn’t available yet|doesn’t know your business/)).not.toBeInTheDocument();
  });
});

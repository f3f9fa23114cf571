import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { AgentTab } from './agent-tab';
import { AI } from './ai-test-fixtures';
import { BasicTab } from './basic-tab';
import { HistoryTab } from './history-tab';
import { MissedCallsLayout } from './missed-calls-layout';
import { missedCallsApi, NO_NUMBER, TEST_NUMBER } from './test-fixtures';
import { VoicemailTab } from './voicemail-tab';

const tabs = {
  'missed-calls/basic': BasicTab,
  'missed-calls/agent': AgentTab,
  'missed-calls/voicemail': VoicemailTab,
  'missed-calls/history': HistoryTab,
};

describe('MissedCallsLayout', () => {
  it('shows the tabs and, without a business number, says text-back needs one above the settings', async () => {
    const { heading } = await renderScreen(MissedCallsLayout, { path: '/missed-calls/basic', children: tabs, api: missedCallsApi({}, NO_NUMBER) });
    expect(heading).toHaveTextContent('Missed calls');

    const tabList = screen.getByRole('tablist', { name: 'Missed calls sections' });
    expect(within(tabList).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Basic', 'Agent', 'Voicemail', 'History']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Missed-call text-back needs a business number' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
    expect(await screen.findByRole('form', { name: 'Missed-call text-back' })).toBeInTheDocument();
  });

  it('with a test number, shows the settings and never says the feature is not built', async () => {
    await renderScreen(MissedCallsLayout, { path: '/missed-calls/basic', children: tabs, api: missedCallsApi({}, TEST_NUMBER) });
    expect(await screen.findByRole('form', { name: 'Missed-call text-back' })).toBeInTheDocument();
    expect(screen.queryByText(/isn’t available yet|still being built|needs a business number/)).not.toBeInTheDocument();
  });

  it('History tab shows what will appear there when there are no calls', async () => {
    await renderScreen(MissedCallsLayout, { path: '/missed-calls/basic', children: tabs, api: missedCallsApi() });
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No calls yet' })).toBeInTheDocument();
    expect(screen.getByTestId('empty-state')).toHaveTextContent('the voicemail written out, and the text the caller got back');
    expect(screen.getByRole('link', { name: 'Check your text-back settings' })).toHaveAttribute('href', '/missed-calls/basic');
  });

  it.each([
    ['/missed-calls/agent', 'The missed-call assistant needs a business number'],
    ['/missed-calls/voicemail', 'Voicemail needs a business number'],
  ])('%s without a number shows its empty state', async (path, title) => {
    await renderScreen(MissedCallsLayout, { path, children: tabs, api: missedCallsApi({ 'ai.settings.get': () => AI }, NO_NUMBER) });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { AgentTab } from './agent-tab';
import { BasicTab } from './basic-tab';
import { HistoryTab } from './history-tab';
import { MissedCallsLayout } from './missed-calls-layout';
import { VoicemailTab } from './voicemail-tab';

const NO_NUMBER = { number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] };
const TEST_NUMBER = { ...NO_NUMBER, number: { id: 'n1', e164: '+13125550100', provider: 'simulator' as const } };
const phoneApi = (settings: typeof NO_NUMBER | typeof TEST_NUMBER = NO_NUMBER) => createFakeApi({ 'phone.get': () => settings });


const tabs = {
  'missed-calls/basic': BasicTab,
  'missed-calls/agent': AgentTab,
  'missed-calls/voicemail': VoicemailTab,
  'missed-calls/history': HistoryTab,
};

describe('MissedCallsLayout', () => {
  it('shows the tabs and, on Basic, the next step and the default settings', async () => {
    const { heading } = await renderScreen(MissedCallsLayout, { path: '/missed-calls/basic', children: tabs, api: phoneApi() });
    expect(heading).toHaveTextContent('Missed calls');

    const tabList = screen.getByRole('tablist', { name: 'Missed calls sections' });
    expect(within(tabList).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Basic', 'Agent', 'Voicemail', 'History']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Missed-call text-back needs a business number' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');

    const defaults = screen.getByRole('table', { name: 'Default settings' });
    expect(within(defaults).getByRole('row', { name: /Ring time before a call counts as missed 20 seconds/ })).toBeInTheDocument();
    expect(within(defaults).getByRole('row', { name: /Wait before texting the caller 15 seconds/ })).toBeInTheDocument();
  });

  it('with a test number, says the number is ready and no longer sends the owner back to Settings → Phone', async () => {
    await renderScreen(MissedCallsLayout, { path: '/missed-calls/basic', children: tabs, api: phoneApi(TEST_NUMBER) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Missed-call text-back isn’t available yet' })).toBeInTheDocument();
    expect(screen.getByTestId('empty-state')).toHaveTextContent('Your test number (312) 555-0100 is ready for it');
    expect(screen.queryByText(/needs a business number|set that up first/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Set up your business number' })).not.toBeInTheDocument();
  });

  it('shows the empty call history with a way to turn text-back on', async () => {
    await renderScreen(MissedCallsLayout, { path: '/missed-calls/basic', children: tabs, api: phoneApi() });
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No missed calls yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Turn on missed-call text-back' })).toHaveAttribute('href', '/missed-calls/basic');
  });

  it.each([
    ['/missed-calls/agent', 'The assistant isn’t replying to callers yet'],
    ['/missed-calls/voicemail', 'Voicemail needs a business number'],
  ])('%s shows its empty state', async (path, title) => {
    await renderScreen(MissedCallsLayout, { path, children: tabs, api: phoneApi() });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  });
});

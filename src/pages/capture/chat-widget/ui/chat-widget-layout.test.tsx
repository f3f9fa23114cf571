import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { ChatWidgetLayout } from './chat-widget-layout';
import { AiScheduleTab } from './ai-schedule-tab';
import { FollowUpsTab } from './follow-ups-tab';
import { FormEmbedTab } from './form-embed-tab';
import { LeadQualifierTab } from './lead-qualifier-tab';
import { PopupTab } from './popup-tab';
import { StylesTab } from './styles-tab';

const NO_NUMBER = { number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] };
const TEST_NUMBER = { ...NO_NUMBER, number: { id: 'n1', e164: '+13125550100', provider: 'simulator' as const } };
const phoneApi = (settings: typeof NO_NUMBER | typeof TEST_NUMBER = NO_NUMBER) => createFakeApi({ 'phone.get': () => settings });


const tabs = {
  'chat-widget/styles': StylesTab,
  'chat-widget/form-embed': FormEmbedTab,
  'chat-widget/lead-qualifier': LeadQualifierTab,
  'chat-widget/popup': PopupTab,
  'chat-widget/ai-schedule': AiScheduleTab,
  'chat-widget/follow-ups': FollowUpsTab,
};

describe('ChatWidgetLayout', () => {
  it('shows the title, the six tabs and the styles tab with its next step', async () => {
    const { heading } = await renderScreen(ChatWidgetLayout, { path: '/chat-widget/styles', children: tabs, api: phoneApi() });
    expect(heading).toHaveTextContent('Chat widget');

    const tabList = screen.getByRole('tablist', { name: 'Chat widget sections' });
    expect(within(tabList).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Styles', 'Form embed', 'Lead qualifier', 'Popup', 'AI schedule', 'Follow-ups',
    ]);
    expect(screen.getByRole('tab', { name: 'Styles' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'The chat widget needs a business number' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
  });

  it('switches tab through the address and shows the default follow-up schedule', async () => {
    const { router } = await renderScreen(ChatWidgetLayout, { path: '/chat-widget/styles', children: tabs, api: phoneApi() });
    await userEvent.click(screen.getByRole('tab', { name: 'Follow-ups' }));

    expect(await screen.findByRole('heading', { name: 'Default schedule' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chat-widget/follow-ups');
    const schedule = screen.getByRole('list', { name: 'Default schedule' });
    expect(within(schedule).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['+1 hour', '+1 day', '+3 days', '+7 days']);
  });

  it.each([
    ['/chat-widget/form-embed', 'The website form needs a business number'],
    ['/chat-widget/lead-qualifier', 'No qualifying questions yet'],
    ['/chat-widget/popup', 'No popup yet'],
    ['/chat-widget/ai-schedule', 'No times set for the assistant'],
  ])('%s shows its empty state', async (path, title) => {
    await renderScreen(ChatWidgetLayout, { path, children: tabs, api: phoneApi() });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  });

  it.each([
    ['/chat-widget/styles', 'The chat widget isn’t available yet'],
    ['/chat-widget/form-embed', 'The website form isn’t available yet'],
  ])('%s with a test number says the number is ready', async (path, title) => {
    await renderScreen(ChatWidgetLayout, { path, children: tabs, api: phoneApi(TEST_NUMBER) });
    expect(screen.queryByRole('link', { name: 'Set up your business number' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { ChatWidgetLayout } from './chat-widget-layout';
import { AiScheduleTab } from './ai-schedule-tab';
import { FollowUpsTab } from './follow-ups-tab';
import { FormEmbedTab } from './form-embed-tab';
import { LeadQualifierTab } from './lead-qualifier-tab';
import { PopupTab } from './popup-tab';
import { StylesTab } from './styles-tab';

import { AI } from './ai-test-fixtures';
import { NO_NUMBER, stubEmbedScript, widgetApi } from './test-fixtures';

const phoneApi = () => widgetApi({}, {}, NO_NUMBER);
afterEach(() => vi.unstubAllGlobals());

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
    stubEmbedScript(false);
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

  it('switches tab through the address; Follow-ups shows the real follow-ups (issue 23), read from the server', async () => {
    const api = phoneApi();
    const { router } = await renderScreen(ChatWidgetLayout, { path: '/chat-widget/styles', children: tabs, api });
    await userEvent.click(screen.getByRole('tab', { name: 'Follow-ups' }));
    expect(router.state.location.pathname).toBe('/chat-widget/follow-ups');
    // The tab asks the server for the follow-ups (follow-ups-tab.test.tsx covers the screen itself).
    await waitFor(() => expect(api.callsTo('flows.followUps.get').length).toBeGreaterThan(0));
    expect(screen.queryByText(/aren’t built yet/)).not.toBeInTheDocument();
  });

  it.each([
    ['/chat-widget/lead-qualifier', 'Questions the assistant asks'],
    ['/chat-widget/ai-schedule', 'Weekly off times'],
  ])('%s shows the assistant’s settings', async (path, title) => {
    await renderScreen(ChatWidgetLayout, { path, children: tabs, api: widgetApi({ 'ai.settings.get': () => AI }, {}, NO_NUMBER) });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  });
});

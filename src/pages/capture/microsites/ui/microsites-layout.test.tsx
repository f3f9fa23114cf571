import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { AdvancedTab } from './advanced-tab';
import { BasicTab } from './basic-tab';
import { ContentTab } from './content-tab';
import { DomainTab } from './domain-tab';
import { MicrositesLayout } from './microsites-layout';

const tabs = {
  'microsites/basic': BasicTab,
  'microsites/content': ContentTab,
  'microsites/advanced': AdvancedTab,
  'microsites/domain': DomainTab,
};

describe('MicrositesLayout', () => {
  it('shows the tabs and, on Basic, the company details as the next step', async () => {
    const { heading } = await renderScreen(MicrositesLayout, { path: '/microsites/basic', children: tabs });
    expect(heading).toHaveTextContent('Microsite');

    const tabList = screen.getByRole('tablist', { name: 'Microsite sections' });
    expect(within(tabList).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Basic', 'Content', 'Advanced', 'Domain']);
    expect(screen.getByRole('heading', { level: 2, name: 'No microsite yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check your company details' })).toHaveAttribute('href', '/settings/company');
  });

  it('Content: says microsites are not built, and asks for a service area only when none is set', async () => {
    const company = (serviceArea: string[]) => createFakeApi({ 'company.get': () => ({ address: { serviceArea } }) });
    const view = await renderScreen(MicrositesLayout, { path: '/microsites/content', children: tabs, api: company([]) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Microsites aren’t built yet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Added for you' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Set your service area' })).toHaveAttribute('href', '/settings/address');
    view.unmount();

    await renderScreen(MicrositesLayout, { path: '/microsites/content', children: tabs, api: company(['78701', '78702']) });
    expect(await screen.findByTestId('microsite-service-area')).toHaveTextContent('Your service area (from Settings → Address): 78701, 78702');
    expect(screen.queryByRole('link', { name: 'Set your service area' })).not.toBeInTheDocument();
  });

  it.each([
    ['/microsites/advanced', 'Nothing to adjust yet'],
    ['/microsites/domain', 'No web address yet'],
  ])('%s shows its empty state and links to Basic', async (path, title) => {
    await renderScreen(MicrositesLayout, { path, children: tabs });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start with the basics' })).toHaveAttribute('href', '/microsites/basic');
  });
});

import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { isCanadianCompany, trialDaysLeft } from '@/entities/company';
import { FEATURES } from '@/shared/config';
import { activeNavItem, isSoon, NAVIGATION } from '../model/navigation';
import { CanadaBanner, localDay, TrialBanner } from './banners';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21, 12);

describe('navigation', () => {
  it('groups every area the way an owner thinks about the business', () => {
    expect(NAVIGATION.map((g) => g.label)).toEqual(['Leads & inbox', 'Capture', 'Automation', 'Business', 'Settings']);
    const targets = NAVIGATION.flatMap((g) => g.items.map((i) => i.to));
    for (const area of ['/dashboard', '/leads', '/clients', '/conversations', '/notifications', '/chat-widget', '/missed-calls', '/ai-call-answering', '/microsites', '/flows', '/logs', '/users', '/external-integrations', '/integrations', '/scheduling', '/email-gateway', '/review-requests', '/referral-thank-you', '/settings/company']) {
      expect(targets).toContain(area);
    }
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/clients/42', 'Clients'],
    ['/chat-widget/popup', 'Chat widget'],
    // Every settings tab has its own entry (issue 16: Address and Texting registration had none).
    ['/settings/address', 'Address'],
    ['/settings/phone/application', 'Texting registration'],
    ['/settings/phone', 'Phone'],
    ['/integrations', 'Webhooks'],
    ['/external-integrations', 'Integrations'],
    ['/leads/', 'Leads'],
  ])('marks the right item on %s', (path, label) => {
    expect(activeNavItem(path)?.label).toBe(label);
  });

  it('marks the features not built yet as "soon", and only those: "soon" is read from the flag the screen reads', () => {
    const soon = NAVIGATION.flatMap((g) => g.items.filter(isSoon).map((i) => i.label));
    expect(soon).toEqual([]);
    // A built feature is never "soon": every item with a flag that is on, the AI assistant first.
    for (const item of NAVIGATION.flatMap((g) => g.items)) {
      if (item.feature) expect(isSoon(item), item.label).toBe(!FEATURES[item.feature]);
    }
    expect(isSoon(NAVIGATION.flatMap((g) => g.items).find((i) => i.to === '/settings/ai')!)).toBe(false);
    const settings = NAVIGATION.find((g) => g.label === 'Settings')!.items.map((i) => i.to);
    expect(settings).toEqual(['/settings/company', '/settings/address', '/settings/phone', '/settings/phone/application', '/settings/ai', '/settings/subscription', '/settings/api-keys']);
  });

  it('marks nothing on a page outside the navigation', () => {
    expect(activeNavItem('/onboarding')).toBeNull();
  });
});

describe('trial and Canada', () => {
  it('counts trial days left, a started day counting as one', () => {
    expect(trialDaysLeft(NOW + 14 * DAY, NOW)).toBe(14);
    expect(trialDaysLeft(NOW + 13 * DAY + 1, NOW)).toBe(14);
    expect(trialDaysLeft(NOW + 1, NOW)).toBe(1);
    expect(trialDaysLeft(NOW - DAY, NOW)).toBe(0);
  });

  it('treats a company as Canadian by its country, else by its sign-up phone', () => {
    const canadianPhone = (phone: string) => phone.startsWith('+1416');
    expect(isCanadianCompany({ country: 'CA', signupPhone: null }, canadianPhone)).toBe(true);
    expect(isCanadianCompany({ country: null, signupPhone: '+14165550123' }, canadianPhone)).toBe(true);
    expect(isCanadianCompany({ country: 'US', signupPhone: '+14165550123' }, canadianPhone)).toBe(false);
    expect(isCanadianCompany({ country: null, signupPhone: null }, canadianPhone)).toBe(false);
  });
});

async function renderInRouter(ui: ReactNode) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const route = createRoute({ getParentRoute: () => root, path: '$', component: () => <>{ui}</> });
  const router = createRouter({ routeTree: root.addChildren([route]), history: createMemoryHistory({ initialEntries: ['/dashboard'] }) });
  await router.load();
  return render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const company = { id: 'c1', plan: 'trial', trialEndsAt: NOW + 14 * DAY, country: 'US', signupPhone: '+14155552671' };

describe('banners', () => {
  it('shows the days left with an upgrade link, and stays dismissed', async () => {
    await renderInRouter(<TrialBanner company={company} now={NOW} />);
    const banner = await screen.findByTestId('trial-banner');
    expect(banner).toHaveTextContent('14 days left in your free 14-day trial.');
    expect(screen.getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/settings/subscription');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss trial reminder for today' }));
    expect(screen.queryByTestId('trial-banner')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(`leadloop.dismissed.trial.c1.${localDay(NOW)}`)).toBe('1');
  });

  it('stays dismissed for the rest of the day and comes back the next day', async () => {
    window.localStorage.clear();
    const { unmount } = await renderInRouter(<TrialBanner company={company} now={NOW} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss trial reminder for today' }));
    unmount();
    // Later the same day (the browser's calendar day): still gone.
    const laterToday = new Date(NOW);
    laterToday.setHours(23, 59, 0, 0);
    const again = await renderInRouter(<TrialBanner company={company} now={laterToday.getTime()} />);
    expect(screen.queryByTestId('trial-banner')).not.toBeInTheDocument();
    again.unmount();
    // The next morning, with one day fewer: back.
    await renderInRouter(<TrialBanner company={company} now={laterToday.getTime() + 60 * 60_000} />);
    expect(await screen.findByTestId('trial-banner')).toHaveTextContent('left in your free 14-day trial.');
  });

  it('says the calendar day in the browser’s zone', () => {
    expect(localDay(new Date(2026, 0, 5, 0, 30).getTime())).toBe('2026-01-05');
    expect(localDay(new Date(2026, 11, 31, 23, 59).getTime())).toBe('2026-12-31');
  });

  it('has a short wording for phones, so it is one line', async () => {
    await renderInRouter(<TrialBanner company={company} now={NOW} />);
    const banner = await screen.findByTestId('trial-banner');
    expect(within(banner).getByText('14 days left in your trial.')).toBeInTheDocument();
  });

  it('says when the trial has ended, and is absent on a paid plan', async () => {
    await renderInRouter(
      <>
        <TrialBanner company={{ ...company, trialEndsAt: NOW - DAY }} now={NOW} />
        <TrialBanner company={{ ...company, id: 'c2', plan: 'pro' }} now={NOW} />
      </>,
    );
    expect(await screen.findByTestId('trial-banner')).toHaveTextContent('Your free trial has ended: AI replies and flow texts are paused.');
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/settings/subscription');
    expect(screen.getAllByTestId('trial-banner')).toHaveLength(1);
  });

  it('shows the Canada notice only to Canadian companies', async () => {
    await renderInRouter(
      <>
        <CanadaBanner company={{ ...company, country: 'CA' }} />
        <CanadaBanner company={{ ...company, id: 'c3' }} />
      </>,
    );
    expect(await screen.findAllByTestId('canada-banner')).toHaveLength(1);
    expect(screen.getByTestId('canada-banner')).toHaveTextContent('CASL');
    expect(screen.getByTestId('canada-banner')).toHaveTextContent('6 months after an inquiry and 2 years after a purchase');
    expect(screen.getByRole('link', { name: 'What applies to you' })).toHaveAttribute('href', '/settings/phone/application#canada');
  });
});

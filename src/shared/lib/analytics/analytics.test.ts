import { describe, expect, it, vi } from 'vitest';
import { analyticsIdentifyPayload, createAnalytics, type PosthogLike } from './analytics';

const identity = {
  user: { id: 'user-1', email: 'dana@acme.test', firstName: 'Dana', lastName: 'Rivera' },
  company: { id: 'company-9', name: 'Acme Plumbing' },
};

function fakePosthog() {
  const posthog = { init: vi.fn(), identify: vi.fn(), capture: vi.fn(), reset: vi.fn() } satisfies PosthogLike;
  return { posthog, load: vi.fn(async () => posthog) };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('analytics', () => {
  it('identifies with user id, email, full name, company name and company id', () => {
    expect(analyticsIdentifyPayload(identity)).toEqual([
      'user-1',
      { email: 'dana@acme.test', name: 'Dana Rivera', company_name: 'Acme Plumbing', company_id: 'company-9' },
    ]);
  });

  it('starts with the public key and identified-only person profiles, then identifies once', async () => {
    const { posthog, load } = fakePosthog();
    const analytics = createAnalytics({ key: 'phc_public', host: 'https://us.i.posthog.com', load });
    analytics.identify(identity);
    analytics.identify(identity);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(posthog.init).toHaveBeenCalledWith('phc_public', expect.objectContaining({ api_host: 'https://us.i.posthog.com', person_profiles: 'identified_only' }));
    expect(posthog.identify).toHaveBeenCalledTimes(1);
    expect(posthog.identify).toHaveBeenCalledWith('user-1', { email: 'dana@acme.test', name: 'Dana Rivera', company_name: 'Acme Plumbing', company_id: 'company-9' });
  });

  it('records a page view per navigation and resets on sign-out', async () => {
    const { posthog, load } = fakePosthog();
    const analytics = createAnalytics({ key: 'k', host: 'https://h.test', load });
    analytics.pageView('/dashboard');
    analytics.pageView('/leads');
    analytics.reset();
    await flush();
    expect(posthog.capture.mock.calls).toEqual([
      ['$pageview', { $current_url: '/dashboard' }],
      ['$pageview', { $current_url: '/leads' }],
    ]);
    expect(posthog.reset).toHaveBeenCalledTimes(1);
  });

  it('without a key loads nothing and does nothing', async () => {
    const { load } = fakePosthog();
    const analytics = createAnalytics({ key: undefined, host: 'https://h.test', load });
    analytics.pageView('/');
    analytics.identify(identity);
    analytics.reset();
    await flush();
    expect(analytics.enabled).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });
});

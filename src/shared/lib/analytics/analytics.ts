/**
 * Product analytics (PostHog), only when a key is configured: the library is loaded lazily on first use, so
 * without a key nothing is downloaded and no third-party request is made.
 */
import { fullName } from '@contracts/person';

export interface AnalyticsIdentity {
  user: { id: string; email: string; firstName: string; lastName: string };
  company: { id: string; name: string };
}

/** The subset of posthog-js we use. */
export interface PosthogLike {
  init(key: string, options: { api_host: string; person_profiles: 'identified_only'; capture_pageview: boolean; capture_pageleave?: boolean }): unknown;
  identify(distinctId: string, properties: Record<string, unknown>): void;
  capture(event: string, properties?: Record<string, unknown>): unknown;
  reset(): void;
}

export interface Analytics {
  readonly enabled: boolean;
  pageView(url: string): void;
  identify(identity: AnalyticsIdentity): void;
  reset(): void;
}

/** Spec section 3: identified with user id, email, full name, company name and company id. */
export function analyticsIdentifyPayload({ user, company }: AnalyticsIdentity): [string, Record<string, string>] {
  return [
    user.id,
    {
      email: user.email,
      name: fullName(user),
      company_name: company.name,
      company_id: company.id,
    },
  ];
}

export function createAnalytics(options: { key: string | undefined; host: string; load: () => Promise<PosthogLike> }): Analytics {
  if (!options.key) {
    return { enabled: false, pageView() {}, identify() {}, reset() {} };
  }
  const key = options.key;
  let client: Promise<PosthogLike> | null = null;
  let identifiedAs: string | null = null;
  const ready = () =>
    (client ??= options.load().then((posthog) => {
      // Page views are sent by us on each navigation (the router knows when one happens).
      posthog.init(key, { api_host: options.host, person_profiles: 'identified_only', capture_pageview: false, capture_pageleave: true });
      return posthog;
    }));
  const run = (action: (posthog: PosthogLike) => void) => {
    ready()
      .then(action)
      .catch((error: unknown) => console.warn('Analytics unavailable:', error));
  };
  return {
    enabled: true,
    pageView(url) {
      run((posthog) => posthog.capture('$pageview', { $current_url: url }));
    },
    identify(identity) {
      const [id, properties] = analyticsIdentifyPayload(identity);
      if (identifiedAs === id) return;
      identifiedAs = id;
      run((posthog) => posthog.identify(id, properties));
    },
    reset() {
      identifiedAs = null;
      if (client) run((posthog) => posthog.reset());
    },
  };
}

import { config } from '@/shared/config';
import { type Analytics, createAnalytics, type PosthogLike } from './analytics';

export { type Analytics, type AnalyticsIdentity, analyticsIdentifyPayload, createAnalytics, type PosthogLike } from './analytics';

/** The app's analytics: PostHog when VITE_POSTHOG_KEY is set, loaded on first use; otherwise inert. */
export const analytics: Analytics = createAnalytics({
  key: config.VITE_POSTHOG_KEY,
  host: config.VITE_POSTHOG_HOST,
  load: () => import('posthog-js').then((module) => module.default as unknown as PosthogLike),
});

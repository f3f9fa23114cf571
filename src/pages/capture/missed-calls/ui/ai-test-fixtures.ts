/** Test data for the AI agent tab's web tests (imported by *.test.tsx only). */
import { DEFAULT_AI_SETTINGS } from '@contracts/ai';
import type { ApiHandlers } from '@/shared/lib/test';
import { missedCallsApi, SETTINGS, TEST_NUMBER } from './test-fixtures';

/** What `ai.settings.get` answers: the saved values, the version, and the server's "on now?". */
export const AI = {
  ...DEFAULT_AI_SETTINGS,
  enabled: true,
  version: 4,
  updatedAt: 1_790_000_000_000,
  canEdit: true,
  timezone: 'America/Chicago',
  now: { on: true, why: 'On (no off window now)' },
  defaults: DEFAULT_AI_SETTINGS,
  addressServiceArea: [] as string[],
};
export type AiFixture = typeof AI;

/** The missed-calls fake API plus the AI settings, with an update that answers the saved settings one version on. */
export function agentApi(handlers: ApiHandlers = {}, settings: Partial<AiFixture> = {}, phone: Parameters<typeof missedCallsApi>[1] = TEST_NUMBER, textBackOn = true) {
  return missedCallsApi(
    {
      'missedCalls.settings.get': () => ({ ...SETTINGS, enabled: textBackOn }),
      'ai.settings.get': () => ({ ...AI, ...settings }),
      'ai.settings.update': (input) => {
        const { expectedVersion, ...changes } = input as { expectedVersion: number } & Partial<AiFixture>;
        return { ...AI, ...settings, ...changes, version: expectedVersion + 1 };
      },
      ...handlers,
    },
    phone,
  );
}

/** Test data for the Lead qualifier and AI schedule tabs' web tests (imported by *.test.tsx only). */
import { DEFAULT_AI_SETTINGS } from '@contracts/ai';
import { type ApiHandlers, createFakeApi } from '@/shared/lib/test';
import { TEST_NUMBER } from './test-fixtures';

/** What `ai.settings.get` answers: the saved values, the version, and the server's "on now?" in the company's zone. */
export const AI = {
  ...DEFAULT_AI_SETTINGS,
  enabled: true,
  version: 7,
  updatedAt: 1_790_000_000_000,
  canEdit: true,
  timezone: 'America/Chicago',
  now: { on: true, why: 'On (no off window now)' },
  defaults: DEFAULT_AI_SETTINGS,
  addressServiceArea: [] as string[],
};
export type AiFixture = typeof AI;

/** A fake API for the AI tabs: the settings as given, and an update that answers the saved settings one version on. */
export function aiApi(handlers: ApiHandlers = {}, settings: Partial<AiFixture> = {}) {
  return createFakeApi({
    'phone.get': () => TEST_NUMBER,
    'company.get': () => ({ name: 'Acme Heating', trade: 'hvac' }),
    'ai.settings.get': () => ({ ...AI, ...settings }),
    'ai.settings.update': (input) => {
      const { expectedVersion, ...changes } = input as { expectedVersion: number } & Partial<AiFixture>;
      return { ...AI, ...settings, ...changes, version: expectedVersion + 1 };
    },
    ...handlers,
  });
}

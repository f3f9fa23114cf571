/** Test data for the Missed calls tabs' web tests (imported by *.test.tsx only). */
import { DEFAULT_MISSED_CALL_SETTINGS } from '@contracts/call';
import { type ApiHandlers, createFakeApi } from '@/shared/lib/test';

export const NO_NUMBER = { number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] };
export const TEST_NUMBER = { ...NO_NUMBER, number: { id: 'n1', e164: '+13125550100', provider: 'simulator' as const } };

export const SETTINGS = {
  ...DEFAULT_MISSED_CALL_SETTINGS,
  forwardTo: '+13125550199',
  businessHours: null,
  timezone: 'America/Chicago',
  defaults: DEFAULT_MISSED_CALL_SETTINGS,
};

export function missedCallsApi(handlers: ApiHandlers = {}, phone: typeof NO_NUMBER | typeof TEST_NUMBER = TEST_NUMBER) {
  return createFakeApi({
    'phone.get': () => phone,
    'company.get': () => ({ name: 'Acme Plumbing' }),
    'missedCalls.settings.get': () => SETTINGS,
    'calls.list': () => ({ items: [], nextCursor: null }),
    'recordings.greeting': () => null,
    ...handlers,
  });
}

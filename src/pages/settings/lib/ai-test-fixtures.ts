/** Test data for Settings → AI's web tests (imported by *.test.tsx only). */
import { DEFAULT_AI_SETTINGS } from '@contracts/ai';
import { type ApiHandlers, createFakeApi } from '@/shared/lib/test';

export const AI_SETTINGS = {
  ...DEFAULT_AI_SETTINGS,
  version: 5,
  updatedAt: 1_790_000_000_000,
  canEdit: true,
  timezone: 'America/Chicago',
  now: { on: false, why: 'The assistant is turned off' },
  defaults: DEFAULT_AI_SETTINGS,
  addressServiceArea: [] as string[],
};
export type AiSettingsFixture = typeof AI_SETTINGS;

export const PROPOSED_ITEM = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Drain cleaning',
  minCents: 15000,
  maxCents: 25000,
  unit: 'per drain',
  status: 'proposed' as 'proposed' | 'approved',
  source: { file: 'prices-2026.pdf', page: 2, line: 14, text: 'Drain cleaning ........ $150 - $250 per drain' } as { file: string; page: number | null; line: number | null; text: string | null } | null,
  updatedAt: 1_790_000_000_000,
};
export const SECOND_PROPOSED_ITEM = { ...PROPOSED_ITEM, id: '22222222-2222-4222-8222-222222222222', name: 'Water heater flush', minCents: 9500, maxCents: 9500, unit: '', source: { file: 'prices-2026.pdf', page: 3, line: 2, text: 'Water heater flush $95' } };
export const APPROVED_ITEM = { ...PROPOSED_ITEM, id: '33333333-3333-4333-8333-333333333333', name: 'Service call', minCents: 8900, maxCents: 8900, unit: 'per visit', status: 'approved' as const, source: null };
export type PriceItemFixture = typeof PROPOSED_ITEM;

export const BUSINESS_NUMBER = { number: { id: 'n1', e164: '+13125550100', provider: 'simulator' as const }, twilioConfigured: false, alertPhone: null, protectedNumbers: [] };

/** A fake API for the AI tab: the saved settings, a business number, a company name, and the price book given. */
export function aiApi(handlers: ApiHandlers = {}, settings: Partial<AiSettingsFixture> = {}, items: PriceItemFixture[] = []) {
  return createFakeApi({
    'phone.get': () => BUSINESS_NUMBER,
    'company.get': () => ({ name: 'Acme Plumbing' }),
    'ai.settings.get': () => ({ ...AI_SETTINGS, ...settings }),
    'ai.settings.update': (input) => {
      const { expectedVersion, ...changes } = input as { expectedVersion: number } & Partial<AiSettingsFixture>;
      return { ...AI_SETTINGS, ...settings, ...changes, version: expectedVersion + 1 };
    },
    'ai.priceBook.list': () => items,
    ...handlers,
  });
}

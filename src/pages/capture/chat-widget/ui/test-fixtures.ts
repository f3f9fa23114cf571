/** Test data for the Chat widget tabs' web tests (imported by *.test.tsx only). */
import { vi } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS } from '@contracts/widget';
import { type ApiHandlers, createFakeApi } from '@/shared/lib/test';

export const NO_NUMBER = { number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] };
export const TEST_NUMBER = { ...NO_NUMBER, number: { id: 'n1', e164: '+13125550100', provider: 'simulator' as const } };

export const WIDGET = {
  ...DEFAULT_WIDGET_SETTINGS,
  publicKey: 'wk_abcdefghijklmnopqrstuvwxyz012345',
  version: 3,
  updatedAt: 1_790_000_000_000,
  defaults: DEFAULT_WIDGET_SETTINGS,
  canEdit: true,
  // The app's own address, as the server's PUBLIC_URL is when the app is opened where it is set up.
  scriptUrl: `${window.location.origin}/widget.js`,
  avatarHash: null as string | null,
  avatarUrl: null as string | null,
};
export type WidgetFixture = typeof WIDGET;

export function widgetApi(handlers: ApiHandlers = {}, settings: Partial<WidgetFixture> = {}, phone: typeof NO_NUMBER | typeof TEST_NUMBER = TEST_NUMBER) {
  return createFakeApi({
    'phone.get': () => phone,
    'company.get': () => ({ name: 'Acme Plumbing' }),
    'widget.settings.get': () => ({ ...WIDGET, ...settings }),
    'widget.settings.update': (input) => {
      const { expectedVersion, ...changes } = input as { expectedVersion: number } & Partial<WidgetFixture>;
      return { ...WIDGET, ...settings, ...changes, version: expectedVersion + 1 };
    },
    ...handlers,
  });
}

/** Answers the HEAD /widget.js the preview asks: whether this server serves the embed script. */
export function stubEmbedScript(available: boolean) {
  const fetchMock = vi.fn(async () => new Response(null, { status: available ? 200 : 404, headers: { 'content-type': available ? 'application/javascript; charset=utf-8' : 'text/plain' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

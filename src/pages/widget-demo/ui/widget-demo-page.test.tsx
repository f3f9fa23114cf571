import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS } from '@contracts/widget';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { WidgetDemoPage } from './widget-demo-page';

const WIDGET = {
  ...DEFAULT_WIDGET_SETTINGS,
  publicKey: 'wk_abcdefghijklmnopqrstuvwxyz012345',
  version: 2,
  updatedAt: 1_790_000_000_000,
  defaults: DEFAULT_WIDGET_SETTINGS,
  canEdit: true,
  // The app's own address, as the server's PUBLIC_URL is when the app is opened where it is set up.
  scriptUrl: `${window.location.origin}/widget.js`,
};
const api = (settings: Partial<typeof WIDGET> = {}) =>
  createFakeApi({ 'widget.settings.get': () => ({ ...WIDGET, ...settings }), 'company.get': () => ({ name: 'Acme Plumbing' }) });
const stubScript = (available: boolean) =>
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: available ? 200 : 404, headers: { 'content-type': available ? 'text/javascript' : 'text/plain' } })));

afterEach(() => vi.unstubAllGlobals());

describe('/widget-demo', () => {
  it('shows the real widget with the company’s key and the inline form on a sample business page', async () => {
    stubScript(true);
    await renderScreen(WidgetDemoPage, { path: '/widget-demo', api: api({ enabled: true, allowedDomains: ['acme.test'] }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Try your chat widget' })).toBeInTheDocument();
    const frame = await screen.findByTitle('Sample business page with your chat widget');
    expect(frame).toHaveAttribute('src', `/public/widget/sample-page?key=${WIDGET.publicKey}&form=1&v=2`);
  });

  it('opened at another address than the server’s PUBLIC_URL: says why the widget can’t show, and how to fix it', async () => {
    stubScript(true);
    await renderScreen(WidgetDemoPage, { path: '/widget-demo', api: api({ enabled: true, allowedDomains: ['acme.test'], scriptUrl: 'http://localhost:3320/widget.js' }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The widget can’t show at this address');
    expect(alert).toHaveTextContent(`LeadLoop is set up at http://localhost:3320 (its PUBLIC_URL), but this page is open at ${window.location.origin}.`);
    expect(screen.getByRole('link', { name: 'Open this page at http://localhost:3320' })).toHaveAttribute('href', 'http://localhost:3320/widget-demo');
    expect(screen.queryByTitle('Sample business page with your chat widget')).not.toBeInTheDocument();
  });

  it('says plainly when the embed is not built yet', async () => {
    stubScript(false);
    await renderScreen(WidgetDemoPage, { path: '/widget-demo', api: api({ enabled: true, allowedDomains: ['acme.test'] }) });
    expect(await screen.findByText('The widget appears here once the embed is built')).toBeInTheDocument();
    expect(screen.queryByTitle('Sample business page with your chat widget')).not.toBeInTheDocument();
  });

  it('says the widget is off instead of drawing one', async () => {
    stubScript(true);
    await renderScreen(WidgetDemoPage, { path: '/widget-demo', api: api() });
    expect(await screen.findByText('The widget is off')).toBeInTheDocument();
  });
});

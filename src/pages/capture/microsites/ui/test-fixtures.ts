/** Test data for the Microsite tabs' web tests (imported by *.test.tsx only). */
import { DEFAULT_MICROSITE_ADVANCED, DEFAULT_MICROSITE_CONTENT } from '@contracts/microsites';
import { type ApiHandlers, createFakeApi } from '@/shared/lib/test';
import type { MicrositeView } from '@/entities/company';

export const SITE: MicrositeView = {
  exists: true,
  version: 1_790_000_000_000,
  canEdit: true,
  slug: 'acme-plumbing',
  published: true,
  firstPublishedAt: 1_790_000_000_000,
  basic: { name: 'Acme Plumbing', tagline: 'Fast, friendly plumbing', primaryColor: '#1864ab', accentColor: '#087f5b', logoFileId: null, cta: 'text' },
  logo: null,
  content: { ...DEFAULT_MICROSITE_CONTENT, heroHeadline: 'Leaks fixed today' },
  advanced: DEFAULT_MICROSITE_ADVANCED,
  customDomain: null,
  domainCheck: null,
  urls: { path: 'https://app.leadloop.test/m/acme-plumbing', subdomain: 'https://acme-plumbing.sites.leadloop.test', custom: null, public: 'https://acme-plumbing.sites.leadloop.test' },
  micrositeDomain: 'sites.leadloop.test',
  dnsTarget: 'acme-plumbing.sites.leadloop.test',
  facts: { companyName: 'Acme Plumbing', services: ['Drain cleaning', 'Water heaters'], faq: [{ question: 'Weekends?', answer: 'Yes' }], serviceArea: ['78701', '78702'], businessPhone: '+14155550150', widgetEnabled: false },
};

export const NEW_SITE: MicrositeView = { ...SITE, exists: false, published: false, version: 0, firstPublishedAt: null };

/** A fake API over one site: saves answer the site with the tab's changes and a newer version. */
export function micrositeApi(site: MicrositeView = SITE, handlers: ApiHandlers = {}) {
  let current = site;
  const saved = (patch: (input: Record<string, unknown>) => Partial<MicrositeView>) => (input: unknown) => {
    const { expectedVersion: _v, ...fields } = input as Record<string, unknown>;
    current = { ...current, ...patch(fields), exists: true, version: current.version + 1000 };
    return current;
  };
  return createFakeApi({
    'microsites.get': () => current,
    'microsites.preview': () => ({ html: current.exists ? '<!DOCTYPE html><html lang="en"><head><title>Acme</title></head><body><h1>Leaks fixed today</h1></body></html>' : null }),
    'microsites.saveBasic': saved((fields) => ({ basic: fields as MicrositeView['basic'], published: true })),
    'microsites.saveContent': saved((fields) => ({ content: fields as MicrositeView['content'] })),
    'microsites.saveAdvanced': saved((fields) => ({ advanced: fields as MicrositeView['advanced'] })),
    'microsites.setPublished': saved((fields) => ({ published: fields.published as boolean })),
    ...handlers,
  });
}

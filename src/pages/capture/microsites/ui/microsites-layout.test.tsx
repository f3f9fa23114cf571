import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, renderScreen } from '@/shared/lib/test';
import { AdvancedTab } from './advanced-tab';
import { BasicTab } from './basic-tab';
import { ContentTab } from './content-tab';
import { DomainTab } from './domain-tab';
import { MicrositesLayout } from './microsites-layout';
import { micrositeApi, NEW_SITE, SITE } from './test-fixtures';

const tabs = {
  'microsites/basic': BasicTab,
  'microsites/content': ContentTab,
  'microsites/advanced': AdvancedTab,
  'microsites/domain': DomainTab,
};

const open = (path: string, api = micrositeApi()) => renderScreen(MicrositesLayout, { path, children: tabs, api }).then(() => api);

describe('Microsites', () => {
  it.each(['/microsites/basic', '/microsites/content', '/microsites/advanced', '/microsites/domain'])('%s shows the public address with Open, the switch and the preview', async (path) => {
    await open(path);
    const tabList = screen.getByRole('tablist', { name: 'Microsite sections' });
    expect(within(tabList).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Basic', 'Content', 'Advanced', 'Domain']);
    const address = await screen.findByTestId('microsite-address');
    expect(address).toHaveTextContent('https://acme-plumbing.sites.leadloop.test');
    expect(address).toHaveTextContent('Also at: https://app.leadloop.test/m/acme-plumbing');
    expect(within(address).getByRole('link', { name: /Open/ })).toHaveAttribute('href', 'https://acme-plumbing.sites.leadloop.test');
    expect(within(address).getByRole('switch', { name: /Live/ })).toBeChecked();
    const preview = await screen.findByTitle('Preview of your microsite');
    expect(preview).toHaveAttribute('sandbox', '');
    await waitFor(() => expect(preview.getAttribute('srcdoc')).toContain('<h1>Leaks fixed today</h1>'));
  });

  it('Basic, before the first save: says where the page will go live, and Save publishes it', async () => {
    const api = await open('/microsites/basic', micrositeApi(NEW_SITE));
    expect(await screen.findByText('Your page isn’t live yet')).toBeInTheDocument();
    expect(screen.getByTestId('microsite-address')).toHaveTextContent('https://acme-plumbing.sites.leadloop.test');
    expect(screen.queryByTitle('Preview of your microsite')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Business name' })).toHaveValue('Acme Plumbing');
    await userEvent.click(screen.getByRole('radio', { name: 'Call us' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    await waitFor(() => expect(api.callsTo('microsites.saveBasic')).toHaveLength(1));
    expect(api.callsTo('microsites.saveBasic')[0]).toEqual({ ...SITE.basic, cta: 'call', expectedVersion: 0 });
    expect(await screen.findByRole('switch', { name: /Live/ })).toBeChecked();
  });

  it('Basic: a colour too light for white text is refused with its contrast, before anything is sent', async () => {
    const api = await open('/microsites/basic');
    const main = await screen.findByRole('textbox', { name: 'Main colour (buttons, links)' });
    await userEvent.clear(main);
    await userEvent.type(main, '#ffd43b');
    expect(await screen.findByText(/The main colour is too light for white text \(contrast 1\.\d:1, needs 4\.5:1\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save basics' }));
    expect(api.callsTo('microsites.saveBasic')).toEqual([]);
  });

  it('Basic: the server’s refusal shows under its field, what was typed stays', async () => {
    const api = micrositeApi(SITE, { 'microsites.saveBasic': () => { throw apiError('BAD_REQUEST', 'Invalid input', { name: ['The business name has characters that cannot be shown'] }); } });
    await open('/microsites/basic', api);
    const name = await screen.findByRole('textbox', { name: 'Business name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme <Plumbing>');
    await userEvent.click(screen.getByRole('button', { name: 'Save basics' }));
    expect(await screen.findByText('The business name has characters that cannot be shown')).toBeInTheDocument();
    expect(name).toHaveValue('Acme <Plumbing>');
  });

  it('Content: services and FAQ come from Settings → AI, the area from Settings → Address; reviews are added and saved', async () => {
    const api = await open('/microsites/content');
    expect(await screen.findByTestId('microsite-service-area')).toHaveTextContent('Your service area (from Settings → Address): 78701, 78702');
    expect(screen.queryByRole('textbox', { name: /service area/i })).not.toBeInTheDocument();
    expect(screen.getByText(/1 question in your FAQ\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Water heaters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a review' }));
    const review = screen.getByRole('group', { name: 'Review 1' });
    await userEvent.type(within(review).getByRole('textbox', { name: 'What they said' }), 'Fixed our leak in an hour.');
    await userEvent.type(within(review).getByRole('textbox', { name: 'Their name' }), 'Sam R.');
    await userEvent.click(screen.getByRole('button', { name: 'Save content' }));
    await waitFor(() => expect(api.callsTo('microsites.saveContent')).toHaveLength(1));
    expect(api.callsTo('microsites.saveContent')[0]).toEqual({
      heroHeadline: 'Leaks fixed today',
      heroText: '',
      hiddenServices: ['Water heaters'],
      showServiceArea: true,
      showFaq: true,
      reviews: [{ quote: 'Fixed our leak in an hour.', name: 'Sam R.', stars: 5 }],
      expectedVersion: SITE.version,
    });
  });

  it('Content: an empty review is named before saving', async () => {
    const api = await open('/microsites/content');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a review' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save content' }));
    expect(await screen.findByText('The review cannot be empty')).toBeInTheDocument();
    expect(api.callsTo('microsites.saveContent')).toEqual([]);
  });

  it.each(['/microsites/content', '/microsites/advanced', '/microsites/domain'])('%s before the first save points to Basic', async (path) => {
    await open(path, micrositeApi(NEW_SITE));
    expect(await screen.findByText('Start with the basics')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Basic' })).toHaveAttribute('href', '/microsites/basic');
  });

  it('Advanced: tracking takes ids only — a code snippet is refused; ids are saved', async () => {
    const api = await open('/microsites/advanced');
    const ga4 = await screen.findByRole('textbox', { name: 'Google Analytics 4 measurement id' });
    await userEvent.type(ga4, '<script>gtag()</script>');
    await userEvent.click(screen.getByRole('button', { name: 'Save advanced settings' }));
    expect(await screen.findByText(/That is not a Google Analytics 4 measurement id: it looks like G-AB12CD34EF/)).toBeInTheDocument();
    expect(api.callsTo('microsites.saveAdvanced')).toEqual([]);
    await userEvent.clear(ga4);
    await userEvent.type(ga4, 'g-ab12cd34ef');
    await userEvent.click(screen.getByRole('switch', { name: /Hide my page from search engines/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save advanced settings' }));
    await waitFor(() => expect(api.callsTo('microsites.saveAdvanced')).toHaveLength(1));
    expect(api.callsTo('microsites.saveAdvanced')[0]).toMatchObject({ tracking: { ga4: 'g-ab12cd34ef', gtm: null, metaPixel: null }, noindex: true, expectedVersion: SITE.version });
  });

  it('Domain: a custom domain is saved and checked; what is missing is said in words; Check again asks again', async () => {
    const missing = {
      ...SITE,
      customDomain: 'www.acmeplumbing.example',
      domainCheck: {
        domain: 'www.acmeplumbing.example',
        ok: false,
        expected: { cname: 'CNAME www.acmeplumbing.example → acme-plumbing.sites.leadloop.test', addresses: [] },
        found: { cname: [], addresses: [] },
        problems: ['www.acmeplumbing.example has no CNAME record. Add a CNAME record for www.acmeplumbing.example pointing to acme-plumbing.sites.leadloop.test.'],
        checkedAt: 1_790_000_000_000,
      },
    };
    const api = micrositeApi(SITE, { 'microsites.setCustomDomain': () => missing, 'microsites.checkDomain': () => ({ ...missing, domainCheck: { ...missing.domainCheck, ok: true, problems: [] } }) });
    await open('/microsites/domain', api);
    expect(await screen.findByRole('table', { name: 'DNS record to create' })).toHaveTextContent('CNAME');
    await userEvent.type(screen.getByRole('textbox', { name: 'Domain' }), 'https://www.acmeplumbing.example/');
    await userEvent.click(screen.getByRole('button', { name: 'Save and check' }));
    await waitFor(() => expect(api.callsTo('microsites.setCustomDomain')).toEqual([{ domain: 'www.acmeplumbing.example' }]));
    expect(await screen.findByText('Not connected yet')).toBeInTheDocument();
    expect(screen.getByText(/has no CNAME record\. Add a CNAME record for www\.acmeplumbing\.example pointing to acme-plumbing\.sites\.leadloop\.test/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Connected')).toBeInTheDocument();
  });

  it('Domain: a taken address says so with a free one to try', async () => {
    const api = micrositeApi(SITE, { 'microsites.setSlug': () => { throw apiError('BAD_REQUEST', 'taken', { slug: ['The address “bravo” is taken by another business. Try “bravo-2”.'] }); } });
    await open('/microsites/domain', api);
    const slug = await screen.findByRole('textbox', { name: 'Address name' });
    await userEvent.clear(slug);
    await userEvent.type(slug, 'www');
    await userEvent.click(screen.getByRole('button', { name: 'Change address' }));
    expect(await screen.findByText('“www” is reserved. Please choose another address.')).toBeInTheDocument();
    await userEvent.clear(slug);
    await userEvent.type(slug, 'bravo');
    await userEvent.click(screen.getByRole('button', { name: 'Change address' }));
    expect(await screen.findByText('The address “bravo” is taken by another business. Try “bravo-2”.')).toBeInTheDocument();
  });

  it('the switch takes the page offline at once', async () => {
    const api = await open('/microsites/basic');
    await userEvent.click(await screen.findByRole('switch', { name: /Live/ }));
    await waitFor(() => expect(api.callsTo('microsites.setPublished')).toEqual([{ published: false }]));
    expect(await screen.findByRole('switch', { name: /Offline/ })).not.toBeChecked();
  });

  it('staff see the microsite read-only', async () => {
    await open('/microsites/basic', micrositeApi({ ...SITE, canEdit: false }));
    expect(await screen.findByText('You can look, not change')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Live/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Business name' })).toBeDisabled();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brandDraftSchema, campaignDraftSchema } from '@contracts/registration.schema';
import { registrationChecklist } from '@contracts/registration-checklist';
import { apiError, createFakeApi, renderScreen } from '@/shared/lib/test';
import { PhoneApplicationTab } from './texting-registration-tab';

function Screen() {
  return (
    <>
      <h1>Settings</h1>
      <PhoneApplicationTab />
    </>
  );
}

const SITE = { published: true, home: 'https://app.example/m/acme', privacy: 'https://app.example/m/acme/privacy', smsTerms: 'https://app.example/m/acme/sms-terms' };
const company = { name: 'Acme Plumbing', legalName: 'Acme Plumbing LLC', country: 'US' as 'US' | 'CA' | null };

function view(overrides: Record<string, unknown> = {}) {
  const brand = brandDraftSchema.parse({
    legalName: 'Acme Plumbing LLC',
    addressLine1: '100 Main St',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    contactFirstName: 'Dana',
    contactLastName: 'Rivera',
    contactEmail: 'dana@acme.example',
    contactPhone: '+14155552671',
    website: SITE.home,
  });
  const campaign = campaignDraftSchema.parse({
    useCase: 'MIXED',
    description: 'Acme Plumbing texts people who asked for a quote: answers, reminders and follow-ups.',
    sampleMessages: ['Acme Plumbing: thanks for your request! When can we come by? Reply STOP to opt out.', 'Acme Plumbing: your visit is tomorrow at 9 AM. Reply C to confirm.'],
    messageFlow: `Customers opt in on our website form (${SITE.home}) by ticking an unticked checkbox.`,
    privacyUrl: SITE.privacy,
    termsUrl: SITE.smsTerms,
    monthlyVolume: 'up_to_1000',
  });
  const base = {
    saved: false,
    status: 'draft' as const,
    statusWords: 'Draft — not submitted',
    editable: true,
    brand,
    campaign,
    rejectionReason: null as string | null,
    reviewer: 'simulated' as const,
    gate: 'warn' as const,
    company,
    microsite: SITE,
    websiteCheck: null as null | { url: string; ok: boolean; detail: string; checkedAt: number },
    timezone: 'America/Chicago',
    timeline: [] as Array<{ kind: string; words: string; reason: string | null; by: string | null; at: number }>,
    ...overrides,
  };
  const checklist = registrationChecklist({ brand: base.brand, campaign: base.campaign, company: base.company, microsite: base.microsite, websiteCheck: base.websiteCheck });
  return { ...base, checklist, ready: checklist.every((i) => i.ready) };
}

const session = (role: string) => () => ({ kind: 'user', role, impersonation: null });

describe('Settings → Phone → Texting registration', () => {
  it('fills the brand, saves each step as a draft, shows each checklist item in words and submits once all are Ready', async () => {
    let current = view();
    const api = createFakeApi({
      currentSession: session('owner'),
      'registration.get': () => current,
      'registration.saveDraft': (input) => {
        const { brand, campaign } = input as { brand?: typeof current.brand; campaign?: typeof current.campaign };
        current = view({ saved: true, brand: brand ?? current.brand, campaign: campaign ?? current.campaign, websiteCheck: current.websiteCheck, timeline: [{ kind: 'draft_started', words: 'Draft started', reason: null, by: 'Dana', at: Date.parse('2027-03-02T18:00:00Z') }] });
        return current;
      },
      'registration.checkWebsite': () => {
        current = view({ ...current, websiteCheck: { url: SITE.home, ok: true, detail: 'answered 200', checkedAt: 1 } });
        return current;
      },
      'registration.submit': () => {
        current = view({ ...current, status: 'submitted', statusWords: 'Submitted', editable: false, timeline: [...current.timeline, { kind: 'submitted', words: 'Submitted', reason: null, by: 'Dana', at: Date.parse('2027-03-02T18:05:00Z') }] });
        return current;
      },
    });
    await renderScreen(Screen, { path: '/settings/phone/application', api });
    expect(await screen.findByRole('textbox', { name: /Legal business name/ })).toHaveValue('Acme Plumbing LLC');
    expect(screen.getByRole('textbox', { name: /Website/ })).toHaveValue(SITE.home);
    expect(screen.getByText(/the review is simulated/)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /^EIN/ }), '12-3456789');
    await userEvent.click(screen.getByRole('combobox', { name: /Business type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Limited liability company (LLC)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(api.callsTo('registration.saveDraft')[0]).toMatchObject({ brand: { taxId: '12-3456789', businessType: 'llc', legalName: 'Acme Plumbing LLC' } });

    // The campaign step: samples prefilled; one is cleared of its opt-out words.
    const first = await screen.findByRole('textbox', { name: 'Sample message 1' });
    await userEvent.clear(first);
    await userEvent.type(first, 'Acme Plumbing: thanks for your request! When can we come by?');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    const list = await screen.findByTestId('registration-checklist');
    expect(within(list).getByText('Missing: opt-out words in at least one sample, such as “Reply STOP to opt out”')).toBeInTheDocument();
    expect(within(list).getAllByText('Ready').length).toBe(12);
    expect(api.callsTo('registration.checkWebsite')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Submit registration' })).toBeDisabled();

    // Fix it from the checklist, come back: every item Ready, submit.
    await userEvent.click(within(list).getByRole('button', { name: 'Fix in Campaign' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Sample message 1' }), ' Reply STOP to opt out.');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await screen.findByTestId('registration-checklist');
    expect(within(screen.getByTestId('registration-checklist')).getAllByText('Ready').length).toBe(13);
    await userEvent.click(screen.getByRole('button', { name: 'Submit registration' }));
    expect(await screen.findByTestId('registration-status')).toHaveTextContent('Submitted');
    expect(api.callsTo('registration.submit')).toHaveLength(1);
    const timeline = screen.getByTestId('registration-timeline');
    expect(within(timeline).getByText('Submitted')).toBeInTheDocument();
    // 18:05 UTC is 12:05 PM in Chicago, the company's zone.
    expect(within(timeline).getAllByText(/12:05 PM/).length).toBeGreaterThan(0);
  }, 30_000);

  it('shows a rejection’s reason and offers the resubmission', async () => {
    const complete = brandDraftSchema.parse({ ...view().brand, taxId: '12-3456789', businessType: 'llc' });
    const rejected = view({ saved: true, brand: complete, status: 'rejected', statusWords: 'Rejected', rejectionReason: 'Sample message 2 advertises an offer, but the campaign’s use case is “Customer care”.', websiteCheck: { url: SITE.home, ok: true, detail: 'answered 200', checkedAt: 1 } });
    const api = createFakeApi({ currentSession: session('admin'), 'registration.get': () => rejected, 'registration.saveDraft': () => rejected, 'registration.checkWebsite': () => rejected, 'registration.submit': () => { throw apiError('PRECONDITION_FAILED', 'Not submitted: one item is missing — Website answers: it answered 404.'); } });
    await renderScreen(Screen, { path: '/settings/phone/application', api });
    expect(await screen.findByText(/advertises an offer/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Resubmit registration' }));
    expect(await screen.findByText('Not submitted: one item is missing — Website answers: it answered 404.')).toBeInTheDocument();
  }, 15_000);

  it('staff read the status and checklist but cannot change it; Canadian companies read what CASL asks', async () => {
    const api = createFakeApi({ currentSession: session('staff'), 'registration.get': () => view({ company: { ...company, country: 'CA' } }) });
    await renderScreen(Screen, { path: '/settings/phone/application', api });
    expect(await screen.findByText(/Only the owner or an admin can change and submit the texting registration/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save and continue' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('registration-checklist')).getByText(/^Missing: not checked yet/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Texting in Canada (CASL)' })).toBeInTheDocument();
    expect(screen.getByText(/Implied consent from an inquiry \(6 months\)/i)).toBeInTheDocument();
  });
});

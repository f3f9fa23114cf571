import { describe, expect, it } from 'vitest';
import { addMonths, caslConsent } from './consent';
import type { ChecklistItemId } from './registration';
import { brandDraftSchema, campaignDraftSchema } from './registration.schema';
import { type ChecklistInput, comparableName, einProblem, registrationChecklist } from './registration-checklist';

const SITE = { published: true, home: 'https://app.example/m/acme', privacy: 'https://app.example/m/acme/privacy', smsTerms: 'https://app.example/m/acme/sms-terms' };

/** A registration carriers would accept: every item ready. */
function clean(): ChecklistInput {
  return {
    company: { name: 'Acme Plumbing', legalName: 'Acme Plumbing LLC' },
    microsite: SITE,
    websiteCheck: { url: SITE.home, ok: true, detail: 'answered 200' },
    brand: brandDraftSchema.parse({
      legalName: 'Acme Plumbing, L.L.C.',
      taxId: '12-3456789',
      businessType: 'llc',
      addressLine1: '100 Main St',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      contactFirstName: 'Dana',
      contactLastName: 'Rivera',
      contactEmail: 'dana@acme.example',
      contactPhone: '+14155552671',
      website: SITE.home,
    }),
    campaign: campaignDraftSchema.parse({
      useCase: 'MIXED',
      description: 'Acme Plumbing texts people who asked for a quote: answers, reminders and follow-ups.',
      sampleMessages: ['Acme Plumbing: thanks for your request! When can we come by? Reply STOP to opt out.', 'Acme Plumbing: your visit is tomorrow at 9 AM. Reply C to confirm.'],
      messageFlow: 'Customers opt in on our website form by ticking an unticked checkbox, or by texting our number first.',
      privacyUrl: SITE.privacy,
      termsUrl: SITE.smsTerms,
      monthlyVolume: 'up_to_1000',
    }),
  };
}

const missing = (input: ChecklistInput) =>
  Object.fromEntries(
    registrationChecklist(input)
      .filter((item) => !item.ready)
      .map((item) => [item.id, item.words]),
  ) as Partial<Record<ChecklistItemId, string>>;

describe('the pre-submission checklist', () => {
  it('says "Ready" in words for every item of a clean registration', () => {
    const items = registrationChecklist(clean());
    expect(items).toHaveLength(13);
    expect(items.every((item) => item.ready && item.words === 'Ready')).toBe(true);
  });

  it.each<[string, (input: ChecklistInput) => void, ChecklistItemId, RegExp]>([
    ['no privacy policy or SMS terms (no microsite)', (i) => { i.microsite = null; i.campaign.privacyUrl = ''; i.campaign.termsUrl = ''; i.brand.website = 'https://acme.example'; i.websiteCheck = { url: 'https://acme.example', ok: true, detail: 'answered 200' }; }, 'policies', /^Missing: a privacy policy link and an SMS terms link: set up your microsite/],
    ['the microsite is not published (its policy pages do not answer)', (i) => { i.microsite = { ...SITE, published: false }; i.brand.website = 'https://acme.example'; i.websiteCheck = { url: 'https://acme.example', ok: true, detail: 'answered 200' }; }, 'policies', /microsite is not published/],
    ['a sample without the business name', (i) => { i.campaign.sampleMessages[1] = 'Your visit is tomorrow at 9 AM. Reply C to confirm, STOP to opt out.'; }, 'samples_business_name', /\(“Acme Plumbing”\) in sample 2$/],
    ['no opt-out language', (i) => { i.campaign.sampleMessages[0] = 'Acme Plumbing: thanks for your request! When can we come by?'; }, 'samples_opt_out', /Reply STOP to opt out/],
    ['fewer than two samples', (i) => { i.campaign.sampleMessages = ['Acme Plumbing: thanks! Reply STOP to opt out.']; }, 'samples', /at least 2 sample messages \(you have 1\)/],
    ['a link in a sample without saying so', (i) => { i.campaign.sampleMessages[1] = 'Acme Plumbing: book here https://acme.example/book'; }, 'samples', /Messages include links/],
    ['opt-in not described', (i) => { i.campaign.messageFlow = ''; }, 'opt_in', /how customers agree to get your texts/],
    ['opt-in not naming the consent method', (i) => { i.campaign.messageFlow = 'People are happy to hear from us about their plumbing needs at any time.'; }, 'opt_in', /say how customers give consent/],
    ['the legal name not matching the company’s', (i) => { i.brand.legalName = 'Acme Holdings Inc'; }, 'legal_name', /does not match your company's legal name “Acme Plumbing LLC”/],
    ['the EIN in a wrong format', (i) => { i.brand.taxId = '123-45-6789'; }, 'tax_id', /form 12-3456789/],
    ['an EIN no one is given', (i) => { i.brand.taxId = '07-1234567'; }, 'tax_id', /no EIN starts with 07/],
    ['the website not answering', (i) => { i.websiteCheck = { url: SITE.home, ok: false, detail: 'it answered 404' }; }, 'website', /did not answer \(it answered 404\)/],
    ['the website not checked', (i) => { i.websiteCheck = null; }, 'website', /not checked yet/],
    ['no contact person', (i) => { i.brand.contactFirstName = ''; i.brand.contactEmail = 'dana@'; }, 'contact', /first name and a valid email/],
    ['a P.O. box', (i) => { i.brand.addressLine1 = 'PO Box 12'; }, 'address', /P\.O\. boxes/],
    ['no use case', (i) => { i.campaign.useCase = null; }, 'use_case', /choose a use case/],
    ['no volume', (i) => { i.campaign.monthlyVolume = null; }, 'volume', /how many texts/],
  ])('flags %s', (_name, change, id, words) => {
    const input = clean();
    change(input);
    const gaps = missing(input);
    expect(Object.keys(gaps)).toEqual([id]);
    expect(gaps[id]).toMatch(/^Missing: /);
    expect(gaps[id]).toMatch(words);
  });

  it('compares names as a registry would, and checks Canadian business numbers', () => {
    expect(comparableName('Acme Plumbing, L.L.C.')).toBe(comparableName('ACME PLUMBING LLC'));
    expect(einProblem('123456789', 'CA')).toBeNull();
    expect(einProblem('12-3456789', 'CA')).toMatch(/9 digits/);
    expect(einProblem('', 'US')).toBe('your EIN');
  });
});

describe('CASL consent', () => {
  const at = Date.parse('2027-01-31T12:00:00Z');
  it('counts calendar months, ending implied consent 6 months after the inquiry and 2 years after a purchase', () => {
    expect(new Date(addMonths(at, 6)).toISOString()).toBe('2027-07-31T12:00:00.000Z');
    expect(new Date(addMonths(at, 1)).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    const inquiry = caslConsent([{ kind: 'implied', createdAt: at }], null, addMonths(at, 6) - 1);
    expect(inquiry).toEqual({ basis: 'implied_inquiry', expiresAt: addMonths(at, 6), expired: false });
    expect(caslConsent([{ kind: 'implied', createdAt: at }], null, addMonths(at, 6)).expired).toBe(true);
    const purchase = caslConsent([{ kind: 'implied', caslBasis: 'implied_purchase', createdAt: at }], at, addMonths(at, 12));
    expect(purchase).toMatchObject({ basis: 'implied_purchase', expired: false });
  });

  it('express consent does not expire; an opt-out ends what came before it', () => {
    expect(caslConsent([{ kind: 'opt_in', createdAt: at }], null, at + 1e12)).toEqual({ basis: 'express', expiresAt: null, expired: false });
    expect(caslConsent([{ kind: 'opt_in', createdAt: at }, { kind: 'opt_out', createdAt: at + 1 }], null, at + 2).expired).toBe(true);
    expect(caslConsent([], null, at).expired).toBe(true);
  });
});

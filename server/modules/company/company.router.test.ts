import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_HOURS } from '@contracts/company';
import { auditLog, users } from '@server/platform/db/schema';
import { uploadImage } from '@server/modules/uploads/uploads.service';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';

const t = setUpTestApp();
let token: string;

beforeEach(async () => {
  token = await signUp(t.deps, { email: 'owner@acme.test', companyName: 'Acme Plumbing', signupPhone: '+14155552671' });
});

const caller = () => callerFor(t.deps, { authToken: token });
const profile = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme Plumbing & Drains',
  legalName: 'Acme Plumbing LLC',
  trade: 'plumbing' as const,
  website: 'acmeplumbing.example',
  timezone: 'America/Los_Angeles' as const,
  hours: DEFAULT_HOURS,
  ...overrides,
});

describe('company.get', () => {
  it('returns the caller’s company settings', async () => {
    const company = await caller().company.get();
    expect(company).toMatchObject({
      name: 'Acme Plumbing',
      signupPhone: '+14155552671',
      country: 'US',
      plan: 'trial',
      timezone: null,
      address: { line1: null, serviceArea: [] },
    });
    expect(company.trialEndsAt - company.createdAt).toBe(14 * 24 * 3600 * 1000);
  });

  it('needs a session', async () => {
    await expect(callerFor(t.deps).company.get()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('company.update', () => {
  it('saves the profile, normalizes the website and audits the changed fields', async () => {
    const before = await caller().company.get();
    t.deps.clock.advance(1000);
    const saved = await caller().company.update({ expectedUpdatedAt: before.updatedAt, ...profile() });
    expect(saved).toMatchObject({
      name: 'Acme Plumbing & Drains',
      legalName: 'Acme Plumbing LLC',
      trade: 'plumbing',
      website: 'https://acmeplumbing.example',
      timezone: 'America/Los_Angeles',
      hours: DEFAULT_HOURS,
    });
    expect(saved.updatedAt).toBe(before.updatedAt + 1000);
    expect(await caller().company.get()).toEqual(saved);
    const audit = (await t.deps.db.select().from(auditLog)).find((a) => a.action === 'company.profile_updated');
    expect(audit?.metadata).toEqual({ fields: ['name', 'legalName', 'trade', 'website', 'timezone', 'hours'] });
  });

  it('refuses to overwrite changes made since the form was loaded (CONFLICT)', async () => {
    const loaded = await caller().company.get();
    t.deps.clock.advance(1000);
    await caller().company.update({ expectedUpdatedAt: loaded.updatedAt, ...profile() });
    const stale = await trpcErrorOf(caller().company.update({ expectedUpdatedAt: loaded.updatedAt, ...profile({ name: 'Other' }) }));
    expect(stale.code).toBe('CONFLICT');
    expect((await caller().company.get()).name).toBe('Acme Plumbing & Drains');
  });

  it('rejects bad input naming each field, and saves nothing', async () => {
    const loaded = await caller().company.get();
    const error = await trpcErrorOf(
      caller().company.update({
        expectedUpdatedAt: loaded.updatedAt,
        ...profile({ name: ' ', trade: 'astrology', website: 'not a site', timezone: 'Europe/Paris', hours: { ...DEFAULT_HOURS, mon: { open: '17:00', close: '08:00' } } }),
      }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    for (const field of ['name', 'trade', 'website', 'timezone', 'hours.mon.close']) expect(error.message).toContain(`${field}:`);
    expect((await caller().company.get()).name).toBe('Acme Plumbing');
  });
});

describe('company.updateAddress', () => {
  it('normalizes postal codes and service areas, and sets the country', async () => {
    const loaded = await caller().company.get();
    const saved = await caller().company.updateAddress({
      expectedUpdatedAt: loaded.updatedAt,
      country: 'CA',
      line1: '100 Queen St W',
      line2: '',
      city: 'Toronto',
      region: 'on',
      postalCode: 'm5h2n2',
      serviceArea: ['M5H', 'm4c 1b5', 'M5H'],
    });
    expect(saved).toMatchObject({
      country: 'CA',
      address: { line1: '100 Queen St W', line2: null, city: 'Toronto', region: 'ON', postalCode: 'M5H 2N2', serviceArea: ['M5H', 'M4C 1B5'] },
    });
  });

  it('checks region, postal code and service area against the country', async () => {
    const loaded = await caller().company.get();
    const error = await trpcErrorOf(
      caller().company.updateAddress({
        expectedUpdatedAt: loaded.updatedAt,
        country: 'US',
        line1: '1 Main St',
        city: 'Austin',
        region: 'ON',
        postalCode: 'M5H 2N2',
        serviceArea: ['78701', 'ABC'],
      }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('region: Choose a state');
    expect(error.message).toContain('postalCode: Enter a ZIP code like 94103');
    expect(error.message).toContain('serviceArea.1:');
  });
});

describe('company isolation', () => {
  it('each caller reads and writes only its own company', async () => {
    const other = await signUp(t.deps, { email: 'owner@beta.test', companyName: 'Beta Movers', signupPhone: null });
    const beta = callerFor(t.deps, { authToken: other });
    const betaCompany = await beta.company.get();
    t.deps.clock.advance(1000);
    await beta.company.update({ expectedUpdatedAt: betaCompany.updatedAt, ...profile({ name: 'Beta Movers Inc' }) });
    expect((await caller().company.get()).name).toBe('Acme Plumbing');
    expect((await beta.company.get()).name).toBe('Beta Movers Inc');
  });
});

describe('the company logo', () => {
  /** An image uploaded by the owner of `email`'s company, as POST /uploads/images stores it. */
  async function uploadedBy(email: string): Promise<string> {
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    const bytes = await sharp({ create: { width: 64, height: 32, channels: 4, background: '#ff000080' } }).png().toBuffer();
    const scope = { db: t.deps.db, companyId: user.companyId, userId: user.id, now: t.deps.clock.now(), ip: null };
    return (await uploadImage(t.deps, scope, new Uint8Array(bytes))).id;
  }

  it('is set to one of the company’s uploads, kept when left out, removed with null', async () => {
    const logo = await uploadedBy('owner@acme.test');
    const loaded = await caller().company.get();
    expect(loaded.logoFileId).toBeNull();
    const saved = await caller().company.update({ expectedUpdatedAt: loaded.updatedAt, ...profile(), logoFileId: logo });
    expect(saved.logoFileId).toBe(logo);
    const audit = (await t.deps.db.select().from(auditLog)).find((a) => a.action === 'company.profile_updated');
    expect(audit?.metadata).toEqual({ fields: expect.arrayContaining(['logoFileId']) });
    t.deps.clock.advance(1000);
    const kept = await caller().company.update({ expectedUpdatedAt: saved.updatedAt, ...profile({ name: 'Renamed' }) });
    expect(kept.logoFileId).toBe(logo);
    t.deps.clock.advance(1000);
    const removed = await caller().company.update({ expectedUpdatedAt: kept.updatedAt, ...profile(), logoFileId: null });
    expect(removed.logoFileId).toBeNull();
  });

  it('refuses another company’s upload or an unknown id as NOT_FOUND, and changes nothing', async () => {
    await signUp(t.deps, { email: 'owner@beta.test', companyName: 'Beta Movers', signupPhone: null });
    const theirs = await uploadedBy('owner@beta.test');
    const loaded = await caller().company.get();
    for (const logoFileId of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const error = await trpcErrorOf(caller().company.update({ expectedUpdatedAt: loaded.updatedAt, ...profile({ name: 'Should not save' }), logoFileId }));
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe('Image not found');
    }
    expect(await caller().company.get()).toEqual(loaded);
    const malformed = await trpcErrorOf(caller().company.update({ expectedUpdatedAt: loaded.updatedAt, ...profile(), logoFileId: '../../etc/passwd' }));
    expect(malformed.code).toBe('BAD_REQUEST');
  });
});

import { describe, expect, it } from 'vitest';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';

const t = setUpTestApp();

describe('the assistant’s service area', () => {
  it('starts as the service area the company gave in its address settings (asked once), and is its own after that', async () => {
    const token = await signUp(t.deps, { email: 'owner@area.test', companyName: 'Area Plumbing', signupPhone: '+15125550100' });
    const caller = callerFor(t.deps, { authToken: token });
    const company = await caller.company.get();
    await caller.company.updateAddress({ expectedUpdatedAt: company.updatedAt, country: 'US', line1: '1 Congress Ave', line2: null, city: 'Austin', region: 'TX', postalCode: '78701', serviceArea: ['78701', '78702', '78745'] });

    const settings = await caller.ai.settings.get();
    expect(settings.serviceAreaPrefixes).toEqual(['78701', '78702', '78745']);
    expect(settings.addressServiceArea).toEqual(['78701', '78702', '78745']);

    // Emptied on purpose in Settings → AI: it stays empty (the address's area is still offered, not forced).
    const saved = await caller.ai.settings.update({ expectedVersion: settings.version, serviceAreaPrefixes: [] });
    expect(saved.serviceAreaPrefixes).toEqual([]);
    expect(saved.addressServiceArea).toEqual(['78701', '78702', '78745']);
  });
});

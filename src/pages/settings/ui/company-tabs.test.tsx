import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HOURS } from '@contracts/company';
import type { CompanySettings } from '@/entities/company';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { CompanyTab } from './company-tabs';
import { SettingsLayout } from './settings-layout';

const OLD_LOGO = '5f0c2a8e-1111-4222-8333-444455556666';
const NEW_LOGO = '7a1b2c3d-1111-4222-8333-444455556666';
const company: CompanySettings = {
  id: 'c1',
  name: 'Acme Plumbing',
  legalName: null,
  trade: 'plumbing',
  website: null,
  logoFileId: OLD_LOGO,
  timezone: 'America/Chicago',
  hours: DEFAULT_HOURS,
  signupPhone: '+14155552671',
  country: 'US',
  address: { line1: null, line2: null, city: null, region: null, postalCode: null, serviceArea: [] },
  plan: 'trial',
  trialEndsAt: 2_000_000_000_000,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_123,
};
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  window.localStorage.setItem('authToken', 'session-token-1');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('Settings → Company: the logo', () => {
  it('shows the logo, replaces it with an uploaded image, and saves the new one with the profile', async () => {
    const update = vi.fn((input: unknown) => ({ ...company, ...(input as object), updatedAt: company.updatedAt + 1 }));
    const api = createFakeApi({ 'company.get': () => company, 'company.update': update });
    await renderScreen(SettingsLayout, { path: '/settings/company', children: { 'settings/company': CompanyTab }, api });
    const logo = await screen.findByRole('group', { name: 'Logo' });
    expect(within(logo).getByRole('img', { name: 'Logo of Acme Plumbing' })).toHaveAttribute('src', `/files/${OLD_LOGO}`);

    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: NEW_LOGO, url: `http://localhost:3000/files/${NEW_LOGO}`, width: 600, height: 200 }), { status: 201 }));
    await userEvent.upload(logo.querySelector('input[type=file]')!, new File([new Uint8Array(8)], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(within(logo).getByRole('img')).toHaveAttribute('src', `/files/${NEW_LOGO}`));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![0]).toMatchObject({ expectedUpdatedAt: company.updatedAt, logoFileId: NEW_LOGO });
  });

  it('removes the logo with the next save', async () => {
    const update = vi.fn((input: unknown) => ({ ...company, ...(input as object), updatedAt: company.updatedAt + 1 }));
    await renderScreen(SettingsLayout, { path: '/settings/company', children: { 'settings/company': CompanyTab }, api: createFakeApi({ 'company.get': () => company, 'company.update': update }) });
    const logo = await screen.findByRole('group', { name: 'Logo' });
    await userEvent.click(within(logo).getByRole('button', { name: 'Remove' }));
    expect(logo).toHaveTextContent('No logo yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![0]).toMatchObject({ logoFileId: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

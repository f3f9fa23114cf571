import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HOURS } from '@contracts/company';
import type { CompanySettings } from '@/entities/company';
import { ApiTestProvider, apiError, type ApiHandlers, createFakeApi } from '@/shared/lib/test';
import { CompanyAddressForm } from './company-address-form';
import { CompanyProfileForm, validateProfile } from './company-profile-form';

const company: CompanySettings = {
  id: 'c1',
  name: 'Acme Plumbing',
  legalName: null,
  trade: null,
  website: null,
  logoFileId: null,
  timezone: null,
  hours: null,
  signupPhone: '+14155552671',
  country: 'US',
  address: { line1: null, line2: null, city: null, region: null, postalCode: null, serviceArea: [] },
  plan: 'trial',
  trialEndsAt: 2_000_000_000_000,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_123,
};

function renderWith(ui: React.ReactNode, handlers: ApiHandlers) {
  const api = createFakeApi({ 'company.get': () => company, ...handlers });
  render(
    <MantineProvider env="test">
      <ApiTestProvider api={api}>{ui}</ApiTestProvider>
    </MantineProvider>,
  );
  return { ...api, user: userEvent.setup() };
}

const serverError = apiError;

afterEach(() => notifications.clean());

describe('company profile form', () => {
  it('requires a name and a time zone, and checks each day’s hours', () => {
    const errors = validateProfile({
      name: ' ',
      legalName: '',
      trade: null,
      website: '',
      timezone: null,
      hours: { ...DEFAULT_HOURS, tue: { open: '18:00', close: '09:00' }, wed: { open: '9', close: '17:00' } },
      logoFileId: null,
    });
    expect(errors).toEqual({
      name: 'Business name is required',
      timezone: 'Choose your time zone',
      'hours.tue.close': 'Closing time must be after opening time',
      'hours.wed.open': 'Use HH:MM',
    });
  });

  it('saves what was typed with the loaded version, and shows the toast', async () => {
    const update = vi.fn((input: unknown) => ({ ...company, ...(input as object), updatedAt: company.updatedAt + 1 }));
    const { user } = renderWith(<CompanyProfileForm company={company} />, { 'company.update': update });
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled(); // nothing changed yet
    await user.clear(screen.getByLabelText(/^Business name/));
    await user.type(screen.getByLabelText(/^Business name/), 'Acme Plumbing & Drains');
    await user.click(save);
    expect(await screen.findByText('Choose your time zone')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: /Time zone/ }));
    await user.click(await screen.findByRole('option', { name: 'Central (Chicago, Dallas)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await user.click(save);
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![0]).toEqual({
      expectedUpdatedAt: company.updatedAt,
      name: 'Acme Plumbing & Drains',
      legalName: '',
      trade: null,
      website: '',
      timezone: 'America/Chicago',
      hours: { ...DEFAULT_HOURS, sat: { open: '08:00', close: '17:00' } },
      logoFileId: null,
    });
    expect(await screen.findByText('Company settings saved')).toBeInTheDocument();
  });

  it('keeps the logo the page’s control chose, and saves it with the profile', async () => {
    const update = vi.fn((input: unknown) => ({ ...company, ...(input as object), updatedAt: company.updatedAt + 1 }));
    const { user } = renderWith(
      <CompanyProfileForm
        company={{ ...company, timezone: 'America/Chicago', logoFileId: 'old-logo' }}
        logoField={({ value, onChange }) => (
          <button type="button" onClick={() => onChange(value === 'old-logo' ? 'new-logo' : null)}>
            {`Logo: ${value ?? 'none'}`}
          </button>
        )}
      />,
      { 'company.update': update },
    );
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Logo: old-logo' }));
    expect(screen.getByRole('button', { name: 'Logo: new-logo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![0]).toMatchObject({ logoFileId: 'new-logo' });
  });

  it('shows the server’s field errors next to the fields', async () => {
    const { user } = renderWith(<CompanyProfileForm company={{ ...company, timezone: 'America/Chicago' }} />, {
      'company.update': () => {
        throw serverError('BAD_REQUEST', 'Invalid input: website: Enter a website address like example.com', { website: ['Enter a website address like example.com'] });
      },
    });
    await user.type(screen.getByLabelText('Website'), 'not a site');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a website address like example.com')).toBeInTheDocument();
  });

  it('on a conflict, saves nothing of ours and offers to reload', async () => {
    const { user, calls } = renderWith(<CompanyProfileForm company={{ ...company, timezone: 'America/Chicago' }} />, {
      'company.update': () => {
        throw serverError('CONFLICT', 'These settings were changed by someone else since you opened them.');
      },
    });
    await user.type(screen.getByLabelText('Website'), 'acme.example');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed these settings');
    const before = calls.filter((c) => c.path === 'company.get').length;
    await user.click(within(alert).getByRole('button', { name: 'Reload settings' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'company.get').length).toBeGreaterThanOrEqual(before));
  });
});

describe('company address form', () => {
  it('checks the address against the country before saving', async () => {
    const updateAddress = vi.fn();
    const { user } = renderWith(<CompanyAddressForm company={company} />, { 'company.updateAddress': updateAddress });
    await user.type(screen.getByLabelText(/^Street address/), '1 Main St');
    await user.type(screen.getByLabelText(/^City/), 'Austin');
    await user.type(screen.getByRole('textbox', { name: /^ZIP code\s*\*?$/ }), 'M5H 2N2');
    await user.type(screen.getByLabelText('ZIP codes you serve'), '78701, 7870X');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(screen.getByText('Choose a state')).toBeInTheDocument();
    expect(screen.getByText('Enter a ZIP code like 94103')).toBeInTheDocument();
    expect(screen.getByText('Not recognised: 7870X')).toBeInTheDocument();
    expect(updateAddress).not.toHaveBeenCalled();
  });

  it('switches to Canadian provinces and postal codes, and saves the list of areas', async () => {
    const updateAddress = vi.fn((input: unknown) => ({ ...company, updatedAt: company.updatedAt + 1, country: 'CA', address: { ...company.address, ...(input as object) } }));
    const { user } = renderWith(<CompanyAddressForm company={company} />, { 'company.updateAddress': updateAddress });
    await user.click(screen.getByText('Canada'));
    await user.type(screen.getByLabelText(/^Street address/), '100 Queen St W');
    await user.type(screen.getByLabelText(/^City/), 'Toronto');
    await user.click(screen.getByRole('combobox', { name: /Province or territory/ }));
    await user.click(await screen.findByRole('option', { name: 'Ontario' }));
    await user.type(screen.getByRole('textbox', { name: /^Postal code\s*\*?$/ }), 'm5h 2n2');
    await user.type(screen.getByLabelText('Postal codes you serve'), 'M5H, M4C 1B5');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(updateAddress).toHaveBeenCalledTimes(1));
    expect(updateAddress.mock.calls[0]![0]).toEqual({
      expectedUpdatedAt: company.updatedAt,
      country: 'CA',
      line1: '100 Queen St W',
      line2: '',
      city: 'Toronto',
      region: 'ON',
      postalCode: 'm5h 2n2',
      serviceArea: ['M5H', 'M4C 1B5'],
    });
    expect(await screen.findByText('Address saved')).toBeInTheDocument();
  });
});

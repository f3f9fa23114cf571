import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { createAuthFlowActors, RegistrationPayload } from '@/features/auth-flow';
import { SignInPage, type SignInPageProps } from './sign-in-page';

type Actors = ReturnType<typeof createAuthFlowActors>;

const links = {
  mainSite: 'https://leadloop.example',
  agencyPortal: 'https://agency.leadloop.example',
  terms: 'https://leadloop.example/terms',
  privacy: 'https://leadloop.example/privacy',
  support: 'https://leadloop.example/support',
  demo: 'https://leadloop.example/demo',
};

type Answer = { success: boolean; message?: string | null; authToken?: string | null };

function setup(overrides: Partial<SignInPageProps> & { api?: Partial<Record<'createAccount' | 'requestCode' | 'verifyCode', () => Promise<Answer>>> } = {}) {
  const api = {
    createAccount: vi.fn<(input: RegistrationPayload) => Promise<Answer>>(overrides.api?.createAccount ?? (async () => ({ success: true, message: 'Account created successfully.' }))),
    requestCode: vi.fn<(input: { email: string }) => Promise<Answer>>(overrides.api?.requestCode ?? (async () => ({ success: true, message: 'Verification code sent successfully.' }))),
    verifyCode: vi.fn<(input: { email: string; code: string }) => Promise<Answer>>(overrides.api?.verifyCode ?? (async () => ({ success: true, authToken: 't', message: 'ok' }))),
  };
  const actors = {
    createAccount: fromPromise(({ input }) => api.createAccount(input as RegistrationPayload)),
    requestCode: fromPromise(({ input }) => api.requestCode(input as { email: string })),
    verifyCode: fromPromise(({ input }) => api.verifyCode(input as { email: string; code: string })),
  } as unknown as Actors;
  const onSignedIn = vi.fn();
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <SignInPage
        actors={actors}
        storage={window.sessionStorage}
        initialMode="register"
        referralCode={null}
        referrer="https://www.google.com/"
        params={undefined}
        links={links}
        testimonialsEmbedUrl={undefined}
        onSignedIn={onSignedIn}
        {...overrides}
      />
    </MantineProvider>,
  );
  return { api, user, onSignedIn };
}

async function fillRegistration(user: ReturnType<typeof userEvent.setup>, phone?: string) {
  await user.type(screen.getByLabelText(/^Email/), 'dana@acme.test');
  await user.type(screen.getByLabelText(/^First name/), 'Dana');
  await user.type(screen.getByLabelText(/^Last name/), 'Rivera');
  await user.type(screen.getByLabelText(/^Company name/), 'Acme Plumbing');
  if (phone) await user.type(screen.getByRole('textbox', { name: /Phone \(optional\)/ }), phone);
}

describe('sign-in screen: register', () => {
  it('shows the exact title, the fields, and the terms consent text', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Start Your Free 14-Day Trial' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Email/)).toBeRequired();
    for (const label of [/^First name/, /^Last name/, /^Company name/]) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByRole('textbox', { name: /Phone \(optional\)/ })).not.toBeRequired();
    const terms = screen.getByRole('checkbox');
    const consent = terms.closest('.mantine-Checkbox-root') ?? document.body;
    expect(consent).toHaveTextContent(/SMS messages from LeadLoop about my trial and product updates/);
    expect(consent).toHaveTextContent(/Reply STOP to cancel/);
    expect(within(consent as HTMLElement).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', links.terms);
    expect(within(consent as HTMLElement).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', links.privacy);
  });

  it('keeps submit disabled until the terms box is ticked, and says why', async () => {
    const { user } = setup();
    const submit = screen.getByRole('button', { name: 'Start Free Trial' });
    expect(submit).toBeDisabled();
    await fillRegistration(user);
    expect(screen.getByText('You must agree to the Terms of Service and Privacy Policy')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
    expect(screen.queryByText('You must agree to the Terms of Service and Privacy Policy')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeDisabled();
    expect(screen.getByText('You must agree to the Terms of Service and Privacy Policy')).toBeInTheDocument();
  });

  it('requires email, first name, last name and company name', async () => {
    const { user, api } = setup();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    for (const message of ['Email is required', 'First name is required', 'Last name is required', 'Company name is required']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.createAccount).not.toHaveBeenCalled();
  });

  it('rejects a phone number that is not US or Canadian', async () => {
    const { user, api } = setup();
    await fillRegistration(user, '8765550123'); // +1 876: Jamaica
    await user.tab();
    expect(screen.getByText('Please enter a valid US or Canadian phone number.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    expect(api.createAccount).not.toHaveBeenCalled();
  });

  it('offers only US and Canada, US by default, with bundled flags', () => {
    setup();
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(within(country).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['US', 'CA']);
    expect(country).toHaveValue('US');
    expect(document.querySelector('img[src*="//"]')).toBeNull(); // no flag images from a CDN
  });

  it('sends exactly the spec payload: phone in E.164, referrer, no params when there are none', async () => {
    const { user, api } = setup();
    await fillRegistration(user, '4155552671');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    await waitFor(() => expect(api.createAccount).toHaveBeenCalled());
    expect(api.createAccount.mock.calls[0]![0]).toEqual({
      email: 'dana@acme.test',
      firstName: 'Dana',
      lastName: 'Rivera',
      companyName: 'Acme Plumbing',
      signupPhone: '+14155552671',
      referrer: 'https://www.google.com/',
    });
  });

  it('sends signupPhone null when empty, the referral code, and every query parameter', async () => {
    const { user, api } = setup({ referralCode: 'FRIEND42', params: { ref: 'FRIEND42', utm_source: 'google' } });
    const referral = screen.getByLabelText('Referral code');
    expect(referral).toHaveValue('FRIEND42');
    expect(referral).toHaveAttribute('readonly');
    await fillRegistration(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    await waitFor(() => expect(api.createAccount).toHaveBeenCalled());
    expect(api.createAccount.mock.calls[0]![0]).toEqual({
      email: 'dana@acme.test',
      firstName: 'Dana',
      lastName: 'Rivera',
      companyName: 'Acme Plumbing',
      referralCode: 'FRIEND42',
      signupPhone: null,
      referrer: 'https://www.google.com/',
      params: { ref: 'FRIEND42', utm_source: 'google' },
    });
  });

  it('shows no referral field without a referral code', () => {
    setup();
    expect(screen.queryByLabelText('Referral code')).not.toBeInTheDocument();
  });
});

describe('sign-in screen: login and verify-code', () => {
  it('switches to login with the link and sends a login code', async () => {
    const { user, api } = setup();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.type(screen.getByLabelText(/^Email/), 'dana@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Login Code' }));
    expect(api.requestCode).toHaveBeenCalledWith({ email: 'dana@acme.test' });
    expect(await screen.findByRole('heading', { name: 'Enter Verification Code' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verification code sent successfully.');
    expect(screen.getByLabelText(/^Verification code/)).toBeRequired();
    expect(screen.getByRole('button', { name: 'Resend (30s)' })).toBeDisabled();
  });

  it('shows "Account not found" in error style for an unknown email', async () => {
    const { user } = setup({ initialMode: 'login', api: { requestCode: async () => ({ success: false, message: 'Account not found for this email address.' }) } });
    await user.type(screen.getByLabelText(/^Email/), 'new@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Login Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account not found. Would you like to create one?');
  });

  it('requires the code and shows the fallback for a wrong one', async () => {
    const { user, api } = setup({ initialMode: 'login', api: { verifyCode: async () => ({ success: false, authToken: null }) } });
    await user.type(screen.getByLabelText(/^Email/), 'dana@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Login Code' }));
    await screen.findByRole('heading', { name: 'Enter Verification Code' });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the code from your email')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Verification code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code');
    expect(api.requestCode).toHaveBeenCalledTimes(1);
  });

  it('hands over the token after a successful verification', async () => {
    const { user, onSignedIn } = setup({ initialMode: 'login' });
    await user.type(screen.getByLabelText(/^Email/), 'dana@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Login Code' }));
    await user.type(await screen.findByLabelText(/^Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ authToken: 't', mode: 'login' }));
  });
});

describe('sign-in screen: landing offer and footer', () => {
  it('links the footer to the main website, agency portal, terms, privacy and support', () => {
    setup();
    const footer = screen.getByRole('contentinfo');
    const hrefs = Object.fromEntries(within(footer).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]));
    expect(hrefs).toEqual({
      'Main website': links.mainSite,
      'Agency portal': links.agencyPortal,
      Terms: links.terms,
      Privacy: links.privacy,
      Support: links.support,
    });
  });

  it('offers the free trial without a credit card, a demo link, testimonials 350 px high and the integrations', () => {
    setup();
    expect(screen.getByText('Free 14-day trial')).toBeInTheDocument();
    expect(screen.getByText('No credit card')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a demo' })).toHaveAttribute('href', links.demo);
    expect(screen.getByTestId('testimonials-block').getAttribute('style')).toContain('height: 350px');
    const integrations = screen.getByRole('region', { name: 'Works with the tools you already use' });
    expect(within(integrations).getAllByRole('listitem')).toHaveLength(8);
  });

  it('embeds configured testimonials in a 350 px frame', () => {
    setup({ testimonialsEmbedUrl: 'https://testimonials.example/embed' });
    const frame = screen.getByTitle('Customer testimonials');
    expect(frame).toHaveAttribute('src', 'https://testimonials.example/embed');
    expect(frame).toHaveAttribute('height', '350');
  });
});

describe('sign-in screen: surviving a reload', () => {
  it('comes back to the verify step with the countdown where it was', async () => {
    let now = Date.UTC(2026, 10, 21, 15, 0, 0);
    const { user } = setup({ initialMode: 'login', now: () => now });
    await user.type(screen.getByLabelText(/^Email/), 'dana@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Login Code' }));
    await screen.findByRole('heading', { name: 'Enter Verification Code' });
    const saved = JSON.parse(window.sessionStorage.getItem('leadloop.signInState')!);
    expect(saved).toMatchObject({ mode: 'verify-code', verificationState: { email: 'dana@acme.test', mode: 'login' }, resendTimeout: now + 30_000, timestamp: now });

    cleanup();
    now += 12_000; // "reload" 12 s later
    setup({ now: () => now });
    expect(screen.getByRole('heading', { name: 'Enter Verification Code' })).toBeInTheDocument();
    expect(screen.getByText('dana@acme.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend (18s)' })).toBeDisabled();
  });

  it('ignores a state saved 20 minutes ago', () => {
    const now = Date.UTC(2026, 10, 21, 15, 0, 0);
    window.sessionStorage.setItem(
      'leadloop.signInState',
      JSON.stringify({ version: 1, mode: 'verify-code', verificationState: { email: 'old@acme.test', mode: 'login' }, resendTimeout: null, timestamp: now - 1_200_000 }),
    );
    setup({ now: () => now });
    expect(screen.getByRole('heading', { name: 'Start Your Free 14-Day Trial' })).toBeInTheDocument();
  });
});

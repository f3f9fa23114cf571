import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { EmailGatewayPage } from './email-gateway-page';

const NO_NUMBER = { number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] };
const TEST_NUMBER = { ...NO_NUMBER, number: { id: 'n1', e164: '+13125550100', provider: 'simulator' as const } };
const ADDRESS = 'leads+0123456789abcdef0123456789abcdef@inbound.leadloop.localhost';
const GATEWAY = { address: ADDRESS, rotatedAt: null, smtpListening: true, webhookEnabled: false, maxBytes: 2097152 };

const THUMBTACK = {
  id: 'e1',
  channel: 'smtp',
  from: 'Thumbtack <no-reply@thumbtack.com>',
  subject: 'Jamie Rivera wants House Cleaning',
  sizeBytes: 1200,
  receivedAt: Date.parse('2026-11-23T23:05:00Z'),
  status: 'lead_created',
  parser: 'thumbtack',
  extracted: { name: 'Jamie Rivera', phone: '+14155550142', email: null, service: 'House Cleaning', message: null, how: { name: 'the “Customer” line', phone: 'the “Phone” line', service: 'the “Service” line' } },
  note: 'Read as a Thumbtack email. Jamie Rivera was texted back.',
  spf: null,
  dkim: null,
  lead: { id: 'lead-1', status: 'new' },
  contact: { id: 'c1', name: 'Jamie Rivera' },
  textBackMessageId: 'm1',
};
const NO_PHONE = {
  ...THUMBTACK,
  id: 'e2',
  channel: 'http',
  from: 'Lee Chen <lee.chen@example.com>',
  subject: 'Do you service Oakland?',
  status: 'no_phone',
  parser: 'generic',
  extracted: { name: 'Lee Chen', phone: null, email: 'lee.chen@example.com', service: null, message: null, how: { email: 'the sender' } },
  note: 'No US or Canadian phone number in this email, so no lead or text was made.',
  spf: 'pass',
  lead: null,
  contact: null,
  textBackMessageId: null,
};

function api(options: { number?: typeof NO_NUMBER | typeof TEST_NUMBER; items?: unknown[]; gateway?: typeof GATEWAY } = {}) {
  return createFakeApi({
    'phone.get': () => options.number ?? TEST_NUMBER,
    'emailGateway.get': () => options.gateway ?? GATEWAY,
    'emailGateway.rotate': () => ({ address: 'leads+ffffffffffffffffffffffffffffffff@inbound.leadloop.localhost' }),
    'emailGateway.emails.list': () => ({ items: options.items ?? [], nextCursor: null }),
    'emailGateway.emails.get': () => ({ ...NO_PHONE, text: 'Hello, do you do gutter cleaning in Oakland?' }),
  });
}

describe('EmailGatewayPage', () => {
  it('shows the company’s forwarding address with a copy button and how to forward lead emails', async () => {
    const { heading } = await renderScreen(EmailGatewayPage, { path: '/email-gateway', api: api() });
    expect(heading).toHaveTextContent('Email gateway');
    expect(await screen.findByTestId('gateway-address')).toHaveTextContent(ADDRESS);
    expect(screen.getByRole('button', { name: 'Copy the forwarding address' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to forward lead emails' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No lead emails yet' })).toBeInTheDocument();
    expect(screen.queryByText('This server is not receiving email yet')).not.toBeInTheDocument();
  });

  it('says plainly when the server has no way in for email, and when there is no business number to text from', async () => {
    await renderScreen(EmailGatewayPage, { path: '/email-gateway', api: api({ number: NO_NUMBER, gateway: { ...GATEWAY, smtpListening: false } }) });
    expect(await screen.findByText('This server is not receiving email yet')).toBeInTheDocument();
    expect(await screen.findByText('No business number yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'set up your business number' })).toHaveAttribute('href', '/settings/phone');
  });

  it('lists received emails with the parser, each field and where it was found, the outcome and a link to the lead', async () => {
    await renderScreen(EmailGatewayPage, { path: '/email-gateway', api: api({ items: [THUMBTACK, NO_PHONE] }) });
    const rows = await screen.findAllByTestId('email-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Thumbtack')).toBeInTheDocument();
    expect(first.getByText('New lead')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Phone: (415) 555-0142 (from the “Phone” line)');
    expect(first.getByRole('link', { name: 'Open lead: Jamie Rivera' })).toHaveAttribute('href', '/leads?lead=lead-1');

    const second = within(rows[1]!);
    expect(second.getByText('No phone number found')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('SPF pass');
    expect(second.queryByRole('link', { name: /Open lead/ })).not.toBeInTheDocument();
    await userEvent.click(second.getByRole('button', { name: 'Show the email’s text' }));
    expect(await second.findByTestId('email-text')).toHaveTextContent('gutter cleaning in Oakland');
  });

  it('replaces the address only after a confirmation', async () => {
    const fake = api();
    await renderScreen(EmailGatewayPage, { path: '/email-gateway', api: fake });
    await userEvent.click(await screen.findByRole('button', { name: 'Get a new address' }));
    expect(fake.callsTo('emailGateway.rotate')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Replace address' }));
    await screen.findByRole('button', { name: 'Get a new address' });
    expect(fake.callsTo('emailGateway.rotate')).toHaveLength(1);
  });
});

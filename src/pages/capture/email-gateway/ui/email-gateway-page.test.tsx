import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { EmailGatewayPage } from './email-gateway-page';

const NO_NUMBER = { number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] };
const TEST_NUMBER = { ...NO_NUMBER, number: { id: 'n1', e164: '+13125550100', provider: 'simulator' as const } };
const phoneApi = (settings: typeof NO_NUMBER | typeof TEST_NUMBER = NO_NUMBER) => createFakeApi({ 'phone.get': () => settings });


describe('EmailGatewayPage', () => {
  it('explains the gateway, says there are no lead emails yet and links to the business number', async () => {
    const { heading } = await renderScreen(EmailGatewayPage, { path: '/email-gateway', api: phoneApi() });
    expect(heading).toHaveTextContent('Email gateway');
    expect(await screen.findByRole('heading', { name: 'The email gateway needs a business number' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leads' })).toHaveAttribute('href', '/leads');
  });

  it('with a test number, says the number is ready instead of asking for one', async () => {
    await renderScreen(EmailGatewayPage, { path: '/email-gateway', api: phoneApi(TEST_NUMBER) });
    expect(await screen.findByRole('heading', { name: 'The email gateway isn’t available yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Set up your business number' })).not.toBeInTheDocument();
  });
});

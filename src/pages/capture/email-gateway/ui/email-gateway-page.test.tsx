import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { EmailGatewayPage } from './email-gateway-page';

describe('EmailGatewayPage', () => {
  it('explains the gateway, says there are no lead emails yet and links to the business number', async () => {
    const { heading } = await renderScreen(EmailGatewayPage, { path: '/email-gateway' });
    expect(heading).toHaveTextContent('Email gateway');
    expect(screen.getByRole('heading', { name: 'No lead emails yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leads' })).toHaveAttribute('href', '/leads');
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { ReferralThankYouPage } from './referral-thank-you-page';

describe('ReferralThankYouPage', () => {
  it('thanks the user, explains referrals and shows an empty referral list', async () => {
    const { heading } = await renderScreen(ReferralThankYouPage, { path: '/referral-thank-you' });
    expect(heading).toHaveTextContent('Thank you for spreading the word');
    expect(screen.getByRole('heading', { name: 'How referrals work' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your referral link' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No referrals yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

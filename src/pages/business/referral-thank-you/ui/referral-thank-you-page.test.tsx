import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFERRAL_REWARD_WORDS } from '@contracts/billing';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { ReferralThankYouPage } from './referral-thank-you-page';

const MINE = { code: 'K7PQ2MXA', link: 'http://localhost:3000/?ref=K7PQ2MXA', rule: REFERRAL_REWARD_WORDS };

describe('ReferralThankYouPage', () => {
  it('thanks the user, shows their link and the reward rule, and an empty referral list', async () => {
    const api = createFakeApi({ 'referrals.mine': () => ({ ...MINE, referrals: [] }) });
    const { heading } = await renderScreen(ReferralThankYouPage, { path: '/referral-thank-you', api });
    expect(heading).toHaveTextContent('Thank you for spreading the word');
    expect(await screen.findByTestId('referral-link')).toHaveTextContent('http://localhost:3000/?ref=K7PQ2MXA');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How referrals work' })).toBeInTheDocument();
    expect(screen.getByTestId('reward-rule')).toHaveTextContent('adds 30 days to your trial, up to 3 times');
    expect(screen.getByRole('heading', { name: 'No referrals yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('lists the businesses that joined with the link, each with its state and the reward it gave', async () => {
    const api = createFakeApi({
      'referrals.mine': () => ({
        ...MINE,
        referrals: [
          { id: 'r1', businessName: 'Bo’s Drains', joinedAt: Date.parse('2027-03-02T19:00:00Z'), state: 'paying', rewardDays: 30 },
          { id: 'r2', businessName: 'Cy <b>Cooling</b>', joinedAt: Date.parse('2027-03-05T19:00:00Z'), state: 'on_trial', rewardDays: 0 },
          { id: 'r3', businessName: 'Di Roofing', joinedAt: Date.parse('2027-03-06T19:00:00Z'), state: 'signed_up', rewardDays: 0 },
        ],
      }),
    });
    await renderScreen(ReferralThankYouPage, { path: '/referral-thank-you', api });
    const rows = await screen.findAllByTestId('referral-row');
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Bo’s Drains', 'Mar 2, 2027', 'Paying', '+30 days on your trial'],
      ['Cy <b>Cooling</b>', 'Mar 5, 2027', 'On trial', '—'],
      ['Di Roofing', 'Mar 6, 2027', 'Signed up', '—'],
    ]);
    expect(screen.queryByRole('heading', { name: 'No referrals yet' })).not.toBeInTheDocument();
  });
});

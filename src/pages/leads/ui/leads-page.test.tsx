import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing';
import { LeadsPage } from './leads-page';

describe('LeadsPage', () => {
  it('shows the status filters disabled and an empty state with the ways to get a first lead', async () => {
    const { heading } = await renderScreen(LeadsPage, { path: '/leads' });
    expect(heading).toHaveTextContent('Leads');

    const filters = screen.getByRole('group', { name: 'Filter by status' });
    const chips = within(filters).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'New', 'Engaging', 'Qualified', 'Needs human', 'Booked', 'Won', 'Lost', 'Spam', 'Opted out',
    ]);
    for (const chip of chips) expect(chip).toBeDisabled();
    expect(screen.getByText('Search and filters turn on once you have leads.')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'No leads yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Install the chat widget' })).toHaveAttribute('href', '/chat-widget/styles');
    expect(screen.getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
    expect(screen.getByRole('link', { name: 'Turn on missed-call text-back' })).toHaveAttribute('href', '/missed-calls/basic');
  });
});

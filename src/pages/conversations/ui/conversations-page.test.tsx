import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing';
import { ConversationsPage } from './conversations-page';

describe('ConversationsPage', () => {
  it('shows the three empty panes and the thread filters', async () => {
    const { heading } = await renderScreen(ConversationsPage, { path: '/conversations' });
    expect(heading).toHaveTextContent('Conversations');

    const filters = screen.getByRole('group', { name: 'Show conversations' });
    expect(within(filters).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'All', 'Needs human', 'AI active', 'Mine', 'Unread', 'Closed',
    ]);
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    expect(screen.getByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
    expect(screen.getByRole('heading', { name: 'No conversation open' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No contact selected' })).toBeInTheDocument();
  });

  it('explains an empty filter and offers to go back to all conversations', async () => {
    await renderScreen(ConversationsPage, { path: '/conversations' });
    await userEvent.click(screen.getByRole('button', { name: 'Needs human' }));
    expect(screen.getByRole('button', { name: 'Needs human' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'No conversations need a person' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show all conversations' }));
    expect(screen.getByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
  });
});

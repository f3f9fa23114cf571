import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing';
import { ClientDetailsPage } from './client-details-page';
import { ClientsPage } from './clients-page';

describe('ClientsPage', () => {
  it('explains where clients come from and links to the setup that brings them', async () => {
    const { heading } = await renderScreen(ClientsPage, { path: '/clients' });
    expect(heading).toHaveTextContent('Clients');
    expect(screen.getByRole('heading', { name: 'No clients yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
    expect(screen.getByRole('link', { name: 'Install the chat widget' })).toHaveAttribute('href', '/chat-widget/styles');
  });
});

describe('ClientDetailsPage', () => {
  it('says the client was not found, as text, and links back to the list', async () => {
    const { heading } = await renderScreen(ClientDetailsPage, { path: '/clients/%3Cb%3Ehi%3C%2Fb%3E', routePath: 'clients/$id' });
    expect(heading).toHaveTextContent('Client details');
    expect(screen.getByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
    // The id from the address is shown as text, never as markup.
    expect(screen.getByText('<b>hi</b>')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to clients' })).toHaveAttribute('href', '/clients');
  });
});

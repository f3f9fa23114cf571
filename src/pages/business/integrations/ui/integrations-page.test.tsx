import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { IntegrationsPage } from './integrations-page';

describe('IntegrationsPage', () => {
  it('shows no endpoints, why adding is off, and the events an endpoint can subscribe to', async () => {
    const { heading } = await renderScreen(IntegrationsPage, { path: '/integrations' });
    expect(heading).toHaveTextContent('Webhooks');
    expect(screen.getByRole('heading', { name: 'No webhook endpoints yet' })).toBeInTheDocument();

    // Said in words, with no disabled look-alike "Add an endpoint" button (decision 0017).
    expect(screen.getByText('Adding endpoints isn’t available in your account yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add an endpoint' })).not.toBeInTheDocument();

    const events = screen.getByRole('table', { name: 'Events you can subscribe to' });
    expect(within(events).getByRole('row', { name: /New lead/ })).toBeInTheDocument();
    expect(within(events).getByRole('row', { name: /Opted out/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'logs' })).toHaveAttribute('href', '/logs');
  });
});

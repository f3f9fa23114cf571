import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { ExternalIntegrationsPage } from './external-integrations-page';

describe('ExternalIntegrationsPage', () => {
  it('lists the tools as not connected, with the reason shown and no disabled look-alike Connect button', async () => {
    const { heading } = await renderScreen(ExternalIntegrationsPage, { path: '/external-integrations' });
    expect(heading).toHaveTextContent('External integrations');
    expect(screen.getByText('Connecting tools isn’t available yet')).toBeInTheDocument();

    for (const name of ['Jobber', 'Thumbtack', 'Google Calendar']) {
      const card = screen.getByRole('region', { name });
      expect(within(card).getByText('Not connected')).toBeInTheDocument();
      expect(within(card).getByText('Not available yet')).toBeInTheDocument();
      expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    }
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { IntegrationSyncLog } from './integration-sync-log';

function Screen() {
  return (
    <>
      <h1>Logs</h1>
      <IntegrationSyncLog />
    </>
  );
}

describe('IntegrationSyncLog', () => {
  it('lists each sync with its tool, direction, result and words', async () => {
    const api = createFakeApi({
      'integrations.syncLog': () => [
        { id: 'a', provider: 'jobber', direction: 'out', status: 'retrying', summary: 'Jobber could not be reached (timeout).', at: Date.parse('2027-01-11T15:00:00Z') },
        { id: 'b', provider: 'google_calendar', direction: 'in', status: 'ok', summary: 'Read 2 busy time changes from Google Calendar.', at: Date.parse('2027-01-11T14:00:00Z') },
      ],
    });
    await renderScreen(Screen, { path: '/logs?tab=integrations', api });
    const table = await screen.findByRole('table', { name: 'Integrations log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('JobberTo JobberWill retryJobber could not be reached (timeout).');
    expect(rows[1]).toHaveTextContent('Google CalendarInto LeadLoopDoneRead 2 busy time changes from Google Calendar.');
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { ApiRequests } from './api-requests';

function Screen() {
  return (
    <>
      <h1>Logs</h1>
      <ApiRequests />
    </>
  );
}

const ROWS = [
  { id: 'r1', at: Date.parse('2026-11-26T18:00:00Z'), key: 'Zapier (ll_live_1a2b3c4d…)', method: 'POST', route: '/api/v1/leads', status: 201, latencyMs: 12, ip: '203.0.113.9', requestId: 'q1' },
  { id: 'r2', at: Date.parse('2026-11-26T17:00:00Z'), key: 'Zapier (ll_live_1a2b3c4d…)', method: 'GET', route: '/api/v1/leads/:id', status: 404, latencyMs: 3, ip: null, requestId: 'q2' },
];

describe('Logs → API requests', () => {
  it('lists each request with its key, route, answer and time, and filters by outcome', async () => {
    const api = createFakeApi({ 'publicApi.requests': (input) => ({ items: (input as { outcome?: string }).outcome === 'client_error' ? [ROWS[1]] : ROWS, nextCursor: null }) });
    await renderScreen(Screen, { path: '/logs', api });
    const table = await screen.findByRole('table', { name: 'API requests' });
    const rows = within(table).getAllByTestId('api-request-row');
    expect(rows[0]).toHaveTextContent('Zapier (ll_live_1a2b3c4d…)');
    expect(rows[0]).toHaveTextContent('POST /api/v1/leads');
    expect(rows[0]).toHaveTextContent('201');
    expect(rows[0]).toHaveTextContent('12 ms');
    expect(rows[0]).toHaveTextContent('from 203.0.113.9');
    await userEvent.click(screen.getByText('Refused'));
    expect(await screen.findAllByTestId('api-request-row')).toHaveLength(1);
    expect(api.callsTo('publicApi.requests')).toContainEqual(expect.objectContaining({ outcome: 'client_error' }));
  });
});

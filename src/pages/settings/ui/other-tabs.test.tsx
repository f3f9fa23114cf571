import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { SubscriptionTab } from './other-tabs';

function SubscriptionScreen() {
  return (
    <>
      <h1>Settings</h1>
      <SubscriptionTab />
    </>
  );
}

describe('Settings → Subscription', () => {
  it('tells staff and admins that only the owner can see and change it, without loading the plan', async () => {
    for (const role of ['staff', 'admin'] as const) {
      const api = createFakeApi({ currentSession: () => ({ kind: 'user', role, impersonation: null }) });
      const { unmount } = await renderScreen(SubscriptionScreen, { api });
      expect(await screen.findByText(/Only the owner can see and change the subscription\./)).toBeInTheDocument();
      expect(api.callsTo('company.get')).toEqual([]);
      unmount();
    }
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { PhoneApplicationTab, SubscriptionTab } from './other-tabs';

function Screen() {
  return (
    <>
      <h1>Settings</h1>
      <PhoneApplicationTab />
    </>
  );
}

describe('Settings → Phone → Application', () => {
  it('shows no check mark beside "not started", and says the wizard is not built yet', async () => {
    await renderScreen(Screen);
    const title = screen.getByRole('heading', { level: 2, name: 'Texting registration not started' });
    expect(title.parentElement?.textContent ?? '').not.toContain('✓');
    expect(document.body.textContent).not.toContain('✓');
    expect(screen.getByText(/The registration wizard isn't built yet/)).toBeInTheDocument();
  });
});

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

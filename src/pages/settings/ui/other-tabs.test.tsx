import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { PhoneApplicationTab } from './other-tabs';

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

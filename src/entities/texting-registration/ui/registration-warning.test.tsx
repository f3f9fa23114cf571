import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { TextingRegistrationWarning } from './registration-warning';

const summary = (overrides: Record<string, unknown> = {}) => ({ status: 'draft', started: false, statusWords: 'Not started', approved: false, gate: 'warn', realNumber: true, heldTexts: 0, rejectionReason: null, ...overrides });

function Screen() {
  return (
    <>
      <h1>Dashboard</h1>
      <TextingRegistrationWarning />
    </>
  );
}

describe('the texting registration warning (dashboard, Settings → Phone)', () => {
  it('warn: says carriers may block automated texts until approved, with a link to register', async () => {
    await renderScreen(Screen, { api: createFakeApi({ 'registration.summary': () => summary() }) });
    expect(await screen.findByTestId('registration-warning')).toHaveTextContent('US carriers may block or filter automated texts from a real business number');
    expect(screen.getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/settings/phone/application');
  });

  it('hold: says automated texts wait, how many, and that replies still go', async () => {
    await renderScreen(Screen, { api: createFakeApi({ 'registration.summary': () => summary({ gate: 'hold', heldTexts: 3, status: 'in_review', statusWords: 'In review with the carriers' }) }) });
    expect(await screen.findByTestId('registration-warning')).toHaveTextContent('wait until it is approved — 3 texts are waiting; replies to people who just wrote and your own texts still go');
  });

  it('says nothing once approved', async () => {
    const api = createFakeApi({ 'registration.summary': () => summary({ approved: true, status: 'approved' }) });
    await renderScreen(Screen, { api });
    await waitFor(() => expect(api.callsTo('registration.summary')).toHaveLength(1));
    expect(screen.queryByTestId('registration-warning')).not.toBeInTheDocument();
  });
});

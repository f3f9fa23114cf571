import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { MissedCallsStep } from './missed-calls-step';

const WITH_NUMBER = { number: { id: 'n1', e164: '+14165550100', provider: 'simulator' }, twilioConfigured: false, alertPhone: null, protectedNumbers: [] };

function renderStep(phone: unknown = WITH_NUMBER, onBack = vi.fn()) {
  const Screen = () => (
    <>
      <h1>Get started</h1>
      <MissedCallsStep onBack={onBack} />
    </>
  );
  return renderScreen(Screen, { path: '/onboarding', api: createFakeApi({ 'phone.get': () => phone }) }).then(() => onBack);
}

describe('Onboarding step 4: missed calls', () => {
  it('explains both ways calls reach LeadLoop and gives the forwarding codes with the number in them', async () => {
    const onBack = await renderStep();
    const modeA = await screen.findByRole('region', { name: '1. LeadLoop number rings your phone' });
    expect(modeA).toHaveTextContent('Publish (416) 555-0100 on your website');
    expect(within(modeA).getByRole('link', { name: 'Missed calls → Basic' })).toHaveAttribute('href', '/missed-calls/basic');
    const modeB = screen.getByRole('region', { name: '2. You forward unanswered calls to LeadLoop' });
    expect(modeB).toHaveTextContent('every call that arrives is already missed');

    await userEvent.click(within(modeB).getByRole('combobox', { name: 'Your business number is on' }));
    await userEvent.click(screen.getByRole('option', { name: 'Bell' }));
    const bell = within(modeB).getByRole('region', { name: 'How to forward missed calls on Bell' });
    expect(within(bell).getByText('**004*14165550100#')).toBeInTheDocument();
    expect(within(bell).getByText('##004#')).toBeInTheDocument();
    expect(bell).toHaveTextContent('call Bell and ask them');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Go to my dashboard' })).toBeInTheDocument();
  });

  it('before a business number is chosen it says the codes need one', async () => {
    await renderStep({ ...WITH_NUMBER, number: null });
    expect(await screen.findByText('Choose a business number first: the forwarding codes include it.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '1. LeadLoop number rings your phone' })).toHaveTextContent('Publish your LeadLoop number');
  });
});

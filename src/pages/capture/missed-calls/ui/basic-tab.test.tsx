import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, renderScreen } from '@/shared/lib/test';
import { BasicTab } from './basic-tab';
import { MissedCallsLayout } from './missed-calls-layout';
import { missedCallsApi, SETTINGS } from './test-fixtures';

const renderBasic = (api = missedCallsApi()) => renderScreen(MissedCallsLayout, { path: '/missed-calls/basic', children: { 'missed-calls/basic': BasicTab }, api }).then(() => api);

describe('Missed calls → Basic: forwarding instructions', () => {
  it('mode b shows the codes for the chosen carrier with the business’s LeadLoop number in them; mode a does not', async () => {
    await renderBasic();
    const form = await screen.findByRole('form', { name: 'Missed-call text-back' });
    expect(within(form).queryByRole('combobox', { name: 'Your business number is on' })).not.toBeInTheDocument();

    await userEvent.click(within(form).getByRole('radio', { name: 'You forward unanswered calls to LeadLoop' }));
    await userEvent.click(within(form).getByRole('combobox', { name: 'Your business number is on' }));
    await userEvent.click(screen.getByRole('option', { name: 'Verizon' }));
    const verizon = within(form).getByRole('region', { name: 'How to forward missed calls on Verizon' });
    expect(within(verizon).getByText('*713125550100')).toBeInTheDocument();
    expect(within(verizon).getByText('*73')).toBeInTheDocument();
    // Choosing a carrier is guidance, not a setting: nothing to save.
    expect(within(form).getByRole('button', { name: 'Save text-back settings' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('You have unsaved changes.');
  });
});

describe('Missed calls → Basic: nothing typed twice', () => {
  it('offers the number given at sign-up for “Forward calls to” while it is empty', async () => {
    const api = await renderBasic(missedCallsApi({ 'company.get': () => ({ name: 'Acme Plumbing', signupPhone: '+13125550177' }), 'missedCalls.settings.get': () => ({ ...SETTINGS, routingMode: 'ring_then_voicemail', forwardTo: null }) }));
    const form = await screen.findByRole('form', { name: 'Missed-call text-back' });
    await userEvent.click(await within(form).findByRole('button', { name: 'Use your sign-up number, (312) 555-0177' }));
    expect(within(form).getByRole('textbox', { name: 'Forward calls to' })).toHaveValue('(312) 555-0177');
    expect(within(form).queryByRole('button', { name: /Use your sign-up number/ })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save text-back settings' }));
    await waitFor(() => expect(api.callsTo('missedCalls.settings.update')[0]).toMatchObject({ forwardTo: '+13125550177' }));
  });
});

describe('Missed calls → Basic: the server’s field errors under their fields', () => {
  it('forward-to equal to a LeadLoop number: the message under “Forward calls to”', async () => {
    const api = await renderBasic(
      missedCallsApi({
        'missedCalls.settings.update': () => {
          throw apiError('BAD_REQUEST', 'Forward calls to your own phone, not to your LeadLoop number (it would ring itself).', {
            forwardTo: ['Forward calls to your own phone, not to your LeadLoop number (it would ring itself).'],
          });
        },
      }),
    );
    const form = await screen.findByRole('form', { name: 'Missed-call text-back' });
    const forwardTo = within(form).getByRole('textbox', { name: 'Forward calls to' });
    await userEvent.clear(forwardTo);
    await userEvent.type(forwardTo, '3125550100');
    await userEvent.click(within(form).getByRole('button', { name: 'Save text-back settings' }));

    await waitFor(() => expect(forwardTo).toHaveAccessibleDescription(expect.stringContaining('it would ring itself')));
    expect(api.callsTo('missedCalls.settings.update')[0]).toMatchObject({ forwardTo: '+13125550100' });
    // A field error is not repeated as a refusal above the Save button.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an unknown merge tag the server refused: the message under that template, naming the tag', async () => {
    await renderBasic(
      missedCallsApi({
        'missedCalls.settings.update': () => {
          throw apiError('BAD_REQUEST', 'Unknown merge tag: {nickname}.', { afterHoursTemplate: ['Unknown merge tag: {nickname}. Available: {first_name}, {business_name}.'] });
        },
      }),
    );
    const form = await screen.findByRole('form', { name: 'Missed-call text-back' });
    const delay = within(form).getByLabelText('Text back after (seconds)');
    await userEvent.clear(delay);
    await userEvent.type(delay, '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Save text-back settings' }));

    const after = within(form).getByRole('textbox', { name: /After hours/ });
    await waitFor(() => expect(after).toHaveAttribute('aria-invalid', 'true'));
    expect(after).toHaveAccessibleDescription(expect.stringContaining('Unknown merge tag: {nickname}'));
    expect(within(form).getByRole('textbox', { name: /During business hours/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(SETTINGS.afterHoursTemplate).not.toContain('{nickname}');
  });
});

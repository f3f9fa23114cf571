import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { startQaInspector } from '@/widgets/qa-inspector';
import { INVITE_RESEND_COOLDOWN_MS, type InvitePreview, provideInviteFlow } from './invite-flow.machine';

const preview: InvitePreview = { companyName: 'Acme Plumbing', invitedByName: 'Olivia Owner', email: 'sam@acme.test', role: 'staff', status: 'pending', expiresAt: Date.UTC(2026, 11, 4) };

afterEach(() => {
  document.getElementById('qa-inspector')?.remove();
  window.sessionStorage.clear();
});

describe('the invitation machine in the QA inspector', () => {
  it('is watched and driven like the sign-in machine: its states, its events with their fields, its clock', async () => {
    const qa = startQaInspector();
    qa.clock.pause();
    const sent: unknown[] = [];
    const logic = provideInviteFlow({
      preview: async () => preview,
      sendCode: async (input) => {
        sent.push(input);
        return { success: true, email: preview.email, message: 'We sent a 6-digit code to sam@acme.test.' };
      },
      verify: async () => ({ success: false, authToken: null, message: 'Invalid verification code. 4 attempts left.' }),
    });
    const actor = createActor(logic, { input: { token: 'secret-invite-token' }, clock: qa.clock, inspect: qa.inspect });
    actor.start();
    const panel = await screen.findByRole('complementary', { name: 'QA inspector' });
    expect(await within(panel).findByTestId('qa-active-states')).toHaveTextContent('details');
    // The link's token is a credential: the panel masks it like the auth token.
    expect(panel.textContent).not.toContain('secret-invite-token');

    const user = userEvent.setup();
    await user.type(within(panel).getByLabelText('details.submit first name'), '{Control>}a{/Control}Sam');
    await user.type(within(panel).getByLabelText('details.submit last name'), '{Control>}a{/Control}Lee');
    await user.click(within(panel).getByRole('button', { name: 'Send details.submit' }));
    await within(panel).findByText('code.form.editing + code.cooldown.waiting');
    expect(sent).toEqual([{ token: 'secret-invite-token', firstName: 'Sam', lastName: 'Lee' }]);
    expect(within(panel).getByRole('button', { name: 'Send code.resend' })).toBeDisabled();

    await act(async () => qa.clock.advance(INVITE_RESEND_COOLDOWN_MS));
    await within(panel).findByText('code.form.editing + code.cooldown.ready');
    expect(within(panel).getByRole('button', { name: 'Send code.resend' })).toBeEnabled();
  });
});

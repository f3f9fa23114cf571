import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { provideAuthFlow, type ServerAnswer, type VerifyAnswer } from '@/features/auth-flow';
import { createControllableClock } from '../model/controllable-clock';
import { InspectionStore } from '../model/inspection-store';
import { QaPanel } from './qa-panel';

const T0 = Date.UTC(2026, 10, 23, 15, 0, 0);

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}

/** The screen's actor as the app starts it, with a server that always says "sent", on a paused QA clock. */
function setUp() {
  const clock = createControllableClock({ pausedAt: T0 });
  const store = new InspectionStore(clock.now);
  const sent = async (): Promise<ServerAnswer> => ({ success: true, message: 'Verification code sent successfully.' });
  const machine = provideAuthFlow(
    {
      createAccount: fromPromise(sent),
      requestCode: fromPromise(sent),
      verifyCode: fromPromise(async (): Promise<VerifyAnswer> => ({ success: false, authToken: null })),
    },
    clock.now,
  );
  const actor = createActor(machine, { input: { now: clock.now(), initialMode: 'login' }, clock, inspect: store.inspect });
  actor.start();
  render(<QaPanel screen={store} clock={clock} storage={memoryStorage()} reload={() => undefined} />);
  return { actor, clock };
}

describe('QA panel', () => {
  it('drives the machine with the event buttons and the clock, highlighting the active states', async () => {
    const user = userEvent.setup();
    const { actor } = setUp();
    const panel = await screen.findByRole('complementary', { name: 'QA inspector' });
    expect(await within(panel).findByTestId('qa-active-states')).toHaveTextContent('login.editing');
    expect(panel.querySelector('[data-state-path="login.editing"]')).toHaveAttribute('data-active', 'true');

    await user.type(within(panel).getByLabelText('login.submit email'), 'dana@acme.test');
    await user.click(within(panel).getByRole('button', { name: 'Send login.submit' }));
    await within(panel).findByText('verifyCode.form.idle + verifyCode.countdown.running');
    // Resend is refused by its guard while the countdown runs.
    expect(within(panel).getByRole('button', { name: 'Send code.resend' })).toBeDisabled();
    expect(within(panel).getByText(/after untilNextSecond → verifyCode\.countdown\.checking in 1\.000 s/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Jump to end of countdown' }));
    await within(panel).findByText('verifyCode.form.idle + verifyCode.countdown.ready');
    expect(within(panel).getByRole('button', { name: 'Send code.resend' })).toBeEnabled();
    expect(actor.getSnapshot().context.now).toBe(T0 + 30_000);
  });

  it('never shows the code typed', async () => {
    const user = userEvent.setup();
    const { actor } = setUp();
    const panel = await screen.findByRole('complementary', { name: 'QA inspector' });
    await act(async () => actor.send({ type: 'login.submit', email: 'dana@acme.test' }));
    await within(panel).findByText('verifyCode.form.idle + verifyCode.countdown.running');
    const codeBox = within(panel).getByLabelText('code.submit code');
    expect(codeBox).toHaveAttribute('type', 'password');
    await user.type(codeBox, '424242');
    await user.click(within(panel).getByRole('button', { name: 'Send code.submit' }));
    await within(panel).findByText((_, element) => element?.getAttribute('data-event') === 'code.submit');
    expect(panel.textContent).toContain('•••••• (hidden)');
    expect(panel.textContent).not.toContain('424242');
  });
});

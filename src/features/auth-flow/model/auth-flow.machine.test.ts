import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  AUTH_FLOW_MESSAGES,
  type AuthFlowEmitted,
  type AuthFlowInput,
  authFlowMachine,
  isBusy,
  isSuccessMessage,
  resendSecondsLeft,
  screenModeOf,
} from './auth-flow.machine';
import { RateLimitedError, type RegistrationPayload, type ServerAnswer, type VerifyAnswer } from './auth-flow.types';

const T0 = Date.UTC(2026, 10, 21, 15, 0, 0);

interface FakeApi {
  createAccount: (input: RegistrationPayload) => Promise<ServerAnswer>;
  requestCode: (input: { email: string }) => Promise<ServerAnswer>;
  verifyCode: (input: { email: string; code: string }) => Promise<VerifyAnswer>;
}

const payload: RegistrationPayload = {
  email: 'dana@acme.test',
  firstName: 'Dana',
  lastName: 'Rivera',
  companyName: 'Acme Plumbing',
  signupPhone: null,
  referrer: '',
};

/** Promise actors settle on microtasks; no timer is involved (time only moves with `clock.increment`). */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

function startFlow(options: { input?: Partial<AuthFlowInput>; api?: Partial<FakeApi>; now?: number } = {}) {
  const clock = new SimulatedClock();
  clock.set(options.now ?? T0);
  const api = {
    createAccount: vi.fn<FakeApi['createAccount']>(async () => ({ success: true, message: 'Account created successfully. Check your email.' })),
    requestCode: vi.fn<FakeApi['requestCode']>(async () => ({ success: true, message: 'Verification code sent successfully.' })),
    verifyCode: vi.fn<FakeApi['verifyCode']>(async () => ({ success: true, authToken: 'tok_123', message: 'Email verified successfully.' })),
    ...options.api,
  };
  const machine = authFlowMachine.provide({
    actions: { syncTime: assign({ now: () => clock.now() }) },
    actors: {
      createAccount: fromPromise(({ input }) => api.createAccount(input)),
      requestCode: fromPromise(({ input }) => api.requestCode(input)),
      verifyCode: fromPromise(({ input }) => api.verifyCode(input)),
    },
  });
  const actor = createActor(machine, { input: { now: clock.now(), ...options.input }, clock });
  const emitted: AuthFlowEmitted[] = [];
  actor.on('signedIn', (event) => emitted.push(event));
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    clock,
    api,
    emitted,
    snapshot,
    mode: () => screenModeOf(snapshot()),
    message: () => snapshot().context.message,
    secondsLeft: () => resendSecondsLeft(snapshot().context),
  };
}

async function toVerify(flow: ReturnType<typeof startFlow>, via: 'register' | 'login' = 'register') {
  if (via === 'register') {
    flow.actor.send({ type: 'register.submit', payload });
  } else {
    flow.actor.send({ type: 'mode.switch', mode: 'login' });
    flow.actor.send({ type: 'login.submit', email: 'dana@acme.test' });
  }
  await settle();
  expect(flow.mode()).toBe('verify-code');
}

describe('auth flow: modes', () => {
  it('starts in register, or in the requested form', () => {
    expect(startFlow().mode()).toBe('register');
    expect(startFlow({ input: { initialMode: 'login' } }).mode()).toBe('login');
  });

  it('switches between register and login with the buttons, clearing any message', async () => {
    const flow = startFlow({ api: { createAccount: async () => ({ success: false, message: 'Company name is required' }) } });
    flow.actor.send({ type: 'register.submit', payload });
    await settle();
    expect(flow.message()).toBe('Company name is required');
    flow.actor.send({ type: 'mode.switch', mode: 'login' });
    expect(flow.mode()).toBe('login');
    expect(flow.message()).toBeNull();
    flow.actor.send({ type: 'mode.switch', mode: 'register' });
    expect(flow.mode()).toBe('register');
  });

  it('registers, then asks for the code (mode register) with the server message in success style', async () => {
    const flow = startFlow();
    flow.actor.send({ type: 'register.submit', payload });
    expect(isBusy(flow.snapshot())).toBe(true);
    await settle();
    expect(flow.api.createAccount).toHaveBeenCalledWith(payload);
    expect(flow.mode()).toBe('verify-code');
    expect(flow.snapshot().context.verification).toEqual({ email: 'dana@acme.test', mode: 'register' });
    expect(flow.message()).toBe('Account created successfully. Check your email.');
    expect(isSuccessMessage(flow.message()!)).toBe(true);
  });

  it('requests a login code, then asks for it (mode login)', async () => {
    const flow = startFlow({ input: { initialMode: 'login' } });
    flow.actor.send({ type: 'login.submit', email: 'dana@acme.test' });
    await settle();
    expect(flow.api.requestCode).toHaveBeenCalledWith({ email: 'dana@acme.test' });
    expect(flow.snapshot().context.verification).toEqual({ email: 'dana@acme.test', mode: 'login' });
    expect(flow.message()).toBe('Verification code sent successfully.');
  });

  it('goes back from the code to the form it came from', async () => {
    const registered = startFlow();
    await toVerify(registered, 'register');
    registered.actor.send({ type: 'verify.back' });
    expect(registered.mode()).toBe('register');
    expect(registered.snapshot().context.verification).toBeNull();

    const loggedIn = startFlow();
    await toVerify(loggedIn, 'login');
    loggedIn.actor.send({ type: 'verify.back' });
    expect(loggedIn.mode()).toBe('login');
  });
});

describe('auth flow: the 2 s automatic switches', () => {
  it('"already exists" switches register → login after exactly 2 s, keeping the email', async () => {
    const flow = startFlow({
      api: { createAccount: async () => ({ success: false, message: 'An account with this email already exists. Please log in instead.' }) },
    });
    flow.actor.send({ type: 'register.submit', payload });
    await settle();
    expect(flow.message()).toBe('An account with this email already exists. Please log in instead.');
    expect(flow.mode()).toBe('register');
    flow.clock.increment(1999);
    expect(flow.mode()).toBe('register');
    flow.clock.increment(1);
    expect(flow.mode()).toBe('login');
    expect(flow.snapshot().context.email).toBe('dana@acme.test');
  });

  it('"not found" shows the spec message and switches login → register after exactly 2 s', async () => {
    const flow = startFlow({
      input: { initialMode: 'login' },
      api: { requestCode: async () => ({ success: false, message: 'Account not found for this email address.' }) },
    });
    flow.actor.send({ type: 'login.submit', email: 'new@acme.test' });
    await settle();
    expect(flow.message()).toBe('Account not found. Would you like to create one?');
    flow.clock.increment(1999);
    expect(flow.mode()).toBe('login');
    flow.clock.increment(1);
    expect(flow.mode()).toBe('register');
    expect(flow.snapshot().context.email).toBe('new@acme.test');
  });

  it('a switch button during the 2 s switches at once', async () => {
    const flow = startFlow({ input: { initialMode: 'login' }, api: { requestCode: async () => ({ success: false, message: 'not found' }) } });
    flow.actor.send({ type: 'login.submit', email: 'x@acme.test' });
    await settle();
    flow.actor.send({ type: 'mode.switch', mode: 'register' });
    expect(flow.mode()).toBe('register');
    flow.clock.increment(5000);
    expect(flow.mode()).toBe('register');
  });

  it('other failures stay on the form without switching', async () => {
    const flow = startFlow({ api: { createAccount: async () => ({ success: false, message: 'Invalid input: email: Enter a valid email address' }) } });
    flow.actor.send({ type: 'register.submit', payload });
    await settle();
    flow.clock.increment(10_000);
    expect(flow.mode()).toBe('register');
    expect(flow.snapshot().matches({ register: 'editing' })).toBe(true);
  });
});

describe('auth flow: the 30 s resend countdown', () => {
  it('counts down second by second from 30 with Resend disabled, then allows it', async () => {
    const flow = startFlow();
    await toVerify(flow);
    expect(flow.secondsLeft()).toBe(30);
    for (let expected = 29; expected >= 0; expected -= 1) {
      flow.actor.send({ type: 'code.resend' }); // ignored while counting
      flow.clock.increment(999);
      expect(flow.secondsLeft()).toBe(expected + 1);
      flow.clock.increment(1);
      expect(flow.secondsLeft()).toBe(expected);
    }
    expect(flow.snapshot().matches({ verifyCode: { countdown: 'ready' } })).toBe(true);
    expect(flow.api.requestCode).not.toHaveBeenCalled();

    flow.actor.send({ type: 'code.resend' });
    expect(isBusy(flow.snapshot())).toBe(true);
    await settle();
    expect(flow.api.requestCode).toHaveBeenCalledWith({ email: 'dana@acme.test' });
    expect(flow.message()).toBe('Verification code resent successfully.');
    expect(flow.secondsLeft()).toBe(30);
    flow.clock.increment(1000);
    expect(flow.secondsLeft()).toBe(29);
  });

  it('resend failures show the server message or the fallback, and keep Resend available', async () => {
    const answers: Array<ServerAnswer | Error> = [{ success: false, message: '' }, { success: false, message: 'Account not found for this email address.' }, new Error('network down')];
    const flow = startFlow({
      api: {
        requestCode: async () => {
          const next = answers.shift()!;
          if (next instanceof Error) throw next;
          return next;
        },
      },
    });
    await toVerify(flow);
    flow.clock.increment(30_000);
    flow.actor.send({ type: 'code.resend' });
    await settle();
    expect(flow.message()).toBe('Failed to resend verification code');
    flow.actor.send({ type: 'code.resend' });
    await settle();
    expect(flow.message()).toBe('Account not found for this email address.');
    flow.actor.send({ type: 'code.resend' });
    await settle();
    expect(flow.message()).toBe(AUTH_FLOW_MESSAGES.unexpected);
    expect(flow.secondsLeft()).toBe(0);
  });

  it('a rate-limited resend shows the server wait and counts it down', async () => {
    const flow = startFlow({
      api: { requestCode: async () => Promise.reject(new RateLimitedError('Please wait 45 seconds before requesting another code.', 45_000)) },
    });
    await toVerify(flow);
    flow.clock.increment(30_000);
    flow.actor.send({ type: 'code.resend' });
    await settle();
    expect(flow.message()).toBe('Please wait 45 seconds before requesting another code.');
    expect(flow.secondsLeft()).toBe(45);
    flow.clock.increment(44_999);
    expect(flow.secondsLeft()).toBe(1);
    flow.clock.increment(1);
    expect(flow.secondsLeft()).toBe(0);
  });
});

describe('auth flow: verification', () => {
  it('on success ends with the token and announces it (mode register)', async () => {
    const flow = startFlow();
    await toVerify(flow, 'register');
    flow.actor.send({ type: 'code.submit', code: '123456' });
    await settle();
    expect(flow.api.verifyCode).toHaveBeenCalledWith({ email: 'dana@acme.test', code: '123456' });
    expect(flow.snapshot().status).toBe('done');
    expect(flow.snapshot().output).toEqual({ authToken: 'tok_123', mode: 'register' });
    expect(flow.emitted).toEqual([{ type: 'signedIn', authToken: 'tok_123', mode: 'register' }]);
  });

  it('announces mode login after a login', async () => {
    const flow = startFlow();
    await toVerify(flow, 'login');
    flow.actor.send({ type: 'code.submit', code: '654321' });
    await settle();
    expect(flow.emitted).toEqual([{ type: 'signedIn', authToken: 'tok_123', mode: 'login' }]);
  });

  it('shows the server message, the fallback, or the unexpected-error text on failure', async () => {
    const answers: Array<VerifyAnswer | Error> = [
      { success: false, authToken: null, message: 'Invalid verification code. 4 attempts left.' },
      { success: false, authToken: null, message: null },
      { success: true, authToken: '', message: 'weird' },
      new Error('boom'),
      new RateLimitedError('Too many incorrect codes for this email. Try again in 24 hours.', 86_400_000),
    ];
    const flow = startFlow({
      api: {
        verifyCode: async () => {
          const next = answers.shift()!;
          if (next instanceof Error) throw next;
          return next;
        },
      },
    });
    await toVerify(flow);
    const expected = [
      'Invalid verification code. 4 attempts left.',
      'Invalid verification code',
      'weird',
      'An unexpected error occurred. Please try again.',
      'Too many incorrect codes for this email. Try again in 24 hours.',
    ];
    for (const message of expected) {
      flow.actor.send({ type: 'code.submit', code: '000000' });
      await settle();
      expect(flow.message()).toBe(message);
      expect(flow.mode()).toBe('verify-code');
    }
    expect(flow.emitted).toEqual([]);
  });
});

describe('auth flow: fallback messages on the forms', () => {
  it.each([
    [{ success: false }, 'Failed to create account'],
    [{ success: false, message: '   ' }, 'Failed to create account'],
    [new Error('offline'), 'An unexpected error occurred. Please try again.'],
    [new RateLimitedError('Too many codes were requested from your network. Try again in 12 minutes.', 720_000), 'Too many codes were requested from your network. Try again in 12 minutes.'],
  ])('registration %o → %s', async (answer, message) => {
    const flow = startFlow({
      api: { createAccount: async () => (answer instanceof Error ? Promise.reject(answer) : (answer as ServerAnswer)) },
    });
    flow.actor.send({ type: 'register.submit', payload });
    await settle();
    expect(flow.message()).toBe(message);
    expect(flow.mode()).toBe('register');
  });

  it.each([
    [{ success: false }, 'Failed to initiate login'],
    [{ success: false, message: 'Please wait 20 seconds' }, 'Please wait 20 seconds'],
    [new TypeError('Failed to fetch'), 'An unexpected error occurred. Please try again.'],
  ])('login %o → %s', async (answer, message) => {
    const flow = startFlow({
      input: { initialMode: 'login' },
      api: { requestCode: async () => (answer instanceof Error ? Promise.reject(answer) : (answer as ServerAnswer)) },
    });
    flow.actor.send({ type: 'login.submit', email: 'dana@acme.test' });
    await settle();
    expect(flow.message()).toBe(message);
    expect(flow.mode()).toBe('login');
  });

  it('styles a message as success only when it contains "successfully"', () => {
    expect(isSuccessMessage('Verification code resent successfully.')).toBe(true);
    expect(isSuccessMessage('Account not found. Would you like to create one?')).toBe(false);
    expect(isSuccessMessage('Failed to create account')).toBe(false);
  });
});

describe('auth flow: restoring a saved state', () => {
  it('restores verify-code and keeps counting from where the countdown was', () => {
    const flow = startFlow({
      input: {
        restored: { mode: 'verify-code', verificationState: { email: 'dana@acme.test', mode: 'login' }, resendTimeout: T0 + 12_500 },
      },
    });
    expect(flow.mode()).toBe('verify-code');
    expect(flow.snapshot().context.verification).toEqual({ email: 'dana@acme.test', mode: 'login' });
    expect(flow.secondsLeft()).toBe(13);
    flow.clock.increment(499);
    expect(flow.secondsLeft()).toBe(13);
    flow.clock.increment(1);
    expect(flow.secondsLeft()).toBe(12);
    flow.clock.increment(12_000);
    expect(flow.secondsLeft()).toBe(0);
    expect(flow.snapshot().matches({ verifyCode: { countdown: 'ready' } })).toBe(true);
  });

  it('restores with Resend available when the countdown ended while away', () => {
    const flow = startFlow({
      input: { restored: { mode: 'verify-code', verificationState: { email: 'a@b.test', mode: 'register' }, resendTimeout: T0 - 1 } },
    });
    expect(flow.secondsLeft()).toBe(0);
    expect(flow.snapshot().matches({ verifyCode: { countdown: 'ready' } })).toBe(true);
  });

  it('restores login and register modes, and ignores a verify-code without its email', () => {
    expect(startFlow({ input: { restored: { mode: 'login', verificationState: null, resendTimeout: null } } }).mode()).toBe('login');
    expect(startFlow({ input: { initialMode: 'login', restored: { mode: 'register', verificationState: null, resendTimeout: null } } }).mode()).toBe('register');
    expect(startFlow({ input: { restored: { mode: 'verify-code', verificationState: null, resendTimeout: null } } }).mode()).toBe('register');
  });
});

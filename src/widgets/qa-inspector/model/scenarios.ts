import { AUTH_FLOW_MESSAGES, type AuthFlowEvent, type RegistrationPayload, type ServerAnswer, type VerificationMode, type VerifyAnswer } from '@/features/auth-flow';

export type ApiName = 'createAccount' | 'requestCode' | 'verifyCode';

/** What the scripted server answers: a result, or a thrown error (the network failing). */
export type Answer = { output: ServerAnswer | VerifyAnswer } | { error: string };

export type StepAction =
  | { kind: 'send'; event: AuthFlowEvent }
  | { kind: 'answer'; api: ApiName; answer: Answer }
  | { kind: 'advance'; ms: number }
  | { kind: 'next-delay' }
  | { kind: 'countdown-end' }
  | { kind: 'reload'; ageSavedStateMs?: number };

/** What must hold after a step; fields left out are not checked. */
export interface Expectation {
  /** Every active leaf state, e.g. ['verifyCode.form.idle', 'verifyCode.countdown.running']. */
  states: string[];
  message?: string | null;
  secondsLeft?: number;
  email?: string;
}

export interface ScenarioStep {
  title: string;
  action: StepAction;
  expect: Expectation;
}

export interface Scenario {
  id: string;
  title: string;
  initialMode: VerificationMode;
  steps: ScenarioStep[];
}

const NEW_EMAIL = 'new.owner@acme.test';
const EXISTING_EMAIL = 'dana@acme.test';
const UNKNOWN_EMAIL = 'nobody@acme.test';
const registration = (email: string): RegistrationPayload => ({
  email,
  firstName: 'Dana',
  lastName: 'Rivera',
  companyName: 'Acme Plumbing',
  signupPhone: null,
  referrer: '',
});

/** The server's own words (server/modules/auth/auth.service.ts), so the scripted answers look like the real ones. */
const SERVER = {
  created: (email: string) => `Account created successfully. We sent a 6-digit verification code to ${email}.`,
  alreadyExists: 'An account with this email already exists. Please log in instead.',
  notFound: 'Account not found for this email address.',
  codeSent: (email: string) => `Verification code sent successfully to ${email}.`,
  wrongCode: 'Invalid verification code. 4 attempts left.',
};

const VERIFY_RUNNING = ['verifyCode.form.idle', 'verifyCode.countdown.running'];
const VERIFY_READY = ['verifyCode.form.idle', 'verifyCode.countdown.ready'];
const SECOND = 1_000;
const MINUTE = 60 * SECOND;

const send = (title: string, event: AuthFlowEvent, expect: Expectation): ScenarioStep => ({ title, action: { kind: 'send', event }, expect });
const answer = (title: string, api: ApiName, result: Answer, expect: Expectation): ScenarioStep => ({ title, action: { kind: 'answer', api, answer: result }, expect });

const registerAndVerify = (email: string): ScenarioStep[] => [
  send(`Submit the registration of ${email}`, { type: 'register.submit', payload: registration(email) }, { states: ['register.submitting'] }),
  answer('Server: account created', 'createAccount', { output: { success: true, message: SERVER.created(email) } }, {
    states: VERIFY_RUNNING,
    message: SERVER.created(email),
    secondsLeft: 30,
  }),
];

/** The cases of the issue, replayed against a sandbox copy of the machine with scripted server answers. */
export const SCENARIOS: Scenario[] = [
  {
    id: 'new-registration',
    title: 'New registration',
    initialMode: 'register',
    steps: [
      ...registerAndVerify(NEW_EMAIL),
      send('Type the code and verify', { type: 'code.submit', code: '123456' }, { states: ['verifyCode.form.verifying', 'verifyCode.countdown.running'], message: null }),
      answer('Server: verified, with a token', 'verifyCode', { output: { success: true, authToken: 'tok_scenario', message: 'Email verified successfully.' } }, { states: ['signedIn'] }),
    ],
  },
  {
    id: 'existing-email',
    title: 'Existing email → login after 2 s',
    initialMode: 'register',
    steps: [
      send(`Submit the registration of ${EXISTING_EMAIL}`, { type: 'register.submit', payload: registration(EXISTING_EMAIL) }, { states: ['register.submitting'] }),
      answer('Server: already exists', 'createAccount', { output: { success: false, message: SERVER.alreadyExists } }, {
        states: ['register.switchingToLogin'],
        message: SERVER.alreadyExists,
      }),
      { title: 'Advance 1 s: still switching', action: { kind: 'advance', ms: SECOND }, expect: { states: ['register.switchingToLogin'] } },
      { title: 'Jump to the 2 s switch', action: { kind: 'next-delay' }, expect: { states: ['login.editing'], email: EXISTING_EMAIL } },
    ],
  },
  {
    id: 'unknown-email',
    title: 'Unknown email → register after 2 s',
    initialMode: 'login',
    steps: [
      send(`Ask a login code for ${UNKNOWN_EMAIL}`, { type: 'login.submit', email: UNKNOWN_EMAIL }, { states: ['login.submitting'] }),
      answer('Server: not found', 'requestCode', { output: { success: false, message: SERVER.notFound } }, {
        states: ['login.switchingToRegister'],
        message: AUTH_FLOW_MESSAGES.accountNotFound,
      }),
      { title: 'Jump to the 2 s switch', action: { kind: 'next-delay' }, expect: { states: ['register.editing'], email: UNKNOWN_EMAIL } },
    ],
  },
  {
    id: 'resend-countdown',
    title: 'Resend countdown → "Verification code resent successfully."',
    initialMode: 'login',
    steps: [
      send(`Ask a login code for ${EXISTING_EMAIL}`, { type: 'login.submit', email: EXISTING_EMAIL }, { states: ['login.submitting'] }),
      answer('Server: code sent', 'requestCode', { output: { success: true, message: SERVER.codeSent(EXISTING_EMAIL) } }, { states: VERIFY_RUNNING, secondsLeft: 30 }),
      send('Resend too early: ignored', { type: 'code.resend' }, { states: VERIFY_RUNNING, secondsLeft: 30 }),
      { title: 'Advance 1 s', action: { kind: 'advance', ms: SECOND }, expect: { states: VERIFY_RUNNING, secondsLeft: 29 } },
      { title: 'Jump to the end of the 30 s', action: { kind: 'countdown-end' }, expect: { states: VERIFY_READY, secondsLeft: 0 } },
      send('Resend', { type: 'code.resend' }, { states: ['verifyCode.form.resending', 'verifyCode.countdown.ready'], message: null }),
      answer('Server: code sent again', 'requestCode', { output: { success: true, message: SERVER.codeSent(EXISTING_EMAIL) } }, {
        states: VERIFY_RUNNING,
        message: AUTH_FLOW_MESSAGES.resent,
        secondsLeft: 30,
      }),
    ],
  },
  {
    id: 'reload-during-verify',
    title: 'Reload during verify-code',
    initialMode: 'register',
    steps: [
      ...registerAndVerify(NEW_EMAIL),
      { title: 'Advance 10 s', action: { kind: 'advance', ms: 10 * SECOND }, expect: { states: VERIFY_RUNNING, secondsLeft: 20 } },
      { title: 'Reload: same email, countdown goes on from 20 s', action: { kind: 'reload' }, expect: { states: VERIFY_RUNNING, secondsLeft: 20, email: NEW_EMAIL, message: null } },
    ],
  },
  {
    id: 'expired-saved-state',
    title: 'Expired saved state (20 minutes)',
    initialMode: 'register',
    steps: [
      ...registerAndVerify(NEW_EMAIL),
      { title: 'Saved state aged 19:59, reload: restored', action: { kind: 'reload', ageSavedStateMs: 20 * MINUTE - SECOND }, expect: { states: VERIFY_RUNNING, email: NEW_EMAIL } },
      { title: 'Saved state aged 20:00, reload: fresh screen', action: { kind: 'reload', ageSavedStateMs: 20 * MINUTE }, expect: { states: ['register.editing'], email: '', message: null } },
    ],
  },
  {
    id: 'wrong-code',
    title: 'Wrong code',
    initialMode: 'register',
    steps: [
      ...registerAndVerify(NEW_EMAIL),
      send('Type a wrong code and verify', { type: 'code.submit', code: '000000' }, { states: ['verifyCode.form.verifying', 'verifyCode.countdown.running'] }),
      answer('Server: invalid code', 'verifyCode', { output: { success: false, message: SERVER.wrongCode } }, { states: VERIFY_RUNNING, message: SERVER.wrongCode }),
    ],
  },
  {
    id: 'fallback-messages',
    title: 'Server error fallback messages',
    initialMode: 'register',
    steps: [
      send('Submit a registration', { type: 'register.submit', payload: registration(NEW_EMAIL) }, { states: ['register.submitting'] }),
      answer('Server: failure without a message', 'createAccount', { output: { success: false } }, { states: ['register.editing'], message: AUTH_FLOW_MESSAGES.createAccountFailed }),
      send('Submit again', { type: 'register.submit', payload: registration(NEW_EMAIL) }, { states: ['register.submitting'], message: null }),
      answer('Network fails', 'createAccount', { error: 'Failed to fetch' }, { states: ['register.editing'], message: AUTH_FLOW_MESSAGES.unexpected }),
      send('Switch to login', { type: 'mode.switch', mode: 'login' }, { states: ['login.editing'], message: null }),
      send('Ask a login code', { type: 'login.submit', email: EXISTING_EMAIL }, { states: ['login.submitting'] }),
      answer('Server: failure, message null', 'requestCode', { output: { success: false, message: null } }, { states: ['login.editing'], message: AUTH_FLOW_MESSAGES.loginFailed }),
      send('Ask again', { type: 'login.submit', email: EXISTING_EMAIL }, { states: ['login.submitting'] }),
      answer('Server: code sent', 'requestCode', { output: { success: true, message: SERVER.codeSent(EXISTING_EMAIL) } }, { states: VERIFY_RUNNING }),
      send('Verify a code', { type: 'code.submit', code: '111111' }, { states: ['verifyCode.form.verifying', 'verifyCode.countdown.running'] }),
      answer('Server: failure without a message', 'verifyCode', { output: { success: false } }, { states: VERIFY_RUNNING, message: AUTH_FLOW_MESSAGES.invalidCode }),
      { title: 'Jump to the end of the 30 s', action: { kind: 'countdown-end' }, expect: { states: VERIFY_READY } },
      send('Resend', { type: 'code.resend' }, { states: ['verifyCode.form.resending', 'verifyCode.countdown.ready'] }),
      answer('Server: failure without a message', 'requestCode', { output: { success: false } }, { states: VERIFY_READY, message: AUTH_FLOW_MESSAGES.resendFailed }),
    ],
  },
];

import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { INVITE_FLOW_MESSAGES, INVITE_RESEND_COOLDOWN_MS, type InviteFlowApi, type InviteFlowEmitted, type InvitePreview, isInviteBusy, type ThrownAnswer, provideInviteFlow } from './invite-flow.machine';

const TOKEN = 't'.repeat(43);
const pending: InvitePreview = { companyName: 'Acme Plumbing', invitedByName: 'Olivia Owner', email: 'sam@acme.test', role: 'staff', status: 'pending', expiresAt: Date.UTC(2026, 11, 4) };

/** Promise actors settle on microtasks; time moves only with `clock.increment`. */
const settle = async () => {
  for (let i = 0; i < 6; i += 1) await Promise.resolve();
};

function startFlow(api: Partial<InviteFlowApi> = {}) {
  const clock = new SimulatedClock();
  clock.set(Date.UTC(2026, 10, 27, 15));
  const calls = {
    preview: vi.fn<InviteFlowApi['preview']>(api.preview ?? (async () => pending)),
    sendCode: vi.fn<InviteFlowApi['sendCode']>(api.sendCode ?? (async () => ({ success: true, email: pending.email, message: 'We sent a 6-digit code to sam@acme.test.' }))),
    verify: vi.fn<InviteFlowApi['verify']>(api.verify ?? (async () => ({ success: true, authToken: 'session-token', message: 'Email verified successfully.' }))),
  };
  const readError = (error: unknown): ThrownAnswer =>
    error instanceof Error && error.message === 'fields' ? { fieldErrors: { firstName: 'First name is required' }, message: null } : { fieldErrors: {}, message: error instanceof Error ? error.message : null };
  const actor = createActor(provideInviteFlow(calls, readError), { input: { token: TOKEN }, clock });
  const emitted: InviteFlowEmitted[] = [];
  actor.on('signedIn', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, calls, emitted, snapshot: () => actor.getSnapshot() };
}

async function toCode(flow: ReturnType<typeof startFlow>) {
  await settle();
  flow.actor.send({ type: 'details.submit', firstName: 'Sam', lastName: 'Lee' });
  await settle();
}

describe('the invite flow machine', () => {
  it('previews the link, sends the code for the typed name, verifies it and announces the session', async () => {
    const flow = startFlow();
    expect(isInviteBusy(flow.snapshot())).toBe(true);
    await settle();
    expect(flow.calls.preview).toHaveBeenCalledWith({ token: TOKEN });
    expect(flow.snapshot().value).toBe('details');
    expect(flow.snapshot().context.preview).toEqual(pending);
    flow.actor.send({ type: 'details.submit', firstName: 'Sam', lastName: 'Lee' });
    expect(flow.snapshot().value).toBe('sendingCode');
    await settle();
    expect(flow.calls.sendCode).toHaveBeenCalledWith({ token: TOKEN, firstName: 'Sam', lastName: 'Lee' });
    expect(flow.snapshot().value).toEqual({ code: { form: 'editing', cooldown: 'waiting' } });
    expect(flow.snapshot().context.message).toEqual({ text: 'We sent a 6-digit code to sam@acme.test.', ok: true });
    flow.actor.send({ type: 'code.submit', code: '123456' });
    await settle();
    expect(flow.calls.verify).toHaveBeenCalledWith({ token: TOKEN, code: '123456' });
    expect(flow.snapshot().status).toBe('done');
    expect(flow.emitted).toEqual([{ type: 'signedIn', authToken: 'session-token' }]);
  });

  it('ends plainly on an expired, used or withdrawn invitation, and on a link that is not valid', async () => {
    for (const status of ['expired', 'accepted', 'revoked'] as const) {
      const flow = startFlow({ preview: async () => ({ ...pending, status }) });
      await settle();
      expect(flow.snapshot().value).toBe('closed');
      expect(flow.snapshot().can({ type: 'details.submit', firstName: 'Sam', lastName: 'Lee' })).toBe(false);
    }
    const unknown = startFlow({
      preview: async () => {
        throw new Error('Invitation not found');
      },
    });
    await settle();
    expect(unknown.snapshot().value).toBe('invalid');
    expect(unknown.snapshot().context.message).toEqual({ text: INVITE_FLOW_MESSAGES.notValid, ok: false });
  });

  it('keeps the name step with the server’s field errors, and the code step with a wrong code’s words', async () => {
    const flow = startFlow({
      sendCode: async () => {
        throw new Error('fields');
      },
    });
    await toCode(flow);
    expect(flow.snapshot().value).toBe('details');
    expect(flow.snapshot().context.fieldErrors).toEqual({ firstName: 'First name is required' });
    expect(flow.snapshot().context.message).toBeNull();

    const wrong = startFlow({ verify: async () => ({ success: false, authToken: null, message: 'Invalid verification code. 4 attempts left.' }) });
    await toCode(wrong);
    wrong.actor.send({ type: 'code.submit', code: '000000' });
    await settle();
    expect(wrong.snapshot().matches({ code: { form: 'editing' } })).toBe(true);
    expect(wrong.snapshot().context.message).toEqual({ text: 'Invalid verification code. 4 attempts left.', ok: false });
    expect(wrong.emitted).toEqual([]);
  });

  it('allows a resend only 30 seconds after the last code, and the new code starts the 30 seconds again', async () => {
    const flow = startFlow();
    await toCode(flow);
    expect(flow.snapshot().can({ type: 'code.resend' })).toBe(false);
    flow.clock.increment(INVITE_RESEND_COOLDOWN_MS - 1);
    expect(flow.snapshot().can({ type: 'code.resend' })).toBe(false);
    flow.clock.increment(1);
    expect(flow.snapshot().matches({ code: { cooldown: 'ready' } })).toBe(true);
    flow.actor.send({ type: 'code.resend' });
    expect(flow.snapshot().matches({ code: { form: 'resending' } })).toBe(true);
    await settle();
    expect(flow.calls.sendCode).toHaveBeenCalledTimes(2);
    expect(flow.snapshot().value).toEqual({ code: { form: 'editing', cooldown: 'waiting' } });
    expect(flow.snapshot().can({ type: 'code.resend' })).toBe(false);
  });

  it('goes back to the name step to change it, keeping what was typed', async () => {
    const flow = startFlow();
    await toCode(flow);
    flow.actor.send({ type: 'details.edit' });
    expect(flow.snapshot().value).toBe('details');
    expect(flow.snapshot().context.names).toEqual({ firstName: 'Sam', lastName: 'Lee' });
    expect(flow.snapshot().context.message).toBeNull();
  });
});

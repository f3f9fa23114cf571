import { describe, expect, it, vi } from 'vitest';
import { createMessenger, formatCompanyPhone, type IntercomLike, messengerBootPayload } from './messenger';

const identity = (signupPhone?: string | null) => ({
  user: { id: 'user-1', email: 'dana@acme.test', firstName: 'Dana', lastName: 'Rivera', createdAt: 1_763_700_000_999 },
  company: { id: 'company-9', name: 'Acme Plumbing', signupPhone },
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('messaging widget identity', () => {
  it('sends user id, full name, email, created_at in whole seconds, phone and company {id: user id, name, phone}', () => {
    expect(messengerBootPayload(identity('+14155552671'))).toEqual({
      user_id: 'user-1',
      name: 'Dana Rivera',
      email: 'dana@acme.test',
      created_at: 1_763_700_000,
      phone: '+14155552671',
      company: { id: 'user-1', name: 'Acme Plumbing', phone: '+14155552671' },
    });
  });

  it('formats the sign-up phone as E.164 with US as the default country', () => {
    expect(formatCompanyPhone('(415) 555-2671')).toBe('+14155552671');
    expect(formatCompanyPhone('416-555-0123')).toBe('+14165550123');
    expect(formatCompanyPhone('+1 604 555 0123')).toBe('+16045550123');
  });

  it('leaves the phone out and warns when formatting fails', () => {
    const warn = vi.fn();
    const payload = messengerBootPayload(identity('12'), warn);
    expect(payload).not.toHaveProperty('phone');
    expect(payload.company).toEqual({ id: 'user-1', name: 'Acme Plumbing' });
    expect(warn).toHaveBeenCalledWith('Failed to format phone number:', '12');
  });

  it('warns through console.warn by default', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(formatCompanyPhone('not a phone')).toBeUndefined();
    expect(spy).toHaveBeenCalledWith('Failed to format phone number:', 'not a phone');
    spy.mockRestore();
  });

  it('has no phone at all when there is no sign-up phone, and does not warn', () => {
    const warn = vi.fn();
    expect(messengerBootPayload(identity(null), warn)).not.toHaveProperty('phone');
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('messaging widget lifecycle', () => {
  it('boots with the app id, updates only while booted, shuts down', async () => {
    const intercom = vi.fn<IntercomLike>();
    const load = vi.fn(async () => intercom);
    const messenger = createMessenger({ appId: 'app_123', load });
    messenger.update(); // not booted yet: nothing
    messenger.boot(identity('+14155552671'));
    messenger.update();
    messenger.shutdown();
    messenger.update(); // signed out: nothing
    await flush();
    expect(intercom.mock.calls.map((call) => call[0])).toEqual(['boot', 'update', 'shutdown']);
    expect(intercom.mock.calls[0]![1]).toMatchObject({ app_id: 'app_123', user_id: 'user-1', created_at: 1_763_700_000 });
  });

  it('without an app id never loads the widget', async () => {
    const load = vi.fn(async () => vi.fn<IntercomLike>());
    const messenger = createMessenger({ appId: undefined, load });
    messenger.boot(identity());
    messenger.update();
    messenger.shutdown();
    await flush();
    expect(load).not.toHaveBeenCalled();
  });
});

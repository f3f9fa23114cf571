import { describe, expect, it } from 'vitest';
import { MASK, masked } from './mask';

describe('masked', () => {
  it('hides the code and the auth token wherever they are, keeps the rest', () => {
    const event = { type: 'xstate.done.actor.0.authFlow.verifyCode.form.verifying', output: { success: true, authToken: 'tok_secret', message: 'ok' } };
    expect(masked(event)).toEqual({ type: event.type, output: { success: true, authToken: MASK, message: 'ok' } });
    expect(masked({ type: 'code.submit', code: '123456' })).toEqual({ type: 'code.submit', code: MASK });
    expect(JSON.stringify(masked({ context: { authToken: 'tok_secret', email: 'a@b.test' } }))).not.toContain('tok_secret');
  });

  it('reduces errors to name and message', () => {
    expect(masked({ error: new TypeError('Failed to fetch') })).toEqual({ error: { name: 'TypeError', message: 'Failed to fetch' } });
  });
});

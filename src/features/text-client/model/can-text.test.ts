import { describe, expect, it } from 'vitest';
import { cannotText } from './can-text';

const ruth = { name: 'Ruth Ng', phone: '+15125550199', optedOut: false, blocked: false };

describe('cannotText', () => {
  it('lets a client with consent be texted', () => {
    expect(cannotText(ruth, [{ kind: 'opt_in', at: 1 }])).toBeNull();
    expect(cannotText(ruth, [{ kind: 'implied', at: 1 }])).toBeNull();
    expect(cannotText(ruth, [{ kind: 'opt_out', at: 1 }, { kind: 'opt_in', at: 2 }])).toBeNull();
  });

  it('explains an opt-out, a block and a missing consent', () => {
    expect(cannotText({ ...ruth, optedOut: true }, [{ kind: 'opt_in', at: 1 }])?.title).toBe('Ruth Ng opted out of texts');
    expect(cannotText(ruth, [{ kind: 'opt_in', at: 1 }, { kind: 'opt_out', at: 2 }])?.title).toBe('Ruth Ng opted out of texts');
    expect(cannotText({ ...ruth, blocked: true }, [{ kind: 'opt_in', at: 1 }])?.reason).toContain('Unblock Ruth Ng');
    expect(cannotText(ruth, [])?.title).toBe('No consent to text Ruth Ng');
    expect(cannotText({ ...ruth, phone: null }, [{ kind: 'opt_in', at: 1 }])?.title).toBe('No phone number for Ruth Ng');
  });
});

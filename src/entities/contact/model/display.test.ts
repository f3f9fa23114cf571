import { describe, expect, it } from 'vitest';
import { contactPhoneLine, UNNAMED_CONTACT_NOTE } from './display';

describe('contactPhoneLine', () => {
  it('shows the number under a name', () => {
    expect(contactPhoneLine({ firstName: 'Ruth', lastName: null, phone: '+13125550100' })).toBe('(312) 555-0100');
  });

  it('does not repeat the number of a client nobody named (their name on screen is the number)', () => {
    expect(contactPhoneLine({ firstName: null, lastName: null, phone: '+13125550100' })).toBe(UNNAMED_CONTACT_NOTE);
    expect(contactPhoneLine({ firstName: '', lastName: '', phone: '+13125550100' })).toBe(UNNAMED_CONTACT_NOTE);
  });

  it('shows another number of an unnamed client (a thread on their second phone)', () => {
    expect(contactPhoneLine({ firstName: null, lastName: null, phone: '+13125550100' }, '+13125550111')).toBe('(312) 555-0111');
  });
});

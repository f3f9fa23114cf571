import { describe, expect, it } from 'vitest';
import { describeLocalTime, nextSendTime, recipientZones, zonedTimeToInstant, zonesForPhone } from './send-window';

const at = (iso: string) => Date.parse(iso);

describe('recipient time zones', () => {
  it.each([
    ['+12125550123', ['America/New_York']],
    ['+14155552671', ['America/Los_Angeles']],
    ['+14165550123', ['America/Toronto']], // Toronto
    ['+16045550123', ['America/Vancouver']],
    ['+16025550123', ['America/Phoenix']],
    ['+19155550123', ['America/Denver']], // El Paso
    ['+18505550123', ['America/Chicago', 'America/New_York']], // split area code
    ['+18005550199', []], // toll-free
    ['+447911123456', []],
  ])('%s → %o', (phone, zones) => {
    expect(zonesForPhone(phone)).toEqual(zones);
  });

  it('trusts an explicit zone, then the address, then the area code, then the business', () => {
    expect(recipientZones({ contactTimezone: 'America/Denver', contactRegion: 'NY', phone: '+14155552671' })).toEqual(['America/Denver']);
    expect(recipientZones({ contactRegion: 'NY', phone: '+14155552671' })).toEqual(['America/New_York']);
    expect(recipientZones({ contactRegion: 'ON', phone: '+14155552671' })).toEqual(['America/Toronto']);
    expect(recipientZones({ phone: '+14155552671' })).toEqual(['America/Los_Angeles']);
    expect(recipientZones({ phone: '+18005550199', companyTimezone: 'America/Chicago' })).toEqual(['America/Chicago']);
  });
});

describe('send window 9:00–20:00 local', () => {
  it('a send at 7:00 am Pacific waits until 9:00 am Pacific', () => {
    const sevenAmPacific = at('2026-11-21T15:00:00Z'); // PST = UTC-8
    expect(nextSendTime(sevenAmPacific, ['America/Los_Angeles'])).toBe(at('2026-11-21T17:00:00Z'));
  });

  it('a Toronto number uses Eastern time: 7:00 am Pacific is 10:00 am there, so it goes now', () => {
    const sevenAmPacific = at('2026-11-21T15:00:00Z');
    const zones = recipientZones({ phone: '+14165550123' });
    expect(nextSendTime(sevenAmPacific, zones)).toBe(sevenAmPacific);
  });

  it('inside the window sends now; 20:00 exactly waits for tomorrow 9:00', () => {
    expect(nextSendTime(at('2026-11-21T17:30:00Z'), ['America/New_York'])).toBe(at('2026-11-21T17:30:00Z')); // 12:30 EST
    expect(nextSendTime(at('2026-11-22T01:00:00Z'), ['America/New_York'])).toBe(at('2026-11-22T14:00:00Z')); // 20:00 EST → 9:00 next day
    expect(nextSendTime(at('2026-11-22T00:59:00Z'), ['America/New_York'])).toBe(at('2026-11-22T00:59:00Z')); // 19:59
  });

  it('a split area code waits until it is inside the window in every zone', () => {
    // 8:30 Central = 9:30 Eastern: Central is still too early.
    expect(nextSendTime(at('2026-11-21T14:30:00Z'), ['America/Chicago', 'America/New_York'])).toBe(at('2026-11-21T15:00:00Z'));
    // 19:30 Central = 20:30 Eastern: Eastern is already too late → tomorrow 9:00 Central.
    expect(nextSendTime(at('2026-11-22T01:30:00Z'), ['America/Chicago', 'America/New_York'])).toBe(at('2026-11-22T15:00:00Z'));
  });

  it('handles daylight saving days', () => {
    // 2027-03-14: US clocks spring forward at 2:00. 1:00 am EST → 9:00 am EDT (UTC-4) that day.
    expect(nextSendTime(at('2027-03-14T06:00:00Z'), ['America/New_York'])).toBe(at('2027-03-14T13:00:00Z'));
    expect(zonedTimeToInstant({ year: 2027, month: 11, day: 7, hour: 9, minute: 0 }, 'America/New_York')).toBe(at('2027-11-07T14:00:00Z'));
  });

  it('describes the scheduled time in the recipient’s zone', () => {
    expect(describeLocalTime(at('2026-11-21T17:00:00Z'), 'America/Los_Angeles')).toBe('Sat, Nov 21, 9:00 AM PST');
  });
});

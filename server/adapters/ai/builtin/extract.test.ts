import { describe, expect, it } from 'vitest';
import {
  chooseOption,
  describeDate,
  detectUrgency,
  extractBudget,
  extractDate,
  extractName,
  extractPostalCode,
  extractYesNo,
  isInServiceArea,
  matchOption,
} from './extract';

describe('extractPostalCode', () => {
  it('finds US ZIPs, with or without the +4', () => {
    expect(extractPostalCode("I'm at 60614-1234")).toEqual({ value: '60614-1234', country: 'US' });
    expect(extractPostalCode('60614')).toEqual({ value: '60614', country: 'US' });
    expect(extractPostalCode("I'm in 60614, not urgent")).toEqual({ value: '60614', country: 'US' });
    expect(extractPostalCode('My zip is 60613.')).toEqual({ value: '60613', country: 'US' });
  });

  it('finds Canadian postal codes in any case, with or without the space', () => {
    expect(extractPostalCode('m5v 2t6')).toEqual({ value: 'M5V 2T6', country: 'CA' });
    expect(extractPostalCode('we are at M6P2X9 thanks')).toEqual({ value: 'M6P 2X9', country: 'CA' });
  });

  it('takes the ZIP after a five-digit street number', () => {
    expect(extractPostalCode('12345 W Fullerton Ave, Chicago 60614')?.value).toBe('60614');
  });

  it('ignores prices, phone numbers, longer numbers and invalid postal letters', () => {
    expect(extractPostalCode('budget is $12000')).toBeNull();
    expect(extractPostalCode('call (312) 555-0199')).toBeNull();
    expect(extractPostalCode('order 1234567')).toBeNull();
    expect(extractPostalCode('D5V 2T6')).toBeNull();
    expect(extractPostalCode('about 2,500 sq ft')).toBeNull();
  });
});

describe('isInServiceArea', () => {
  it('compares prefixes without case or spaces; an empty list is anywhere', () => {
    expect(isInServiceArea('60614-1234', ['606'])).toBe(true);
    expect(isInServiceArea('46324', ['606', '600'])).toBe(false);
    expect(isInServiceArea('M5V 2T6', ['m5v'])).toBe(true);
    expect(isInServiceArea('K2P 1L4', ['M4', 'M5'])).toBe(false);
    expect(isInServiceArea('90210', [])).toBe(true);
  });
});

describe('matchOption', () => {
  const hvac = ['AC repair', 'Furnace repair', 'New AC or furnace', 'AC or furnace tune-up'];

  it('matches by word, case-insensitive, with plurals and common synonyms', () => {
    expect(matchOption('my air conditioning is broken', hvac)).toBe('AC repair');
    expect(matchOption('the A/C is blowing warm air', hvac)).toBe('AC repair');
    expect(matchOption('FURNACE stopped working', hvac)).toBe('Furnace repair');
    expect(matchOption('need a new furnace', hvac)).toBe('New AC or furnace');
    expect(matchOption('no hot water since this morning', ['Water heater repair', 'Drain cleaning'])).toBe('Water heater repair');
    expect(matchOption('my gutters are full of leaves', ['Gutter cleaning', 'Roof leak repair'])).toBe('Gutter cleaning');
  });

  it('gives nothing when two options fit equally, and says which ones tie', () => {
    const plumbing = ['Water heater repair', 'Water heater replacement', 'Leak repair'];
    expect(matchOption('our water heater is leaking', plumbing)).toBeNull();
    expect(chooseOption('our water heater is leaking', plumbing)).toEqual({ option: null, score: 2, tied: plumbing });
  });

  it('takes a generic word ("replace") only among the options just offered, when one of them has it', () => {
    const plumbing = ['Water heater repair', 'Water heater replacement', 'Leak repair', 'Faucet repair'];
    expect(matchOption('replace it probably', plumbing)).toBeNull();
    expect(matchOption('replace it probably', plumbing, { looseAmong: plumbing.slice(0, 3) })).toBe('Water heater replacement');
    expect(matchOption('repair it', plumbing, { looseAmong: plumbing.slice(0, 3) })).toBeNull();
    expect(matchOption('fix it', plumbing, { looseAmong: [] })).toBeNull();
  });

  it('does not pick an option on a number alone, but uses numbers next to their word', () => {
    const sizes = ['Studio', '1 bedroom', '2 bedrooms', '3 bedrooms'];
    expect(matchOption('we need storage for 2 months', sizes)).toBeNull();
    expect(matchOption('3 bed 2 bath', sizes)).toBe('3 bedrooms');
    expect(matchOption('one bedroom condo', sizes)).toBe('1 bedroom');
    expect(matchOption('2BR in Shadyside', sizes)).toBe('2 bedrooms');
  });
});

describe('detectUrgency', () => {
  it('reads urgency words and their negations', () => {
    expect(detectUrgency('no, not urgent')).toEqual({ urgent: false, words: 'not urgent' });
    expect(detectUrgency('no rush, whenever')?.urgent).toBe(false);
    expect(detectUrgency('it is NOT an emergency')?.urgent).toBe(false);
    expect(detectUrgency('ASAP please')?.urgent).toBe(true);
    expect(detectUrgency('basement is flooding')?.urgent).toBe(true);
    expect(detectUrgency('we have no heat')?.urgent).toBe(true);
    expect(detectUrgency('pipe burst')?.urgent).toBe(true);
    expect(detectUrgency('there is a gas smell')?.urgent).toBe(true);
    expect(detectUrgency('tomorrow works')).toBeNull();
  });
});

describe('extractYesNo', () => {
  it('reads yes and no in their everyday forms', () => {
    for (const yes of ['Yes!!', 'yeah', 'yep', 'sure', 'ok', 'Y', 'yes we own it', 'Of course']) expect(extractYesNo(yes), yes).toBe('yes');
    for (const no of ['no', 'nope', 'nah', 'not really', 'not yet', 'no, not urgent', 'N', 'nope, renting. landlord is ok with it']) expect(extractYesNo(no), no).toBe('no');
  });

  it('gives nothing when the person is unsure or says neither', () => {
    expect(extractYesNo('not sure')).toBeNull();
    expect(extractYesNo("I don't know, maybe")).toBeNull();
    expect(extractYesNo('the kitchen one')).toBeNull();
  });
});

describe('extractDate', () => {
  // 05:30 UTC on Nov 25 is 23:30 on Tuesday Nov 24 in Chicago: "tomorrow" there is the 25th, in UTC the 26th.
  const now = new Date('2026-11-25T05:30:00Z');
  const chicago = 'America/Chicago';
  const date = (text: string, zone = chicago, loose = false) => extractDate(text, now, zone, { loose })?.iso ?? null;

  it('reads relative days in the business time zone, across midnight', () => {
    expect(date('today')).toBe('2026-11-24');
    expect(date('call me tomorrow after 3')).toBe('2026-11-25');
    expect(date('tomorrow', 'UTC')).toBe('2026-11-26');
    expect(date('day after tomorrow')).toBe('2026-11-26');
    expect(date('in 3 days')).toBe('2026-11-27');
    expect(date('in a week')).toBe('2026-12-01');
  });

  it('reads weekday names: the next one, today when it is today, and "next" skips today', () => {
    expect(date('friday works')).toBe('2026-11-27');
    expect(date('Tuesday')).toBe('2026-11-24');
    expect(date('next tuesday')).toBe('2026-12-01');
    expect(date('Monday', 'UTC')).toBe('2026-11-30');
    expect(date('sometime next week')).toBe('2026-11-30');
    expect(date('this weekend')).toBe('2026-11-28');
    // A plural is a habit ("do you work Saturdays?") unless it answers the date question.
    expect(date('do you work saturdays?')).toBeNull();
    expect(date('ideally Mondays', chicago, true)).toBe('2026-11-30');
  });

  it('reads calendar dates, rolling a passed one to next year, and prefers them over a weekday', () => {
    expect(date('12/5')).toBe('2026-12-05');
    expect(date('Dec 5')).toBe('2026-12-05');
    expect(date('December 5th')).toBe('2026-12-05');
    expect(date('5 December')).toBe('2026-12-05');
    expect(date('11/20')).toBe('2027-11-20');
    expect(date('Jan 9')).toBe('2027-01-09');
    expect(date('1/9/27')).toBe('2027-01-09');
    expect(date('Wednesday the 2nd')).toBe('2026-12-02');
    expect(date('2/30')).toBeNull();
  });

  it('takes "asap" as today only when the date question was just asked', () => {
    expect(date('asap')).toBeNull();
    expect(date('asap', chicago, true)).toBe('2026-11-24');
    expect(extractDate('tomorrow', now, chicago)?.words).toBe('tomorrow');
  });

  it('describes a date as a person would, from the business time zone', () => {
    expect(describeDate('2026-11-24', now, chicago)).toBe('today');
    expect(describeDate('2026-11-25', now, chicago)).toBe('tomorrow');
    expect(describeDate('2026-11-27', now, chicago)).toBe('Friday');
    expect(describeDate('2026-12-05', now, chicago)).toBe('Dec 5');
  });
});

describe('extractBudget', () => {
  it('reads amounts with a money sign or a word around them', () => {
    expect(extractBudget('$500')).toEqual({ text: '$500', minCents: 50_000, maxCents: 50_000 });
    expect(extractBudget('under 2k')).toEqual({ text: 'under $2,000', minCents: null, maxCents: 200_000 });
    expect(extractBudget('around 1500')).toEqual({ text: 'around $1,500', minCents: 150_000, maxCents: 150_000 });
    expect(extractBudget('1-2k')).toEqual({ text: '$1,000–$2,000', minCents: 100_000, maxCents: 200_000 });
    expect(extractBudget('between 1000 and 2000')?.text).toBe('$1,000–$2,000');
    expect(extractBudget('max $3,500')?.text).toBe('under $3,500');
    expect(extractBudget('at least 5 grand')?.text).toBe('over $5,000');
  });

  it('does not read a bare number as money unless the budget question was just asked', () => {
    expect(extractBudget('60614')).toBeNull();
    expect(extractBudget('1500')).toBeNull();
    expect(extractBudget('1500', { loose: true })?.text).toBe('$1,500');
  });
});

describe('extractName', () => {
  it('reads introductions', () => {
    expect(extractName('my name is Gloria')).toBe('Gloria');
    expect(extractName("I'm Dana")).toBe('Dana');
    expect(extractName('This is Hannah')).toBe('Hannah');
    expect(extractName("It's Priya")).toBe('Priya');
    expect(extractName('my name is dana kowalski')).toBe('Dana Kowalski');
  });

  it('does not take ordinary words for a name', () => {
    expect(extractName("I'm worried about the furnace")).toBeNull();
    expect(extractName("I'm at home")).toBeNull();
    expect(extractName('This is urgent')).toBeNull();
    expect(extractName('Kevin')).toBeNull();
  });

  it('takes a short reply as the name when the name question was just asked', () => {
    expect(extractName('Kevin Ortiz', { loose: true })).toBe('Kevin Ortiz');
    expect(extractName('dana k', { loose: true })).toBe('Dana K');
    expect(extractName("i'm dana", { loose: true })).toBe('Dana');
    expect(extractName('not sure why you need that', { loose: true })).toBeNull();
  });
});

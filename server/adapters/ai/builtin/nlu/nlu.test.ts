import { beforeAll, describe, expect, it } from 'vitest';
import { extractName, extractPostalCode, extractYesNo, loneName, yesNoTopic } from './answers';
import { dateAnswer, extractDate, extractWindow } from './dates';
import { type IntentModel, intentModel } from './intents';
import { detectLanguage, threadLanguage } from './language';
import { chooseOption, notOfferedAsked, read } from './services';
import { readSignals } from './signals';

// Wednesday 2 December 2026, 9:00 in Chicago.
const NOW = new Date('2026-12-02T15:00:00Z');
const ZONE = 'America/Chicago';
const day = (text: string, loose = false) => {
  const found = extractDate(text, NOW, ZONE, { loose });
  return found ? dateAnswer(found) : null;
};

describe('language', () => {
  it('tells Spanish from English, even in short texts, and keeps the thread’s language through ZIPs and "ok"', () => {
    expect(detectLanguage('hola, mi calentador no calienta').language).toBe('es');
    expect(detectLanguage('Do you guys do duct cleaning?').language).toBe('en');
    expect(detectLanguage('78704').language).toBeNull();
    expect(threadLanguage(['Hola buenas', '78704', 'ok', 'el martes'])).toBe('es');
    expect(threadLanguage(['my AC is out', 'si'])).toBe('en');
  });
});

describe('dates and windows', () => {
  it('reads texting shorthand and relative days where the business is', () => {
    expect(day('next tues')).toBe('2026-12-08');
    expect(day('this sat')).toBe('2026-12-05');
    expect(day('tmrw')).toBe('2026-12-03');
    expect(day('the 14th')).toBe('2026-12-14');
    expect(day('any day next week')).toBe('2026-12-07');
    expect(day('el martes')).toBe('2026-12-08');
    expect(day('el 15 de diciembre')).toBe('2026-12-15');
  });

  it('counts a day from another and reads "first week of" and "week of the 25th"', () => {
    expect(day('the day after the inspection on the 9th')).toBe('2026-12-10');
    expect(day('first week of feb')).toBe('2027-02-01');
    expect(day('anytime the week of the 25th')).toBe('2026-12-25');
  });

  it('keeps the time window with the day', () => {
    expect(day('thurs b4 11am')).toBe('2026-12-03 before 11:00');
    expect(day('tomorrow after 3')).toBe('2026-12-03 after 15:00');
    expect(day('friday 9-12')).toBe('2026-12-04 09:00-12:00');
    expect(extractWindow('mornings only please')).toBe('morning');
    expect(extractWindow('en la tarde')).toBe('afternoon');
  });

  it('takes the corrected day, and never a day turned down or a number that is not one', () => {
    expect(day('the 20th is no good, can you do friday the 22nd instead?')).toBe('2027-01-22'.replace('2027-01', '2026-12'));
    expect(day('not the 30th, the 31st')).toBe('2026-12-31');
    expect(day('invoice says 7 hrs')).toBeNull();
    expect(day('do you work saturdays?')).toBeNull();
    expect(day('saturdays', true)).toBe('2026-12-05');
    expect(day('asap', true)).toBe('2026-12-02');
  });
});

describe('answers', () => {
  it('finds a ZIP in digits or words, never in a model number, and keeps the corrected one', () => {
    expect(extractPostalCode('seven eight seven oh four')?.value).toBe('78704');
    expect(extractPostalCode('model LFXS26973S')).toBeNull();
    expect(extractPostalCode('85821 sorry 85281 not 85821')?.value).toBe('85281');
    expect(extractPostalCode('M5V 2T6')?.value).toBe('M5V 2T6');
  });

  it('answers yes/no by what the question is about', () => {
    const owns = yesNoTopic({ key: 'owns', text: 'Do you own the home?' });
    expect(extractYesNo("it's my place", owns)).toBe('yes');
    expect(extractYesNo('we lease, landlord owns it', owns)).toBe('no');
    expect(extractYesNo('own', owns)).toBe('yes');
    expect(extractYesNo('soy el dueño', owns)).toBe('yes');
    const urgent = yesNoTopic({ key: 'urgent', text: 'Is it urgent?' });
    expect(extractYesNo('no, not urgent, just annoying', urgent)).toBe('no');
    expect(extractYesNo('👍')).toBe('yes');
    expect(extractYesNo('not sure')).toBeNull();
    const stuck = yesNoTopic({ key: 'car_stuck', text: 'Is a car stuck inside right now?' });
    expect(extractYesNo("Car's parked in the driveway so no rush", stuck)).toBe('no');
  });

  it('finds a name said in passing, and a text that is only a name', () => {
    expect(extractName("hi it's Tom Becker, my furnace is out")).toBe('Tom Becker');
    expect(extractName('me llamo Ana')).toBe('Ana');
    expect(loneName('Trish', false)).toBe('Trish');
    expect(loneName('Monday works', true)).toBeNull();
    expect(loneName('empty', true)).toBeNull();
    expect(loneName('Noor', true)).toBe('Noor');
  });
});

describe('services against the owner’s list', () => {
  const hvac = ['AC repair', 'Furnace repair', 'New AC or furnace', 'AC or furnace tune-up'];

  it('reads problems, brands and misspellings as the service', () => {
    expect(chooseOption('my AC is blowing warm air', hvac).best?.option).toBe('AC repair');
    expect(chooseOption('the Trane out back is not cooling', hvac).best?.option).toBe('AC repair');
    expect(chooseOption('my furnance is making a clicking noise', hvac).best?.option).toBe('Furnace repair');
    expect(chooseOption('need a new furnace, ours is 25 years old', hvac).best?.option).toBe('New AC or furnace');
    expect(read('the thermastat is blank').concepts).toContain('thermostat');
  });

  it('reads the thing the text is about, not a place it mentions', () => {
    expect(read('add a couple outlets in the garage').located.has('garage-door')).toBe(true);
    expect(chooseOption('add a couple outlets in the garage', ['Outlet and switch repair', 'Garage door repair']).best?.option).toBe('Outlet and switch repair');
    expect(chooseOption('we have a leak in the roof', ['Roof leak repair', 'Gutter cleaning']).best?.option).toBe('Roof leak repair');
  });

  it('asks which one when two options fit alike', () => {
    const choice = chooseOption("it's about our water heater", ['Water heater repair', 'Water heater replacement', 'Drain cleaning']);
    expect(choice.best).toBeNull();
    expect(choice.tied).toEqual(['Water heater repair', 'Water heater replacement']);
  });

  it('turns nobody away for a word that only resembles a service not offered', () => {
    const offered = ['Opener repair', 'Spring repair', 'New garage door'];
    expect(notOfferedAsked('my car is in the driveway, the opener hums', offered, ['Driveway gates'])).toBeNull();
    expect(notOfferedAsked('can you fix our driveway gate?', offered, ['Driveway gates'])).toBe('Driveway gates');
    expect(notOfferedAsked('Do you offer a warranty on new roofs?', ['Roof replacement', 'Roof repair'], ['Flat commercial roofs'])).toBeNull();
  });
});

describe('signals', () => {
  let model: IntentModel;
  beforeAll(async () => {
    model = await intentModel();
  });
  const signals = (text: string, language: 'en' | 'es' = 'en') => readSignals(text, language, model);

  it('finds emergencies phrased calmly, with the kind of danger', async () => {
    expect((await signals('hey no rush but the outlet by the sink is kind of warm and smells like burning plastic')).emergency?.hazard).toBe('electrical');
    expect((await signals('the CO detector keeps chirping and we all have headaches')).emergency?.hazard).toBe('carbon-monoxide');
    expect((await signals('huele a gas en la cocina', 'es')).emergency?.hazard).toBe('gas');
    expect((await signals('a big limb came down on the house and is laying across the roof. not an emergency')).emergency?.hazard).toBe('structure');
    expect((await signals('the 2nd of feb')).emergency).toBeNull();
    expect((await signals('furnace quit, no heat')).emergency).toBeNull();
    expect((await signals('furnace quit, no heat and it is 8 degrees out, we have a baby')).emergency?.hazard).toBe('no-heat');
  });

  it('tells a complaint about a past job from a new request', async () => {
    expect((await signals('your crew moved us Friday and there is a gouge in our headboard')).complaint).not.toBeNull();
    expect((await signals('I was charged twice for the service call')).complaint).not.toBeNull();
    expect((await signals("lockbox on the back door, I'll text u the code")).complaint).toBeNull();
    expect((await signals('had a leak last year, want the pipes checked')).complaint).toBeNull();
  });

  it('knows vendors, job seekers and phishing from customers', async () => {
    expect((await signals('are yall hiring for spring? I got 6 yrs running mowers')).spam).not.toBeNull();
    expect((await signals('Final notice: your Google listing will be removed, verify at g00gle-biz.co')).spam).not.toBeNull();
    expect((await signals("Hi I'm with Apex Plumbing, what's your rate for a water heater swap?")).spam).not.toBeNull();
    expect((await signals('Looking to get one bedroom painted, we already have the paint (Sherwin Williams Agreeable Gray)')).spam).toBeNull();
  });

  it('hears a request to be called, and tells it from a missed call', async () => {
    expect((await signals('just call me, I’m driving')).callback).not.toBeNull();
    expect((await signals('me pueden llamar?', 'es')).callback).not.toBeNull();
    expect((await signals('sorry I missed your call earlier')).callback).toBeNull();
  });
});

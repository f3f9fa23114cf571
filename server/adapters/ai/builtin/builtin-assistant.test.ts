import { describe, expect, it } from 'vitest';
import type { QualifierQuestion } from '@contracts/ai';
import type { AiDecision, AiTurnInput } from '../ai.port';
import { createBuiltinAssistant, decideTurn as decideWith, fuelSaid, materialOption, MAX_REPLY_CHARS, rentalRoleOption } from './builtin-assistant';
import { spanishQuestion } from './replies';

const decideTurn = (input: AiTurnInput) => decideWith(input);

const questions: QualifierQuestion[] = [
  { key: 'service', text: 'What do you need help with?', kind: 'choice', choices: ['Water heater repair', 'Water heater replacement', 'Drain cleaning'], required: true },
  { key: 'zip', text: "What's your ZIP code?", kind: 'zip', choices: [], required: true },
  { key: 'preferred_date', text: 'What day works for you?', kind: 'date', choices: [], required: true },
  { key: 'urgent', text: 'Is this urgent?', kind: 'yes_no', choices: [], required: true },
  { key: 'name', text: "What's your first name?", kind: 'text', choices: [], required: false },
];

const OPENING = 'Thanks for contacting Lakeshore Plumbing! What do you need help with?';
// 05:30 UTC Nov 25 is 23:30 Tuesday Nov 24 in Chicago.
const NOW = new Date('2026-11-25T05:30:00Z');

/** A reply to the question the business just asked: that question, then `text`, as the transcript. */
function replyTo(asked: string, text: string, overrides: Partial<AiTurnInput> = {}): AiTurnInput {
  return turn(text, { ...overrides, transcript: [{ from: 'business', body: asked, at: NOW.getTime() - 60_000 }, { from: 'contact', body: text, at: NOW.getTime() }] });
}

/** One turn's input: the opening text, earlier exchanges, then `texts` as the new messages. */
function turn(texts: string | string[], overrides: Partial<AiTurnInput> & { earlier?: Array<[string, string]> } = {}): AiTurnInput {
  const newMessages = typeof texts === 'string' ? [texts] : texts;
  const { earlier = [], ...rest } = overrides;
  const at = NOW.getTime();
  return {
    business: {
      name: 'Lakeshore Plumbing',
      timezone: 'America/Chicago',
      facts: 'Plumbing on the North Side of Chicago.',
      faq: [
        { question: 'Do you work weekends?', answer: 'Yes, Saturdays 8am to 1pm.' },
        { question: 'Are you licensed and insured?', answer: 'Yes, licensed and insured in Illinois.' },
      ],
      services: ['Water heater repair', 'Water heater replacement', 'Drain cleaning'],
      servicesNotOffered: ['Septic pumping'],
      serviceAreaPrefixes: ['606'],
    },
    assistant: { name: 'Riley', tone: 'friendly' },
    pricing: {
      policy: 'ranges',
      items: [
        { id: 'wh-replace', name: 'Water heater replacement (40 gal)', minCents: 160_000, maxCents: 240_000, unit: '' },
        { id: 'drain', name: 'Drain cleaning', minCents: 17_500, maxCents: 17_500, unit: '' },
      ],
    },
    questions,
    answers: {},
    transcript: [
      { from: 'business', body: OPENING, at: at - 60_000 },
      ...earlier.flatMap(([person, reply]) => [
        { from: 'contact' as const, body: person, at: at - 30_000 },
        { from: 'business' as const, body: reply, at: at - 20_000 },
      ]),
      ...newMessages.map((body) => ({ from: 'contact' as const, body, at })),
    ],
    newMessages,
    repliesToday: earlier.length,
    confusedTurns: 0,
    disqualifyMessage: "Sorry, that's outside what we cover.",
    booking: null,
    now: NOW,
    ...rest,
  };
}

function expectNoPrice(decision: AiDecision) {
  expect(decision.reply ?? '').not.toMatch(/\$\s?\d/);
  expect(decision.quotedItemIds).toEqual([]);
}

describe('the built-in assistant', () => {
  it('is the builtin adapter, answers from the same input the same way, and never promises a time', async () => {
    const assistant = createBuiltinAssistant();
    expect(assistant.kind).toBe('builtin');
    const input = turn('my water heater needs replacing');
    const first = await assistant.decide(input);
    expect(first).toEqual(await assistant.decide(input));
    expect(first.model).toBe('built-in');
    expect(first.promisesTime).toBe(false);
    expect(first.usage).toBeNull();
  });

  it('qualifies a lead from the first text to the last answer, recording every answer and a summary', async () => {
    let answers: Record<string, string> = {};
    const earlier: Array<[string, string]> = [];
    const say = async (text: string) => {
      const decision = await decideTurn(turn(text, { answers, earlier: [...earlier] }));
      answers = { ...answers, ...decision.answers };
      earlier.push([text, decision.reply ?? '']);
      return decision;
    };

    const first = await say('Our water heater is 15 years old and needs replacing');
    expect(first.answers).toEqual({ service: 'Water heater replacement' });
    expect(first.lead).toBe('engaging');
    expect(first.reply).toContain("What's your ZIP code?");
    expect(first.reasons).toContainEqual(expect.stringMatching(/^Found “Water heater replacement” for “What do you need help with\?” \(water-heater; said first; kind of job install\)\.$/));

    expect((await say("I'm at 60614-1234")).answers).toEqual({ zip: '60614-1234' });
    expect((await say('tomorrow please')).answers).toEqual({ preferred_date: '2026-11-25' });
    const urgency = await say('no, not urgent');
    expect(urgency.answers).toEqual({ urgent: 'no' });
    // Every required question is answered: qualified, with the closing — the job and the day read back, so a misreading
    // shows before the team relies on it — and the optional question still asked.
    expect(urgency.lead).toBe('qualified');
    expect(urgency.reply).toBe("Thanks! I have you down for Water heater replacement, tomorrow. Lakeshore Plumbing will text you shortly to confirm the details. What's your first name?");
    expect(urgency.summary).toBe('Water heater replacement in 60614-1234, wants it tomorrow (2026-11-25); urgent: no.');

    const name = await say("It's Dana");
    expect(name.answers).toEqual({ name: 'Dana' });
    expect(name.lead).toBeNull();
    expect(name.summary).toMatch(/^Dana: Water heater replacement/);

    // After that, thanks needs no reply.
    const thanks = await decideTurn(turn('Thanks!!', { answers, earlier }));
    expect(thanks.action).toBe('skip');
    expect(thanks.reply).toBeNull();
    expect(thanks.reasons[0]).toMatch(/already qualified/);
  });

  it('fills every question whose answer is clearly in the first text, and greets when the business has not spoken', async () => {
    const input = turn('Hi, need drain cleaning in 60640 asap, could you come Friday?');
    input.transcript = input.transcript.filter((line) => line.from === 'contact');
    const decision = await decideTurn(input);
    expect(decision.answers).toEqual({ service: 'Drain cleaning', zip: '60640', preferred_date: '2026-11-27', urgent: 'yes' });
    expect(decision.reply).toMatch(/^Hi! Thanks for reaching out to Lakeshore Plumbing\./);
    expect(decision.lead).toBe('qualified');
  });

  it('says it is an automated assistant when asked, then asks the next question', async () => {
    const decision = await decideTurn(turn('wait, are you a bot?', { answers: { service: 'Drain cleaning' } }));
    expect(decision.action).toBe('reply');
    expect(decision.reply).toMatch(/^I'm Riley, an automated assistant for Lakeshore Plumbing\./);
    expect(decision.reply).toContain("What's your ZIP code?");
    expect(decision.confused).toBe(false);
  });

  it('answers a FAQ entry and continues with the question', async () => {
    const decision = await decideTurn(turn('Do you guys work on Saturdays?'));
    expect(decision.reply).toBe('Yes, Saturdays 8am to 1pm. What do you need help with? (Water heater repair, Water heater replacement or Drain cleaning)');
    expect(decision.outsideFacts).toBe(false);
    expect(decision.confused).toBe(false);
  });

  it('asks a question again with the options it was not sure between, when "which one is it" went unanswered', async () => {
    const between = await decideTurn(turn('60614', { answers: {}, earlier: [['water heater acting up', 'Just to check, which one is it: Water heater repair or Water heater replacement?']] }));
    expect(between.answers.zip).toBe('60614');
    expect(between.reply).toMatch(/\(Water heater repair or Water heater replacement\)/);
    expect(between.reply).not.toMatch(/Drain cleaning/);
  });

  it('asks which one when several options fit, without counting it as confusion', async () => {
    // The thing is named but not the kind of job: repair and replacement fit alike.
    const decision = await decideTurn(turn("it's about our water heater"));
    expect(decision.reply).toBe('Just to check, which one is it: Water heater repair or Water heater replacement?');
    expect(decision.answers).toEqual({});
    expect(decision.confused).toBe(false);
  });

  describe('prices', () => {
    it('quotes a range only from a matching approved item whose conditions fit what they said, naming the item', async () => {
      const decision = await decideTurn(turn('how much is a water heater replacement? a 40 gallon one'));
      expect(decision.reply).toContain('$1,600–$2,400');
      expect(decision.quotedItemIds).toEqual(['wh-replace']);
      // The item is for 40 gallons: a 75-gallon tank, or one whose size they have not said, gets no figure.
      expectNoPrice(await decideTurn(turn('how much is a water heater replacement? ours is 75 gallon')));
      expectNoPrice(await decideTurn(turn('how much is a water heater replacement?')));
    });

    it('quotes the exact amount under the exact policy', async () => {
      const decision = await decideTurn(turn('what does drain cleaning cost?', { pricing: { ...turn('').pricing, policy: 'exact' } }));
      expect(decision.reply).toContain('Drain cleaning: $175.');
      expect(decision.quotedItemIds).toEqual(['drain']);
    });

    it('says no number when no approved item matches', async () => {
      const decision = await decideTurn(turn('how much to fix a leaky faucet?'));
      expectNoPrice(decision);
      expect(decision.reply).toContain('the team will confirm it');
    });

    it('answers a price question from the price book, not from a FAQ entry that shares its other words', async () => {
      const input = turn('How much to replace a 40 gallon water heater?');
      input.business.faq = [{ question: 'Which water heater brands do you install?', answer: 'Bradford White and Rheem.' }];
      const decision = await decideTurn(input);
      expect(decision.reply).not.toContain('Bradford');
      expect(decision.quotedItemIds).toEqual(['wh-replace']);
    });

    it('never says a number under the never policy, even for an item in the book', async () => {
      const decision = await decideTurn(turn('how much is a water heater replacement?', { pricing: { ...turn('').pricing, policy: 'never' } }));
      expectNoPrice(decision);
      expect(decision.reply).toContain('the team will give you a price after they take a look');
    });
  });

  describe('handoffs', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['can I talk to a real person', 'asked_for_person', /Someone from Lakeshore Plumbing will reach out shortly\./],
      // Asked to be called: the reply says someone will call, not text.
      ['call me tomorrow after 3', 'asked_for_person', /will call you shortly/],
      ['This is ridiculous, nobody showed up', 'anger', /^I'm sorry about that\./],
      ['WHY DOES NOBODY ANSWER THE PHONE THERE', 'anger', /^I'm sorry about that\./],
      // Emergencies: the safety line for the danger first, then the team.
      ['basement is flooding, pipe burst', 'emergency', /^If you can, shut off the main water valve.*alerting the Lakeshore Plumbing team now/],
      ['I smell gas by the water heater', 'emergency', /^If you smell gas, leave the house now.*call 911/],
    ];
    for (const [text, reason, reply] of cases) {
      it(`hands off on “${text}” (${reason})`, async () => {
        const decision = await decideTurn(turn(text));
        expect(decision.action).toBe('handoff');
        expect(decision.handoffReason).toBe(reason);
        expect(decision.lead).toBe('needs_human');
        expect(decision.reply).toMatch(reply);
        // Nothing invented: no amount, no phone number (911 in a safety line is not one).
        expect(decision.reply).not.toMatch(/\$\d|\d{3}-\d{4}/);
      });
    }

    it('hears a complaint told across texts: the job done in one, what is wrong with it in the next', async () => {
      const decision = await decideTurn(
        turn('its dripping again from the base of the spout AND theres water in the cabinet underneath. paid $410 for this?? not happy', {
          earlier: [['hi this is Jenna Brubaker, your guy Todd replaced the kitchen faucet at my place on the 9th', "What's your ZIP code?"]],
        }),
      );
      expect(decision.handoffReason).toBe('complaint');
      const fresh = await decideTurn(turn('its dripping again from the base of the spout', { earlier: [['hi, our kitchen faucet is old', "What's your ZIP code?"]] }));
      expect(fresh.handoffReason).toBeNull();
    });

    it('keeps the answers found in the text that handed off, and says so in the summary', async () => {
      const decision = await decideTurn(turn('water heater burst, water everywhere, 60614'));
      expect(decision.answers).toMatchObject({ zip: '60614', urgent: 'yes' });
      expect(decision.summary).toMatch(/in 60614.*Handed to a person: mentioned an emergency\.$/);
    });

    it('records no job guessed from a CO alarm, only the one they ask someone to look at', async () => {
      const hvac = { ...questions[0]!, choices: ['AC repair', 'Furnace or heat pump repair', 'New system quote'] };
      const alarm = 'the carbon monoxide detector went off this morning right after the heater kicked on, the 4 loud beeps';
      // (The first text, no question asked yet.)
      const first = (text: string) => turn(text, { questions: [hvac, questions[1]!], transcript: [{ from: 'contact', body: text, at: NOW.getTime() }] });
      const guessed = await decideTurn(first(`${alarm}. we opened the door, 60614`));
      expect(guessed.handoffReason).toBe('emergency');
      expect(guessed.answers).toEqual({ zip: '60614' });
      const asked = await decideTurn(first(`${alarm}. need someone to look at the furnace, it's a Rheem, 60614`));
      expect(asked.handoffReason).toBe('emergency');
      expect(asked.answers).toEqual({ service: 'Furnace or heat pump repair', zip: '60614' });
    });

    it('asks once more with the likely answers when confused, and hands off on the second miss', async () => {
      const first = await decideTurn(turn('hmm', { answers: { service: 'Drain cleaning' } }));
      expect(first.confused).toBe(true);
      expect(first.action).toBe('reply');
      expect(first.reply).toBe("Sorry, I didn't catch that. What's the 5-digit ZIP code where you need the work? (e.g. 60601)");
      const second = await decideTurn(turn('hmm', { answers: { service: 'Drain cleaning' }, confusedTurns: 1 }));
      expect(second.action).toBe('handoff');
      expect(second.handoffReason).toBe('confusion');
    });

    it('is not confused by a greeting, and re-asks a yes/no question with the way to answer', async () => {
      expect((await decideTurn(turn('hello'))).confused).toBe(false);
      const yesNo = await decideTurn(turn('the kitchen one', { answers: { service: 'Drain cleaning', zip: '60614', preferred_date: '2026-11-27' } }));
      expect(yesNo.reply).toBe("Sorry, I didn't catch that. Is this urgent? Just reply yes or no.");
    });
  });

  describe('disqualify', () => {
    it('sends the owner’s message for a ZIP outside the service area', async () => {
      const decision = await decideTurn(turn('46324', { answers: { service: 'Drain cleaning' } }));
      expect(decision).toMatchObject({ action: 'reply', reply: "Sorry, that's outside what we cover.", lead: 'disqualified', answers: { zip: '46324' } });
      expect(decision.reasons[decision.reasons.length - 1]).toMatch(/outside the service area \(46324\)/);
    });

    it('checks once a bare ZIP that two swapped digits would put in the area, then takes the answer', async () => {
      const first = await decideTurn(turn('06641', { answers: { service: 'Drain cleaning' } }));
      expect(first).toMatchObject({ action: 'reply', lead: 'engaging', answers: {} });
      expect(first.reply).toMatch(/Just to check, is the ZIP 06641\?/);
      const asked = { answers: { service: 'Drain cleaning' }, earlier: [['06641', first.reply ?? '']] as Array<[string, string]> };
      expect(await decideTurn(turn('yes that is right', asked))).toMatchObject({ lead: 'disqualified', answers: { zip: '06641' } });
      expect(await decideTurn(turn('sorry, 60641', asked))).toMatchObject({ lead: 'engaging', answers: { zip: '60641' } });
      // Put in words ("we're in 06641"), it is where they are: no check.
      expect(await decideTurn(turn("we're in 06641", { answers: { service: 'Drain cleaning' } }))).toMatchObject({ lead: 'disqualified' });
    });

    it('sends it for a service not offered, without recording a near service', async () => {
      const decision = await decideTurn(turn('I need my septic tank pumped'));
      expect(decision).toMatchObject({ action: 'reply', reply: "Sorry, that's outside what we cover.", lead: 'disqualified', answers: {} });
    });
  });

  it('lets an optional question go after one reply it cannot place, instead of asking forever', async () => {
    const optional: QualifierQuestion[] = [
      { key: 'zip', text: "What's your ZIP code?", kind: 'zip', choices: [], required: true },
      { key: 'has_photo', text: 'Can you send a photo?', kind: 'yes_no', choices: [], required: false },
    ];
    const asked = await decideTurn(turn('60614', { questions: optional }));
    expect(asked.lead).toBe('qualified');
    expect(asked.reply).toBe('Thanks! Lakeshore Plumbing will text you shortly to confirm the details. Can you send a photo?');
    const passed = await decideTurn(turn('the camera is broken', { questions: optional, answers: { zip: '60614' }, earlier: [['60614', asked.reply ?? '']] }));
    expect(passed.confused).toBe(false);
    expect(passed.answers).toEqual({});
    expect(passed.reply).toBe("Thanks, I've passed that on to the team at Lakeshore Plumbing.");
    // The next turn does not ask it again.
    const after = await decideTurn(
      turn('one more thing, the water is brown', { questions: optional, answers: { zip: '60614' }, earlier: [['60614', asked.reply ?? ''], ['the camera is broken', passed.reply ?? '']] }),
    );
    expect(after.reply).not.toContain('photo');
  });

  it('marks spam and says nothing', async () => {
    const decision = await decideTurn(turn('We can get Lakeshore Plumbing on the first page of Google! Cheap SEO packages'));
    expect(decision).toMatchObject({ action: 'skip', reply: null, lead: 'spam' });
  });

  it('says nothing when there is no new text', async () => {
    expect((await decideTurn(turn(['  ', '']))).action).toBe('skip');
  });

  it('keeps to the tone, and within two SMS segments when the owner’s FAQ answer is long', async () => {
    const concise = await decideTurn(turn('hmm', { assistant: { name: 'Riley', tone: 'concise' } }));
    const friendly = await decideTurn(turn('hmm'));
    expect(concise.reply!.length).toBeLessThan(friendly.reply!.length);
    const professional = await decideTurn(turn('drain cleaning', { assistant: { name: 'Riley', tone: 'professional' }, repliesToday: 0 }));
    expect(professional.reply).toBe("Thank you. What's your ZIP code?");

    const long = turn('Do you work weekends?');
    long.business.faq = [{ question: 'Do you work weekends?', answer: `Yes. ${'We keep a technician on call for weekend work. '.repeat(10)}` }];
    const decision = await decideTurn(long);
    expect(decision.reply!.length).toBeLessThanOrEqual(MAX_REPLY_CHARS);
    expect(decision.reply).toContain('What do you need help with?');
  });

  it('keeps a time of day said before the day with the day given later, and thanks the one texting, not the person to meet', async () => {
    const answers = { service: 'Drain cleaning', zip: '60614', urgent: 'no' };
    const meet: QualifierQuestion[] = [...questions.filter((question) => question.key !== 'name'), { key: 'name', text: 'Who should the plumber ask for?', kind: 'text', choices: [], required: false }];
    const decision = await decideTurn(turn('tomorrow works. Ask for Keisha, thats the tenant. I\'m Don', { questions: meet, answers, earlier: [['whats the soonest? she works nights so anytime after 1pm is best', 'What day works for you?']] }));
    expect(decision.answers).toMatchObject({ preferred_date: '2026-11-25 after 13:00', name: 'Keisha' });
    expect(decision.reply).toMatch(/^Thanks, Don! I have you down for Drain cleaning, tomorrow \(after 1 pm\)/);
    // (Asked for their own name, the answer is who is thanked.)
    expect((await decideTurn(turn('thursday works, this is Dana', { answers }))).reply).toMatch(/^Thanks, Dana!/);
  });

  it('the second reader\'s turns for this round\'s rules (each read wrong by a first version of the rule)', async () => {
    // An answer said with a sign-off counts.
    const answers = { service: 'Water heater replacement', zip: '60614', preferred_date: '2026-11-27' };
    const gtg = await decideTurn(turn('yes, gtg', { answers, earlier: [['friday', 'Perfect, thanks! Is this urgent?']] }));
    expect(gtg.answers.urgent).toBe('yes');
    expect(gtg.lead).toBe('qualified');
    // A move with a piano named among its things, or denied, keeps the person.
    const moves: QualifierQuestion[] = [{ key: 'move_type', text: 'What kind of move?', kind: 'choice', choices: ['Apartment or condo move', 'House move', 'Packing & boxes'], required: true }, questions[1]!];
    const pianoBusiness = { ...turn('x').business, services: moves[0]!.choices, servicesNotOffered: ['Piano moving', 'Junk removal'], serviceAreaPrefixes: [] };
    for (const text of ['2br apartment move, nothing else. no piano', 'moving out of my 1br apartment, just a bed, a couch, a few boxes and my upright piano', 'just a studio apartment move, the only big thing is a piano']) {
      const first = turn(text);
      expect((await decideTurn({ ...first, business: pianoBusiness, questions: moves, transcript: first.transcript.slice(1) })).lead, text).not.toBe('disqualified');
    }
    // Chicago's neighbourhoods named like far Illinois towns are no long-distance trip; "in only 2 weeks" names no town.
    const kinds: QualifierQuestion[] = [{ key: 'move_type', text: 'What kind of move is it?', kind: 'choice', choices: ['Local move (under 50 miles)', 'Long-distance move', 'Packing only'], required: true }];
    const chicago = { ...turn('x').business, services: kinds[0]!.choices, servicesNotOffered: [], serviceAreaPrefixes: ['606'] };
    expect((await decideTurn({ ...turn('moving from bridgeport to chatham next month, 2 bedroom'), business: chicago, questions: kinds })).answers.move_type).not.toBe('Long-distance move');
    const tennessee = { ...chicago, serviceAreaPrefixes: ['377', '378', '379'] };
    expect((await decideTurn({ ...turn('moving from Knoxville in only 2 weeks, to Maryville'), business: tennessee, questions: kinds })).answers.move_type).not.toBe('Long-distance move');
    // A choice named as the subject of something else changes nothing.
    const yard: QualifierQuestion[] = [{ key: 'area', text: 'Front yard, back yard or both?', kind: 'choice', choices: ['Front', 'Back', 'Both'], required: true }, questions[1]!];
    expect((await decideTurn(turn('60614. front yard is fine, we had it done in spring', { questions: yard, answers: { area: 'Back' } }))).answers.area).toBeUndefined();
    expect((await decideTurn(turn('both yards have dogs so close the gate pls. 60614', { questions: yard, answers: { area: 'Back' } }))).answers.area).toBeUndefined();
    // Where to: an abbreviated town keeps its whole name; a month is no place.
    const destination: QualifierQuestion[] = [{ key: 'to_where', text: 'Where are you moving to?', kind: 'text', choices: [], required: false }];
    expect((await decideTurn(replyTo('Where are you moving to?', 'to a house in St. Charles', { questions: destination }))).answers.to_where).toBe('St. Charles');
    expect((await decideTurn(replyTo('Where are you moving to?', 'Moving to St. Louis next month', { questions: destination }))).answers.to_where).toBe('St. Louis');
    expect((await decideTurn(turn('going to a studio in march', { questions: destination }))).answers.to_where).not.toBe('march');
    // A time of day told of the trouble is no time to come.
    const told = await decideTurn(turn('tomorrow works', { answers: { service: 'Water heater repair', zip: '60614' }, earlier: [['the heater quits every afternoon when we run the dishwasher', 'What day works for you?']] }));
    expect(told.answers.preferred_date).toBe('2026-11-25');
  });

  it('hands off at once when they cannot tell which of the options just listed it is', async () => {
    const listed = 'What do you need help with? (Water heater repair, Water heater replacement or Drain cleaning)';
    const lost = await decideTurn(replyTo(listed, "uhh idk what its called?? the letter just says it's not in compliance lol. I'm at work"));
    expect(lost).toMatchObject({ action: 'handoff', lead: 'needs_human', handoffReason: 'confusion' });
    // (A miss that is no "I can't tell" is asked again with the options, as before.)
    const other = await decideTurn(replyTo(listed, 'the thing in the basement is acting up'));
    expect(other.lead).not.toBe('needs_human');
  });

  it('reads no yard size from the size of a part of it ("30 ft of my lawn")', async () => {
    const lot: QualifierQuestion[] = [{ key: 'lot', text: 'How big is the yard, roughly?', kind: 'text', choices: [], required: false }];
    const decision = await decideTurn(turn('the town plow chewed up like 30 ft of my lawn along the road this winter, big ruts. just need the grass put back', { questions: lot }));
    expect(decision.answers.lot).toBeUndefined();
    expect((await decideTurn(turn('its a 40 ft wide lawn out front', { questions: lot }))).answers.lot).toBeDefined();
  });

  it('changes a choice said again with its question’s own thing ("both yards"), not one said in passing', async () => {
    const yard: QualifierQuestion[] = [{ key: 'yard', text: 'Front yard, back yard or both?', kind: 'choice', choices: ['Front', 'Back', 'Both'], required: true }, questions[1]!];
    const changed = await decideTurn(turn('85226, both yards I guess if you guys blow off the turf too', { questions: yard, answers: { yard: 'Front' } }));
    expect(changed.answers).toMatchObject({ yard: 'Both', zip: '85226' });
    const passing = await decideTurn(turn('85226, we both work so mornings are hard', { questions: yard, answers: { yard: 'Front' } }));
    expect(passing.answers.yard).toBeUndefined();
  });

  it('reads a move drawn by distance from how far apart the two towns are', async () => {
    const moves: QualifierQuestion[] = [{ key: 'move_type', text: 'What kind of move is it?', kind: 'choice', choices: ['Local move (under 50 miles)', 'Long-distance move', 'Packing help'], required: true }];
    const tennessee = { ...turn('x').business, services: moves[0]!.choices, servicesNotOffered: [], serviceAreaPrefixes: ['377', '378', '379'] };
    const far = await decideTurn({ ...turn("We're moving from Maryville to Nashville for my husband's job. 4 bedroom house"), business: tennessee, questions: moves });
    expect(far.answers.move_type).toBe('Long-distance move');
    const near = await decideTurn({ ...turn('moving from Maryville to Alcoa, 2 bedroom apartment'), business: tennessee, questions: moves });
    expect(near.answers.move_type).toBe('Local move (under 50 miles)');
  });

  it('reads where they move to from a new place named by its bedrooms ("going to a 1br in logan square")', async () => {
    const moving: QualifierQuestion[] = [{ key: 'to_where', text: 'Where are you moving to?', kind: 'text', choices: [], required: true }];
    const decision = await decideTurn(replyTo('Where are you moving to?', 'going to a 1br in logan square w my boyfriend. i have a bed, desk, a couch and like 15 boxes', { questions: moving }));
    expect(decision.answers).toEqual({ to_where: 'logan square' });
  });

  it('asks an owner’s fee question in Spanish by its amount', () => {
    const fee: QualifierQuestion = { key: 'fee_ok', text: "There's an $89 diagnostic fee, waived if you go ahead with the repair. Is that OK?", kind: 'yes_no', choices: [], required: true };
    expect(spanishQuestion(fee)).toBe('Hay un cargo de $89, que se descuenta si sigue con el trabajo. ¿Está de acuerdo?');
    expect(spanishQuestion({ ...fee, text: 'A $50 trip charge applies. OK?' })).toBe('Hay un cargo de $50. ¿Está de acuerdo?');
    // (Not a range of costs, nor two fees: the owner's words then, not a made-up charge.)
    expect(spanishQuestion({ ...fee, text: 'Most repairs cost $300-$600. Is that within your budget?' })).not.toContain('Hay un cargo');
    expect(spanishQuestion({ ...fee, text: 'There is a $50 trip charge plus $89 diagnostic. OK?' })).not.toContain('Hay un cargo de $50.');
  });

  it('takes a count of boxes for how much stuff a small move is, said before it is asked', async () => {
    const size: QualifierQuestion[] = [{ key: 'size', text: 'How big is the place (bedrooms), or roughly how much stuff?', kind: 'text', choices: [], required: true }];
    const decision = await decideTurn({ ...turn('hey can you guys move my daughter into her dorm at Bloomsburg? just her room stuff, mini fridge, a futon and like 15 boxes'), questions: size });
    expect(decision.answers.size).toContain('15 boxes');
  });

  it('records answers only for the business’s question keys, and updates one on a correction', async () => {
    const decision = await decideTurn(turn('sorry, actually it is 60615', { answers: { service: 'Drain cleaning', zip: '60614' } }));
    expect(decision.answers).toEqual({ zip: '60615' });
    expect(Object.keys((await decideTurn(turn('60614, tomorrow, not urgent'))).answers).every((key) => questions.some((question) => question.key === key))).toBe(true);
  });

  it('reads the job and the day back as it qualifies, in the person\'s language, and drops the read-back before going over two segments', async () => {
    const answers = { service: 'Drain cleaning', zip: '60614', urgent: 'no' };
    const english = await decideTurn(turn('thursday morning works', { answers }));
    expect(english.lead).toBe('qualified');
    expect(english.reply).toMatch(/^Thanks! I have you down for Drain cleaning, Thursday \(morning\)\. Lakeshore Plumbing will text you shortly/);
    const spanish = await decideTurn(turn('el jueves en la mañana por favor', { answers }));
    expect(spanish.reply).toMatch(/^¡Gracias! Anoté: Drain cleaning, el jueves \(en la mañana\)\. Lakeshore Plumbing le escribirá pronto/);
    // (A long FAQ answer leaves no room: the closing keeps its plain wording.)
    const long = await decideTurn(turn('thursday morning works. do you work weekends?', { answers, business: { ...turn('x').business, faq: [{ question: 'Do you work weekends?', answer: 'Yes, Saturdays 8am to 1pm and Sundays for emergencies only, with a weekend surcharge that the team will explain when they text; most weekday slots open up within two days of your request.' }] } }));
    expect(long.reply?.length).toBeLessThanOrEqual(MAX_REPLY_CHARS);
    expect(long.reply).toContain('Lakeshore Plumbing will text you shortly');
    expect(long.reply).not.toContain('I have you down for');
    // (The job is the question about the services, not one asked before it: "How did you hear about us?".)
    const heard: QualifierQuestion[] = [{ key: 'source', text: 'How did you hear about us?', kind: 'choice', choices: ['Google', 'A friend', 'Other'], required: false }, ...questions];
    const sourced = await decideTurn(turn('thursday morning works', { questions: heard, answers: { ...answers, source: 'Google' } }));
    expect(sourced.reply).toMatch(/I have you down for Drain cleaning, Thursday/);
  });

  it('says back a change to the job or the day read back, without words of correction', async () => {
    const answers = { service: 'Drain cleaning', zip: '60614', preferred_date: '2026-11-26', urgent: 'no' };
    const readBack = 'Thanks! I have you down for Drain cleaning, Thursday. Lakeshore Plumbing will text you shortly to confirm the details.';
    const fixed = await decideTurn(replyTo(readBack, 'friday please, not thursday', { answers }));
    expect(fixed.answers.preferred_date).toBe('2026-11-27');
    expect(fixed.reply).toMatch(/^Got it, I've changed that to Friday\./);
  });

  it('takes no amount from "the furniture" of a whole house, and the big pieces when they are listed', async () => {
    const moving: QualifierQuestion[] = [questions[1]!, { key: 'size', text: 'How much stuff — how many bedrooms, or the big pieces?', kind: 'text', choices: [], required: false }];
    expect((await decideTurn(turn('Need a crew and a truck to take the furniture from their house in 60614 down to Florida, sometime in January', { questions: moving }))).answers.size).toBeUndefined();
    expect((await decideTurn(replyTo('How much stuff — how many bedrooms, or the big pieces?', 'a couch, a dresser and some boxes', { questions: moving, answers: { zip: '60614' } }))).answers.size).toMatch(/couch/);
  });

  it('keeps the day of a visit asked with a danger ("get her on your list for tomorrow"), and reads no "heat pump" in "my mother\'s heat"', async () => {
    const hvac: QualifierQuestion[] = [
      { key: 'service', text: 'What do you need help with?', kind: 'choice', choices: ['No-heat repair (furnace or boiler)', 'Annual boiler & furnace cleaning', 'Thermostat replacement'], required: true },
      questions[1]!,
      { key: 'heat_source', text: 'What heats the place now — oil, propane, heat pump, something else?', kind: 'text', choices: [], required: false },
      questions[2]!,
    ];
    const first = await decideTurn(turn("hi this is Karen Whitcomb, it's about my mother's heat", { questions: hvac }));
    expect(first.answers.heat_source).toBeUndefined();
    const cold = await decideTurn(turn("Her zip is 60614. She says it's 49 in the house and the thermostat clicks but nothing kicks on. She's 86 and they're calling for minus 12 tonight. I just wanted to get her on your list for tomorrow", { questions: hvac }));
    expect(cold.handoffReason).toBe('emergency');
    expect(cold.answers.service).toBe('No-heat repair (furnace or boiler)');
    expect(cold.answers.preferred_date).toBe('2026-11-25');
  });

  it('keeps the job said with a danger: a furnace they ask someone to look at beside a CO alarm, a spring snapped in half', async () => {
    const hvac: QualifierQuestion[] = [{ key: 'service', text: 'What can we help you with?', kind: 'choice', choices: ['Furnace or boiler repair', 'AC repair', 'Tune-up'], required: true }, questions[1]!];
    const co = await decideTurn(turn('Our carbon monoxide detector went off about 5 this morning, the one in the basement by the furnace. Wife and I both have kind of a headache. Could somebody come look at the furnace? 60614', { questions: hvac }));
    expect(co.handoffReason).toBe('emergency');
    expect(co.answers.service).toBe('Furnace or boiler repair');
    const doors: QualifierQuestion[] = [{ key: 'issue', text: "What's going on with the door?", kind: 'choice', choices: ['Broken spring replacement', 'Opener repair or new opener', 'New garage door'], required: true }, questions[1]!];
    const spring = await decideTurn(turn('heard a loud bang last night and now the garage door wont open, the big spring above the door is snapped in half | my car is inside and i need to be at work by 9', { questions: doors }));
    expect(spring.handoffReason).toBe('emergency');
    expect(spring.answers.issue).toBe('Broken spring replacement');
  });

  it('changes a name known already only when the correction is about the name', async () => {
    const known = { service: 'Drain cleaning', zip: '60614', name: 'Doug Petersen' };
    const signed = await decideTurn(turn('Any day this week except Friday. Actually Thursday is best for her. Fran', { answers: known }));
    expect(signed.answers.name).toBeUndefined();
    expect(signed.answers.preferred_date).toBeDefined();
    expect((await decideTurn(turn('sorry, my name is Fran Petersen actually', { answers: known }))).answers.name).toBe('Fran Petersen');
    expect((await decideTurn(turn("Actually I should say, I'm Linda. ZIP is 60614", { answers: known }))).answers.name).toBe('Linda');
  });

  it('says a corrected answer back, so a misreading shows at once, and says nothing back for a first answer', async () => {
    const zip = await decideTurn(turn('sorry, actually it is 60615', { answers: { service: 'Drain cleaning', zip: '60614' } }));
    expect(zip.reply).toMatch(/^Got it, I've changed that to ZIP 60615\. /);
    // A day moved, said back as a day (Tuesday Nov 24 is today in Chicago).
    const day = await decideTurn(turn('this is his wife, friday works better', { answers: { service: 'Drain cleaning', zip: '60614', preferred_date: '2026-11-26' } }));
    expect(day.answers.preferred_date).toBe('2026-11-27');
    expect(day.reply).toMatch(/changed that to Friday/);
    const spanish = await decideTurn(turn('perdón, es 60615 no 60614', { answers: { zip: '60614' } }));
    expect(spanish.reply).toMatch(/^Entendido, anoté el cambio: el código postal 60615\. /);
    const first = await decideTurn(replyTo("What's your ZIP code?", '60614', { answers: { service: 'Drain cleaning' } }));
    expect(first.reply).not.toMatch(/changed|updated/);
    // A day read in passing, not said as a change, is not announced as one.
    const passing = await decideTurn(replyTo('Is this urgent?', 'not urgent, we close on the condo friday tho', { answers: { service: 'Drain cleaning', zip: '60614', preferred_date: '2026-11-30' } }));
    expect(passing.reply).not.toMatch(/changed|updated/);
    // Two changes at once, and a window in the 12-hour clock.
    const two = await decideTurn(turn('sorry, wrong zip, it is 60615 not 60614, and make it friday after 3', { answers: { service: 'Drain cleaning', zip: '60614', preferred_date: '2026-11-30' } }));
    expect(two.reply).toMatch(/^Got it, I've updated those: ZIP 60615 and Friday \(after 3 pm\)\./);
  });

  it('takes a text that is only a name as the name while another question is open, and never a word of the job', async () => {
    const earlier: Array<[string, string]> = [['my water heater is acting up', 'Just to check, which one is it: Water heater repair or Water heater replacement?']];
    expect((await decideTurn(turn('Kainoa Akana', { earlier }))).answers).toEqual({ name: 'Kainoa Akana' });
    expect((await decideTurn(turn('Drain', { earlier }))).answers.name).toBeUndefined();
  });

  it('turns away a not-offered service named by its own thing, even when an offered one fits only by its trade', async () => {
    const moves: QualifierQuestion[] = [
      { key: 'move_type', text: 'What kind of move?', kind: 'choice', choices: ['Apartment or condo move', 'House move', 'Packing & boxes'], required: true },
      { key: 'zip', text: "What's your ZIP code?", kind: 'zip', choices: [], required: true },
    ];
    const base = turn('Do you guys do long distance? Need to get my stuff from Orlando up to Atlanta, closing on a house there in February');
    const business = { ...base.business, services: ['Apartment or condo move', 'House move', 'Packing & boxes'], servicesNotOffered: ['Out-of-state moves', 'Storage'], serviceAreaPrefixes: [] };
    const decision = await decideTurn({ ...base, business, questions: moves, transcript: base.transcript.slice(1), newMessages: base.newMessages });
    expect(decision.lead).toBe('disqualified');
    expect(decision.answers.move_type).toBeUndefined();
    // A house move named as such keeps the person, whatever else the text says about storage.
    const kept = turn('need a 3 bedroom house moved across town, we might put a few boxes in storage after');
    expect((await decideTurn({ ...kept, business, questions: moves, transcript: kept.transcript.slice(1), newMessages: kept.newMessages })).lead).not.toBe('disqualified');
    // Only the not-offered thing, from a house: "Nothing else, just the piano" is a piano move; a house move with the
    // piano in it keeps the person.
    const pianoBusiness = { ...business, servicesNotOffered: ['Piano moving', 'Junk removal'] };
    const piano = turn("Hello. I need to move my late mother's upright piano from her house in Oak Park to my place in Berwyn. Nothing else, just the piano. Is that something you do?");
    expect((await decideTurn({ ...piano, business: pianoBusiness, questions: moves, transcript: piano.transcript.slice(1), newMessages: piano.newMessages })).lead).toBe('disqualified');
    const withPiano = turn('moving my 3 bedroom house across town, the piano comes too');
    expect((await decideTurn({ ...withPiano, business: pianoBusiness, questions: moves, transcript: withPiano.transcript.slice(1), newMessages: withPiano.newMessages })).lead).not.toBe('disqualified');
    // (Where to: the place, not the next sentence's first word.)
    const destination: QualifierQuestion[] = [{ key: 'to_where', text: 'Where are you moving to?', kind: 'text', choices: [], required: false }];
    expect((await decideTurn({ ...piano, questions: destination, transcript: piano.transcript.slice(1), newMessages: piano.newMessages })).answers.to_where).toBe('Berwyn');
  });

  it('moves a weekday to the one nearest the day already given when the person changes it', async () => {
    const answers = { service: 'Drain cleaning', zip: '60614', preferred_date: '2026-12-09' };
    const decision = await decideTurn(turn('actually make it thursday, forgot I have a dentist appt wed', { answers, earlier: [['wednesday the 9th', 'Is this urgent?']] }));
    expect(decision.answers.preferred_date).toBe('2026-12-10');
  });

  it('records a free-text answer only when the text carries what the question asks, read from its own words', async () => {
    const plumbing: QualifierQuestion[] = [
      ...questions.slice(0, 2),
      { key: 'access', text: "Where's the problem? Somewhere we can get to easily, like under a sink, the basement or a crawlspace?", kind: 'text', choices: [], required: false },
      { key: 'entry', text: 'How do we get in: will someone be there, or a key/lockbox?', kind: 'text', choices: [], required: false },
    ];
    // The question asks a place, whatever its key: the place said with where it is, not the room named in passing.
    const place = await decideTurn(turn('kitchen sink froze up again, the pipe runs along the outside wall under the sink', { questions: plumbing }));
    expect(place.answers.access).toContain('under the sink');
    // Dogs do not say how to get in unless the question asks about them; a ZIP code is no gate code.
    const dogs = await decideTurn(turn('2 dogs who shed like crazy, my zip code is 60614', { questions: plumbing }));
    expect(dogs.answers.entry).toBeUndefined();
    expect(dogs.answers.zip).toBe('60614');
    // "cerré la llave" shut a valve: no key to get in.
    const valve = await decideTurn(turn('se reventó un tubo arriba, ya cerré la llave de afuera creo. 60614', { questions: plumbing }));
    expect(valve.answers.entry).toBeUndefined();
    const key = await decideTurn(turn('no voy a estar, la llave está debajo del tapete. 60614', { questions: plumbing }));
    expect(key.answers.entry).toContain('llave');
    // Asked how big the yard is, a reply with no size in it is asked again with examples, not recorded.
    const yard: QualifierQuestion[] = [{ key: 'lot_size', text: 'Roughly how big is the yard?', kind: 'text', choices: [], required: true }];
    const unclear = await decideTurn(replyTo('Roughly how big is the yard?', 'whatever works for you guys', { questions: yard }));
    expect(unclear.answers.lot_size).toBeUndefined();
    expect(unclear.reply).toMatch(/quarter acre/);
    const sized = await decideTurn(replyTo('Roughly how big is the yard?', "backyard maybe 2000 sq ft, it's mostly gravel", { questions: yard }));
    expect(sized.answers.lot_size).toBe('backyard maybe 2000 sq ft');
    // The length of a thing in the yard is not how big the yard is.
    const wall = await decideTurn(turn('we have an old stone wall along the back field that heaved over the winter, maybe 60 ft of it', { questions: yard }));
    expect(wall.answers.lot_size).toBeUndefined();
    const medium = await decideTurn(replyTo('Roughly how big is the yard?', 'idk like medium? theres a big bush thing and the grass is dead', { questions: yard }));
    expect(medium.answers.lot_size).toBe('medium');
    const chiquito = await decideTurn(replyTo('Roughly how big is the yard?', 'es chiquito, nomás el frente y un patiecito atrás. Podrían empezar el lunes?', { questions: [...yard, questions[2]!] }));
    expect(chiquito.answers.lot_size).toBe('chiquito');
    expect(chiquito.answers.preferred_date).toBe('2026-11-30');
    const age: QualifierQuestion[] = [{ key: 'house_age', text: 'Roughly how old is the house?', kind: 'text', choices: [], required: false }];
    const built = await decideTurn(turn("ok fair. 20180 Lovettsville. House was built in '04", { questions: age }));
    expect(built.answers.house_age).toContain("'04");
    const sides: QualifierQuestion[] = [{ key: 'yard', text: 'Front yard, back yard or both?', kind: 'choice', choices: ['Front', 'Back', 'Both'], required: false }];
    const idiom = await decideTurn(turn("the letter says landscape not in compliance. I'm at work, I don't have it in front of me", { questions: sides }));
    expect(idiom.answers.yard).toBeUndefined();
    const half = await decideTurn(replyTo('Roughly how big is the yard?', 'acre and a half. lots of sticks from the ice storm', { questions: yard }));
    expect(half.answers.lot_size).toBe('acre and a half');
  });

  it("takes an answer to a free-text question from the examples the owner's question gives", async () => {
    const roof: QualifierQuestion[] = [
      { key: 'zip', text: "What's your ZIP code?", kind: 'zip', choices: [], required: true },
      { key: 'roof_type', text: "What's the roof made of (asphalt shingles, metal, slate...)?", kind: 'text', choices: [], required: false },
    ];
    const said = 'big ice dams along the back eaves. asphalt shingles, ranch in 60614';
    const decision = await decideTurn(turn(said, { questions: roof }));
    expect(decision.answers.roof_type).toBe('asphalt shingles');
    // Two of the examples named: not sure which one the roof is, so nothing is recorded unasked.
    const both = await decideTurn(turn('want a standing seam metal roof, asphalt on it now. 60614', { questions: roof }));
    expect(both.answers.roof_type).toBeUndefined();
    // ("Composition shingle" is the owner's "comp shingle" written out.)
    const comp: QualifierQuestion[] = [...questions, { key: 'roof_type', text: "What's on the roof — comp shingle, metal, shake?", kind: 'text', choices: [], required: false }];
    expect((await decideTurn(turn('It is 60614, and yes we own it, 22 years. Composition shingle, about 15 years old', { questions: comp }))).answers.roof_type).toMatch(/^Composition shingle/);
  });

  it('takes a full name said as a sentence of its own beside another answer', async () => {
    const named: QualifierQuestion[] = [
      { key: 'access', text: 'Gate code or HOA notes, if any?', kind: 'text', choices: [], required: false },
      { key: 'name', text: 'Your name?', kind: 'text', choices: [], required: true },
    ];
    const decision = await decideTurn(replyTo('Gate code or HOA notes, if any?', 'Gary Pruitt. gate code is 4471#', { questions: named }));
    expect(decision.answers.name).toBe('Gary Pruitt');
    expect(decision.answers.access).toMatch(/4471/);
  });

  it('takes the long-distance option for a move to another state, and keeps it when a later text corrects only the day', async () => {
    const moves: QualifierQuestion[] = [
      { key: 'move_type', text: 'What kind of move is it?', kind: 'choice', choices: ['Local move (within 50 miles)', 'Long-distance move', 'Packing only'], required: true },
      { key: 'move_date', text: "What's your move date?", kind: 'date', choices: [], required: true },
    ];
    const business = { ...turn('x').business, serviceAreaPrefixes: ['296', '293'], facts: 'Movers in Greenville and Spartanburg.' };
    const first = await decideTurn(turn('Moving from Spartanburg to Nashville end of the month, 3 bed house', { questions: moves, business }));
    expect(first.answers.move_type).toBe('Long-distance move');
    const later = await decideTurn(turn('wait no sorry closing got moved, make it Monday Dec 7th', { questions: moves, business, answers: { move_type: 'Long-distance move', move_date: '2026-11-30' } }));
    expect(later.answers.move_date).toBe('2026-12-07');
    expect(later.answers.move_type).toBeUndefined();
  });

  it('does not ask a third time in a row a question passed over twice while others are still to ask', async () => {
    const asked = 'What do you need help with?';
    const decision = await decideTurn(
      turn('Tuesday works', {
        transcript: [
          { from: 'business', body: `Hi! ${asked}`, at: NOW.getTime() - 300_000 },
          { from: 'contact', body: 'hey there', at: NOW.getTime() - 240_000 },
          { from: 'business', body: `${asked} (Water heater repair, Water heater replacement or Drain cleaning)`, at: NOW.getTime() - 180_000 },
          { from: 'contact', body: 'Tuesday works', at: NOW.getTime() },
        ],
      }),
    );
    expect(decision.answers.preferred_date).toBeDefined();
    expect(decision.reply).toContain("What's your ZIP code?");
    expect(decision.reply).not.toContain(asked);
  });

  it("keeps a storey count in the customer's words, with the digits beside it", async () => {
    const roof: QualifierQuestion[] = [{ key: 'stories', text: 'How many stories is the house?', kind: 'text', choices: [], required: true }];
    const said = await decideTurn(replyTo('How many stories is the house?', 'one story brick ranch', { questions: roof }));
    expect(said.answers.stories).toBe('one story brick ranch (1 story)');
  });

  it('takes a capitalised word closing a text as the name signed, but not a word of feeling or a place the business serves', async () => {
    const named: QualifierQuestion[] = [
      { key: 'preferred_date', text: 'What day works for you?', kind: 'date', choices: [], required: true },
      { key: 'name', text: "What's your first name?", kind: 'text', choices: [], required: true },
    ];
    expect((await decideTurn(turn('the 12th? after 2 is better, I get off work at 1:30. Keoni', { questions: named }))).answers.name).toBe('Keoni');
    expect((await decideTurn(turn('the 12th works. Unbelievable', { questions: named }))).answers.name).toBeUndefined();
    expect((await decideTurn(turn('the 12th works. Chicago', { questions: named }))).answers.name).toBeUndefined();
    expect((await decideTurn(turn('Guests arrive the 5th so anytime before then. Gina w/ Coastal Stays', { questions: named }))).answers.name).toBe('Gina');
    // One word in reply to the ZIP question is the town.
    const zipFirst: QualifierQuestion[] = [{ key: 'zip', text: "What's the ZIP code?", kind: 'zip', choices: [], required: true }, ...named];
    const town = await decideTurn(replyTo("What's the ZIP code?", 'Waldport', { questions: zipFirst }));
    expect(town.answers.name).toBeUndefined();
  });

  it('hears the options a question lists in its own words, and a day moved a week on', async () => {
    const heat: QualifierQuestion[] = [
      { key: 'fuel', text: 'Is the heat oil, gas, propane or electric?', kind: 'text', choices: [], required: false },
      { key: 'preferred_date', text: 'What day works for you?', kind: 'date', choices: [], required: true },
    ];
    expect((await decideTurn(turn('weil mclain oil boiler, the reset button is lit up red', { questions: heat }))).answers.fuel).toContain('oil');
    const moved = await decideTurn(turn("actually make it the week after, same day, we're out of town", { questions: heat, answers: { preferred_date: '2026-12-03' } }));
    expect(moved.answers.preferred_date).toBe('2026-12-10');
  });

  it("hears one of the owner's examples said in the plural, before the question is asked", async () => {
    const roof: QualifierQuestion[] = [
      { key: 'zip', text: "What's the property ZIP?", kind: 'zip', choices: [], required: true },
      { key: 'roof_type', text: 'Do you know what kind of roof it is? (shingle, metal, flat...)', kind: 'text', choices: [], required: false },
    ];
    const said = await decideTurn(replyTo("What's the property ZIP?", 'asphalt shingles. Kachina Village 60601', { questions: roof }));
    expect(said.answers.roof_type).toBe('asphalt shingles');
    expect(said.answers.zip).toBe('60601');
  });

  it('keeps more about the way in said later beside what was said before, and a crawlspace door as a way in', async () => {
    const access: QualifierQuestion[] = [
      { key: 'access', text: 'Gate code or anything about access (dogs, parking)?', kind: 'text', choices: [], required: false },
      { key: 'preferred_date', text: 'What day works for you?', kind: 'date', choices: [], required: true },
    ];
    const later = await decideTurn(turn('Gate is usually open, if not the code is 1955', { questions: access, answers: { access: 'my husband is home that day' } }));
    expect(later.answers.access).toBe('my husband is home that day; Gate is usually open, if not the code is 1955');
    const asked = 'Anything we should know to get in? (crawlspace, dogs, gate)';
    const crawl = await decideTurn(replyTo(asked, 'crawl space door is on the north side by the propane tank. dog is loud but a big baby', { questions: [{ ...access[0], text: asked } as QualifierQuestion] }));
    expect(crawl.answers.access).toContain('north side');
  });

  it('hears yes or no beside a day only when it comes first, not in a clause about something else', async () => {
    const hoa: QualifierQuestion[] = [
      { key: 'hoa', text: 'Is there an HOA that has to approve changes?', kind: 'yes_no', choices: [], required: false },
      { key: 'preferred_date', text: 'What day works for you?', kind: 'date', choices: [], required: true },
    ];
    const asked = (text: string) => replyTo('Is there an HOA that has to approve changes?', text, { questions: hoa });
    const aside = await decideTurn(asked("We don't need to be there, side gate is unlocked. Monday the 30th is fine"));
    expect(aside.answers.hoa).toBeUndefined();
    expect(aside.answers.preferred_date).toBe('2026-11-30');
    expect((await decideTurn(asked('no, monday the 30th is fine'))).answers.hoa).toBe('no');
    expect((await decideTurn(asked("yes we're in an HOA. monday the 30th?"))).answers.hoa).toBe('yes');
  });

  it('takes an answer put off as no miss, and more about the job while a day was asked as part of its description', async () => {
    const zipAsked = replyTo("What's your ZIP code?", "ok I'll have to look that up, we just moved here lol. I'll get back to you", { answers: { service: 'Drain cleaning' } });
    const later = await decideTurn(zipAsked);
    expect(later.action).toBe('reply');
    expect(later.reply).toContain('text it here when you have it');
    expect(later.reply).not.toContain('ZIP');
    expect(later.handoffReason).toBeNull();
    expect(later.confused).toBe(false);
    const job: QualifierQuestion[] = [
      { key: 'job', text: 'What needs doing?', kind: 'text', choices: [], required: true },
      { key: 'preferred_date', text: 'What day works for you?', kind: 'date', choices: [], required: true },
    ];
    const more = await decideTurn(replyTo('What day works for you?', "2 by the toilet and 1 in the shower. it's a fiberglass tub surround if that matters", { questions: job, answers: { job: 'grab bars put in for my mom' } }));
    expect(more.answers.job).toContain('fiberglass');
    expect(more.confused).toBe(false);
    expect(more.reply).toContain('What day works for you?');
  });
  it('corrects a job widened ("the whole freezer not just the ice maker"), adds a model number to the make, and takes the size they state over one asked about', async () => {
    const appliance: QualifierQuestion[] = [
      { key: 'appliance', text: 'Which appliance needs help?', kind: 'choice', choices: ['Ice maker', 'Fridge & freezer', 'Washer'], required: true },
      { key: 'brand', text: 'Brand and model, if you have it?', kind: 'text', choices: [], required: false },
      { key: 'problem', text: "What's it doing (or not doing)?", kind: 'text', choices: [], required: true },
      { key: 'preferred_date', text: 'What day works for you?', kind: 'date', choices: [], required: true },
    ];
    const answers = { appliance: 'Ice maker', brand: 'Samsung', problem: 'the ice maker quit making ice' };
    const widened = await decideTurn(replyTo('What day works for you?', "ok update, the freezer drawer is warm and everything's soft. so it's the whole freezer not just the ice maker", { questions: appliance, answers }));
    expect(widened.answers.appliance).toBe('Fridge & freezer');
    expect(widened.answers.problem).toContain('whole freezer');
    const model = await decideTurn(replyTo('What day works for you?', 'the model is RF28R7351SR, its on a sticker inside the door', { questions: appliance, answers }));
    expect(model.answers.brand).toBe('Samsung RF28R7351SR');
    const moving: QualifierQuestion[] = [{ key: 'size', text: 'How big is the place? (bedrooms, what floor)', kind: 'text', choices: [], required: true }];
    const size = await decideTurn(turn('whats a 2 bedroom move cost? asking bc we have a 4 bedroom house but half the rooms are empty', { questions: moving }));
    expect(size.answers.size).toContain('4 bedroom');
    const access: QualifierQuestion[] = [{ key: 'access', text: 'Anything we should know to get in? (gate code, tenant contact, dogs)', kind: 'text', choices: [], required: false }];
    // Things listed after the first, up to the clause that is no thing.
    const stuff: QualifierQuestion[] = [{ key: 'size', text: 'How many bedrooms, or roughly how much stuff?', kind: 'text', choices: [], required: true }];
    const listed = await decideTurn(turn('moving into his dorm. Its just a twin bed frame, mini fridge, desk and some boxes, coming from our house in Overland Park', { questions: stuff }));
    expect(listed.answers.size).toBe('Its just a twin bed frame, mini fridge, desk and some boxes');
    const tenant = await decideTurn(replyTo(access[0]!.text, "she'll let you in, Tanisha 832-555-0147", { questions: access }));
    expect(tenant.answers.access).toContain('Tanisha 832-555-0147');
  });

  it('sets aside a thing said to be fine ("opener is fine its the door itself")', async () => {
    const garage: QualifierQuestion[] = [{ key: 'issue', text: "What's going on with the door?", kind: 'choice', choices: ['Broken spring', 'Opener repair or new opener', 'New garage door', 'Noisy door tune-up'], required: true }];
    const fine = await decideTurn(turn('our garage door is SO loud, grinding and squealing every time it goes up. its a clopay, opener is fine its the door itself', { questions: garage }));
    expect(fine.answers.issue).toBe('Noisy door tune-up');
  });

  it('changes the job to the one they now prefer for the same thing, but not for a job word said in passing', async () => {
    const roofing: QualifierQuestion[] = [
      { key: 'need', text: 'What does your roof need?', kind: 'choice', choices: ['Roof leak repair', 'Storm damage / missing shingles', 'Full roof replacement (shingle or metal)', 'Roof inspection (insurance, buying or selling)'], required: true },
      { key: 'insurance', text: 'Will this be an insurance claim?', kind: 'yes_no', choices: [], required: true },
    ];
    const answers = { need: 'Storm damage / missing shingles' };
    const prefer = await decideTurn(replyTo('Will this be an insurance claim?', 'Having discussed it with my husband, and given its age, we would prefer that you quote a complete replacement.', { questions: roofing, answers }));
    expect(prefer.answers.need).toBe('Full roof replacement (shingle or metal)');
    expect(prefer.reply).toMatch(/updated that to “Full roof replacement|changed that to “Full roof replacement/);
    // The damage named beside a no is no repair asked again.
    const replaced = { need: 'Full roof replacement (shingle or metal)' };
    const passing = await decideTurn(replyTo('Will this be an insurance claim?', 'We shall not be filing an insurance claim; the deductible is larger than the damage is likely to be.', { questions: roofing, answers: replaced }));
    expect(passing.answers.need).toBeUndefined();
    expect(passing.answers.insurance).toBe('no');
    // Nor a decision about something else, or a time to set up.
    const pocket = await decideTurn(replyTo('Will this be an insurance claim?', 'no, we have decided to just pay out of pocket. Can you set up a time?', { questions: roofing, answers }));
    expect(pocket.answers.need).toBeUndefined();
    expect(pocket.reply).not.toMatch(/changed|updated/);
    // Nor does "setting up" ask for an install.
    const inspection = { need: 'Roof inspection (insurance, buying or selling)' };
    const access = await decideTurn(replyTo('Will this be an insurance claim?', "no. The sellers' agent is setting up access", { questions: roofing, answers: inspection }));
    expect(access.answers.need).toBeUndefined();
  });
  it('takes the farther option for a move from the local area to another town, and no call request as a free-text answer', async () => {
    const moves: QualifierQuestion[] = [
      { key: 'service', text: 'What can we help you with?', kind: 'choice', choices: ['Local move (Houston area)', 'Moving within Texas', 'Packing service'], required: true },
      { key: 'building', text: 'What kind of building is it? (house, condo, 2-flat...)', kind: 'text', choices: [], required: false },
    ];
    const business = { facts: 'Local moves across Greater Houston, moves to other Texas cities (Austin, San Antonio, Dallas), full packing.' };
    const input = (text: string) => {
      const base = turn(text, { questions: moves });
      return { ...base, business: { ...base.business, ...business } };
    };
    expect((await decideTurn(input('quiero cotizar una mudanza de Houston a San Antonio, es una casa de 3 recámaras'))).answers.service).toBe('Moving within Texas');
    expect((await decideTurn(input('moving from Houston to Pasadena, like 20 min away, 2 bedroom apartment'))).answers.service).not.toBe('Moving within Texas');
    const call = await decideTurn(replyTo(moves[1]!.text, "It's a lot to type out honestly, can someone call me? 773-555-0182", { questions: moves, answers: { service: 'Local move (Houston area)' } }));
    expect(call.answers.building).toBeUndefined();
    expect(call.action).toBe('handoff');
  });
  it('keeps a thing installed years ago that has now quit, a size a correction sets aside, and the window of a day said again', async () => {
    const garage: QualifierQuestion[] = [
      { key: 'problem', text: "What's going on with the door?", kind: 'choice', choices: ['Broken spring', 'Opener repair or new opener', 'New garage door', 'Tune-up & lube'], required: true },
      { key: 'door_size', text: 'Single or double door?', kind: 'choice', choices: ['Single (one car)', 'Double (two car)'], required: true },
      { key: 'when', text: "When's good for us to come out?", kind: 'date', choices: [], required: true },
    ];
    const withGarage = (input: AiTurnInput): AiTurnInput => ({ ...input, business: { ...input.business, services: garage[0]!.choices, servicesNotOffered: ['Commercial roll-up / dock doors'] } });
    const quit = await decideTurn(withGarage(turn('My late husband installed a Genie garage door opener many years ago and it has finally quit. The light comes on but the door does not move.', { questions: garage })));
    expect(quit.answers.problem).toBe('Opener repair or new opener');
    // A door that squeals is no sure "New garage door": the thing fits, the job does not.
    const squeal = 'our garage door squeals like a dying cat going up and down';
    expect((await decideTurn(withGarage(turn(squeal, { questions: garage, transcript: [{ from: 'contact', body: squeal, at: NOW.getTime() }] })))).answers.problem).toBeUndefined();
    const answers = { problem: 'Broken spring', door_size: 'Single (one car)', when: '2026-11-28 morning' };
    const wife = await decideTurn(withGarage(replyTo("Your name?", "hi this is Mark's wife. it's actually the big 2 car door not the single. saturday is fine", { questions: garage, answers })));
    expect(wife.answers.door_size).toBe('Double (two car)');
    expect(wife.answers.when ?? answers.when).toBe('2026-11-28 morning');
    expect(wife.lead).not.toBe('disqualified');
  });
  it('hears a two-word example of a list in the question, and keeps one-word lists as they were', async () => {
    const home: QualifierQuestion[] = [
      { key: 'home_type', text: 'Is it a house, mobile home, apartment or business?', kind: 'text', choices: [], required: false },
      { key: 'fuel', text: 'Is the heat oil, gas, propane or electric?', kind: 'text', choices: [], required: false },
    ];
    const said = await decideTurn(turn('swarm of flying bugs by the porch light, pretty sure its termites. I own the house, its a rental', { questions: home }));
    expect(said.answers.home_type).toContain('house');
    expect(said.answers.fuel).toBeUndefined();
    expect((await decideTurn(turn('our boiler quit overnight, weil mclain oil boiler', { questions: home }))).answers.fuel).toContain('oil');
  });
  it('takes a known first name signed in lowercase by someone who writes without capitals', async () => {
    const asked = await decideTurn(replyTo('What day works for you?', 'sat works, before noon. jake', { answers: { service: 'Drain cleaning', zip: '60614' } }));
    expect(asked.answers.name?.toLowerCase()).toBe('jake');
    const capitals = await decideTurn(replyTo('What day works for you?', 'Saturday works, before noon. grant', { answers: { service: 'Drain cleaning', zip: '60614' } }));
    expect(capitals.answers.name).toBeUndefined();
  });
  it('keeps a reply that only gives the name from another free-text question, and sets aside a sentence given only for information', async () => {
    const qs: QualifierQuestion[] = [
      { key: 'stairs', text: 'Any stairs or an elevator at either end?', kind: 'text', choices: [], required: false },
      { key: 'name', text: "What's your name?", kind: 'text', choices: [], required: true },
    ];
    const named = await decideTurn(replyTo(qs[0]!.text, 'Me llamo Alejandra Ruiz, gracias!', { questions: qs }));
    expect(named.answers.stairs).toBeUndefined();
    expect(named.answers.name).toBe('Alejandra Ruiz');
    const both = await decideTurn(replyTo(qs[0]!.text, 'No stairs, all one level. My name is Ana Ruiz', { questions: qs }));
    expect(both.answers.stairs).toContain('No stairs');
    const doors: QualifierQuestion[] = [{ key: 'job', text: 'What do you need done?', kind: 'choice', choices: ['Drywall patch & paint touch-up', 'Door & lock repair'], required: true }];
    const info = await decideTurn(turn("Our front double doors won't latch anymore and the deadbolt doesn't line up. The doors are metal, painted red, if that matters.", { questions: doors }));
    expect(info.answers.job).toBe('Door & lock repair');
  });
  it('keeps the day a danger asks a visit for, in that sentence’s words, and someone home all day as the way in', async () => {
    const sewage = await decideTurn(turn('sewage is coming up through the basement floor drain and we have 20 people here tonight. somebody needs to look at it today'));
    expect(sewage.handoffReason).toBe('emergency');
    expect(sewage.answers.preferred_date).toBe('2026-11-24');
    const access: QualifierQuestion[] = [...questions, { key: 'access', text: 'Will someone be home, or is there a lockbox/key we can use?', kind: 'text', choices: [], required: false }];
    const wife = await decideTurn(replyTo(access[5]!.text, 'this is his wife, tmrw we r gone all day. mon is better, im home all day', { questions: access, answers: { service: 'Drain cleaning', zip: '60614', preferred_date: '2026-11-25', urgent: 'no' } }));
    expect(wife.answers.preferred_date).toBe('2026-11-30');
    expect(wife.answers.access).toContain('home all day');
  });
  it('hears a two-way question answered in other words ("2 car door" for "Single or double door?"), even after it was passed over', async () => {
    const door: QualifierQuestion[] = [...questions, { key: 'door_size', text: 'Single or double door?', kind: 'text', choices: [], required: false }];
    const late = await decideTurn(replyTo('What day works for you?', '2 car door', { questions: door, answers: { service: 'Drain cleaning', zip: '60614' } }));
    expect(late.answers.door_size).toBe('2 car door');
    expect((await decideTurn(replyTo('What day works for you?', 'friday works', { questions: door, answers: { service: 'Drain cleaning', zip: '60614' } }))).answers.door_size).toBeUndefined();
  });
  it('takes a home size said in words ("eighteen hundred sq ft")', async () => {
    const size: QualifierQuestion[] = [...questions, { key: 'sqft', text: 'About how big is the home (sq ft)?', kind: 'text', choices: [], required: false }];
    const said = await decideTurn(replyTo("What's your first name?", 'its maybe eighteen hundred sq ft? Brianna', { questions: size, answers: { service: 'Drain cleaning', zip: '60614', preferred_date: '2026-11-27', urgent: 'no' } }));
    expect(said.answers.sqft).toContain('eighteen hundred sq ft');
  });
  it('takes a lot size corrected in the same text, and no distance as a lot size', async () => {
    const lot: QualifierQuestion[] = [...questions, { key: 'lot', text: 'Roughly how big is the property?', kind: 'text', choices: [], required: false }];
    const first = await decideTurn(turn("Got a letter from State Farm saying they won't renew us unless we clear the brush back 100 ft from the house", { questions: lot }));
    expect(first.answers.lot).toBeUndefined();
    const corrected = await decideTurn(replyTo(lot[5]!.text, "A little over an acre. Actually Judy says it's 2 acres, she'd know", { questions: lot }));
    expect(corrected.answers.lot).toContain('2 acres');
  });
  it('replaces the trouble told of a thing when a second person corrects the thing', async () => {
    const appliance: QualifierQuestion[] = [
      { key: 'appliance', text: 'Which appliance needs repair?', kind: 'choice', choices: ['Washer', 'Dryer', 'Refrigerator'], required: true },
      { key: 'problem', text: "What's it doing, or not doing?", kind: 'text', choices: [], required: true },
      { key: 'brand', text: 'What brand is it?', kind: 'text', choices: [], required: false },
    ];
    const wife = await decideTurn(replyTo('What brand is it?', "this is his wife. its the WASHER. it's not spinning the water out, the dryer is fine it just can't dry sopping wet jeans", { questions: appliance, answers: { appliance: 'Dryer', problem: 'our dryer is broke, clothes come out soaking wet' } }));
    expect(wife.answers.appliance).toBe('Washer');
    expect(wife.answers.problem).toContain('not spinning');
  });
  it('takes a name signed with a dash, a storage unit size as how much, and no way in from work done or a trouble', async () => {
    const extra: QualifierQuestion[] = [
      ...questions,
      { key: 'lockbox', text: 'Will you be there, or is there a lockbox or door code?', kind: 'text', choices: [], required: false },
      { key: 'size', text: 'How big is the place? Bedrooms, or roughly how much stuff?', kind: 'text', choices: [], required: false },
    ];
    const ray = await decideTurn(turn("Is this still Ray's number? He fixed our back gate and deck steps last summer. Now more deck boards are rotting by the hot tub. Could Ray give me a call when he gets a minute? - Luis, up in Munds Park", { questions: extra }));
    expect(ray.answers.name).toBe('Luis');
    expect(ray.answers.lockbox).toBeUndefined();
    const voicemails = await decideTurn(turn("Left 2 voicemails last week about a back door that won't latch and nobody called back", { questions: extra }));
    expect(voicemails.answers.lockbox).toBeUndefined();
    expect((await decideTurn(turn('gate code is 4471, the back door sticks', { questions: extra }))).answers.lockbox).toContain('4471');
    const unit = await decideTurn(turn('all our stuff is in a 10x15 storage unit in Norwalk. Need it moved to the new house. NOT looking for storage, just the move', { questions: extra }));
    expect(unit.answers.size).toContain('10x15');
  });
  it('takes a known first name opening a text of its own in a burst, before it is asked', async () => {
    const burst = await decideTurn(replyTo('What day works for you?', ['dogs are allowed so expect hair lol', 'Tasha. lockbox is 2212'].join('\n'), { newMessages: ['dogs are allowed so expect hair lol', 'Tasha. lockbox is 2212'], answers: { service: 'Drain cleaning', zip: '60614' } }));
    expect(burst.answers.name).toBe('Tasha');
    expect((await decideTurn(replyTo('What day works for you?', 'Sure. friday works', { answers: { service: 'Drain cleaning', zip: '60614' } }))).answers.name).toBeUndefined();
  });
  it('takes a Spanish move "De Greeley a Evans" with a capital, and the day of a price asked to come out in an emergency', async () => {
    const moving: QualifierQuestion[] = [...questions, { key: 'destination', text: 'Where are you moving to?', kind: 'text', choices: [], required: false }];
    expect((await decideTurn(turn('Es un apartamento de 2 recámaras. De Greeley a Evans, bien cerca', { questions: moving }))).answers.destination).toBe('Evans');
    const sewage = await decideTurn(turn(['whats ur price to come out today', 'floor drain in the basement bubbles up brown water every time the washer drains, smells like an outhouse down there'], {}));
    expect(sewage.handoffReason).toBe('emergency');
    expect(sewage.answers.preferred_date).toBe('2026-11-24');
  });
  it('keeps more about the job told in reply to the ZIP question when it tells a trouble', async () => {
    const details: QualifierQuestion[] = [
      { key: 'job', text: "What's the job?", kind: 'choice', choices: ['Drywall repair & paint touch-up', 'Doors & locks'], required: true },
      { key: 'zip', text: 'ZIP?', kind: 'zip', choices: [], required: true },
      { key: 'details', text: 'Quick description so Dale knows what to bring?', kind: 'text', choices: [], required: false },
    ];
    const more = await decideTurn(replyTo('ZIP?', 'Our teenager flung the bedroom door open and the knob went right through the wall. hole is about the size of a dinner plate', { questions: details, answers: { job: 'Drywall repair & paint touch-up', details: 'Hi! What do you guys get for patching drywall?' } }));
    expect(more.answers.details).toContain('dinner plate');
    const where = await decideTurn(replyTo('ZIP?', 'out past the snowbowl turnoff, green metal roof', { questions: details, answers: { job: 'Drywall repair & paint touch-up', details: 'patch a hole' } }));
    expect(where.answers.details).toBeUndefined();
  });
  it('takes the age with the brand when the question asks for both', async () => {
    const system: QualifierQuestion[] = [...questions, { key: 'system', text: 'Any idea how old the system is, or the brand?', kind: 'text', choices: [], required: false }];
    const said = await decideTurn(turn('the AC has been blowing warm air since Sunday. Unit B is a Goodman, 2009 I think', { questions: system }));
    expect(said.answers.system).toContain('Goodman');
    expect(said.answers.system).toContain('2009');
  });
  it('takes a name signed formally (after thanks, or before an address), and keeps the job of a text that says "Need it all done"', async () => {
    expect((await decideTurn(replyTo('What day works for you?', 'Monday the 30th would be convenient, at any hour. Thank you kindly, Eleanor Whitcomb', { answers: { service: 'Drain cleaning', zip: '60614' } }))).answers.name).toBe('Eleanor Whitcomb');
    expect((await decideTurn(turn('Our water heater has begun leaking at the base. Kindly let me know what is required of me. Walter Lindqvist, Pinehurst Avenue, St. Paul 55116.'))).answers.name).toBe('Walter Lindqvist');
    const done = await decideTurn(turn('the kitchen drain backs up every time. Need it all done before Friday, and an invoice for the landlord.'));
    expect(done.answers.service).toBe('Drain cleaning');
  });
  it('keeps a thing installed years ago that has begun to leak, and "have owned the house since 1979" as owning', async () => {
    const owner: QualifierQuestion[] = [...questions, { key: 'owner', text: 'Do you own the property?', kind: 'yes_no', choices: [], required: false }];
    const heater = await decideTurn(turn('Our water heater, a 50 gallon Bradford White gas unit installed in 2011, has begun leaving a small puddle beneath it. My wife and I have owned the house since 1979.', { questions: owner }));
    expect(heater.answers.service).toMatch(/^Water heater/);
    expect(heater.answers.owner).toBe('yes');
  });
  it('takes a name signed "-gabe" in lower case, and keeps today when a danger asks to "get someone over there today"', async () => {
    expect((await decideTurn(turn('hi do u guys do drain cleaning? kitchen sink is slow. -gabe'))).answers.name).toBe('Gabe');
    const sewage = await decideTurn(turn('sewage is coming up out of the basement floor drain, about an inch of it and spreading. Can you get someone over there today?'));
    expect(sewage.handoffReason).toBe('emergency');
    expect(sewage.answers.preferred_date).toBe('2026-11-24');
  });
  it('records no day put off ("I\'ll get back to you about a date"), and takes a description whatever examples its question gives', async () => {
    const put = await decideTurn(replyTo('What day works for you?', "Let me take this to the trustees on Sunday and I'll get back to you about a date. Thank you!", { answers: { service: 'Drain cleaning', zip: '60614' } }));
    expect(put.answers.preferred_date).toBeUndefined();
    const details: QualifierQuestion[] = [...questions, { key: 'details', text: 'Short description of the work (how many items, sizes)?', kind: 'text', choices: [], required: false }];
    const tv = await decideTurn(turn('how much to mount a tv? its a 75 inch samsung going above the brick fireplace, want the wires hidden', { questions: details }));
    expect(tv.answers.details).toContain('brick');
  });
  it('reads a 16 ft door as a double one, and "yeah thinking new door" as the choice made between repair and replace', async () => {
    const door: QualifierQuestion[] = [
      { key: 'issue', text: "What's going on with the door?", kind: 'choice', choices: ['Dented or damaged panel', 'New garage door', 'Opener repair or replacement'], required: true },
      { key: 'door_size', text: 'Single or double door?', kind: 'text', choices: [], required: false },
    ];
    const first = await decideTurn(turn('Backed my truck into the garage door, bottom 2 panels are bent in pretty good. 16 ft door, original to the house (1998). Is it even worth doing panels or should I just get a new door?', { questions: door }));
    expect(first.answers.door_size).toContain('16 ft');
    const decided = await decideTurn(replyTo('ZIP?', 'yeah thinking new door. how much is a new one? insulated if possible', { questions: door, answers: { issue: 'Dented or damaged panel' } }));
    expect(decided.answers.issue).toBe('New garage door');
  });
  it('waits through a "brb" without a miss or a new question, and takes a unit and heat said before they are asked', async () => {
    const brb = await decideTurn({ ...replyTo("What's your ZIP code?", 'brb tenant calling me', { answers: { service: 'Drain cleaning' } }), confusedTurns: 1 });
    expect(brb.handoffReason).toBeNull();
    expect(brb.reply).toBe('No problem, take your time.');
    const more: QualifierQuestion[] = [
      ...questions,
      { key: 'unit', text: "If it's an apartment or multi-unit building, which unit?", kind: 'text', choices: [], required: false },
      { key: 'heat_now', text: 'Is the place still getting heat right now?', kind: 'yes_no', choices: [], required: false },
    ];
    const said = await decideTurn(turn('tub in unit 3 barely draining. furnace still heats fine tho', { questions: more }));
    expect(said.answers.unit).toBe('3');
    expect(said.answers.heat_now).toBe('yes');
  });
  it('takes a plain "yes I own it" over a no read in passing, a roof\'s kind with its stories, and no description from "u do tv mounting"', async () => {
    const more: QualifierQuestion[] = [
      ...questions,
      { key: 'owner', text: 'Do you own the property?', kind: 'yes_no', choices: [], required: false },
      { key: 'roof', text: 'What kind of roof is it (shingle, tile, flat) and how many stories?', kind: 'text', choices: [], required: false },
      { key: 'describe', text: 'Tell me a bit about the job (how many rooms, doors, holes, etc.)', kind: 'text', choices: [], required: false },
    ];
    const owner = await decideTurn(replyTo('What day works for you?', 'sorry, 60614. and yes I own it', { questions: more, answers: { service: 'Drain cleaning', owner: 'no' } }));
    expect(owner.answers.owner).toBe('yes');
    const roof = await decideTurn(replyTo('What day works for you?', "It's two stories, comp shingle, probably 20 years old", { questions: more, answers: { service: 'Drain cleaning' } }));
    expect(roof.answers.roof).toContain('comp shingle');
    expect(roof.answers.roof).toContain('two stories');
    expect((await decideTurn(turn('u do drain cleaning', { questions: more }))).answers.describe).toBeUndefined();
    const door: QualifierQuestion[] = [...questions, { key: 'double_door', text: 'Is it a double (two-car) door?', kind: 'yes_no', choices: [], required: false }];
    expect((await decideTurn(turn('What do you charge to replace a torsion spring? Single car door, it only has the one spring and it snapped', { questions: door }))).answers.double_door).toBe('no');
    expect((await decideTurn(turn('Michigan City, 46360. La puerta es de dos carros', { questions: door }))).answers.double_door).toBe('yes');
    const place: QualifierQuestion[] = [...questions, { key: 'home_type', text: 'Is it a house, condo or apartment?', kind: 'text', choices: [], required: false }, { key: 'own', text: 'Do you own the home?', kind: 'yes_no', choices: [], required: false }];
    const rented = await decideTurn(turn('Es un apartamento en Chicago, 60614. Es rentado pero la dueña me dijo que yo puedo llamar', { questions: place }));
    expect(rented.answers.home_type).toContain('apartamento');
    expect(rented.answers.own).toBe('no');
    expect(rented.reply).not.toMatch(/\b(Is it|Do you)\b/);
    const panel: QualifierQuestion[] = [...questions, { key: 'details', text: 'Anything else we should know (panel brand, age of the house)?', kind: 'text', choices: [], required: false }];
    expect((await decideTurn(turn('the inspector flagged the panel as a Federal Pacific', { questions: panel }))).answers.details).toBe('Federal Pacific');
    expect((await decideTurn(turn('the bathroom outlet quit. Old house, 1920s', { questions: panel }))).answers.details).toBe('1920s');
    expect((await decideTurn(turn("it'd be easier if someone could just call me, I've got questions about timing. 419-555-0143, Jim Brandt"))).answers.name).toBe('Jim Brandt');
    // Wednesday Dec 9 2026 agreed to again by a second person: it stays, not the coming Wednesday.
    const agreed = await decideTurn(replyTo('Anything else?', "Hi this is Tom's wife Linda. Wednesday is fine with me too", { answers: { service: 'Drain cleaning', zip: '60614', preferred_date: '2026-12-09' } }));
    expect(agreed.answers.preferred_date ?? '2026-12-09').toBe('2026-12-09');
    const punch = await decideTurn(turn('Aloha! I manage 3 units at a condo. Punch list for 2B: screen door off track, 2 loose drawer pulls, doorknob hole in the hallway drywall, and the ceiling fan wobbles'));
    expect(punch.handoffReason).not.toBe('emergency');
    const move: QualifierQuestion[] = [
      { key: 'move_type', text: 'What kind of move is it?', kind: 'choice', choices: ['Apartment move', 'House move'], required: true },
      { key: 'move_date', text: "What's your move date?", kind: 'date', choices: [], required: true },
      { key: 'size', text: 'How many bedrooms are we moving, and any heavy pieces?', kind: 'text', choices: [], required: false },
      { key: 'stairs', text: 'Any stairs or elevators at either end?', kind: 'text', choices: [], required: false },
    ];
    const mudanza = await decideTurn(turn('Es un apartamento de 2 bedrooms en Brentwood y nos vamos pa una casa en Central Islip', { questions: move }));
    expect(mudanza.answers.move_type).toBe('Apartment move');
    const wife = await decideTurn(replyTo("What's your move date?", 'Perdón, habla la esposa. Mejor el sábado 5 porque el domingo él trabaja. y sí hay escaleras, es un segundo piso. tenemos lavadora y secadora también', { questions: move, answers: { move_type: 'Apartment move', size: '2 bedrooms' } }));
    expect(wife.answers.move_date).toBe('2026-12-05');
    expect(wife.answers.stairs).toContain('segundo piso');
    expect(wife.answers.size).toContain('2 bedrooms');
    const kitchen: QualifierQuestion[] = [{ key: 'appliance', text: 'Which appliance is giving you trouble?', kind: 'choice', choices: ['Dishwasher', 'Oven, range or cooktop', 'Washer'], required: true }];
    expect((await decideTurn(turn('He fixed my dishwasher back in March and did a great job. Now my oven won\'t heat past 200.', { questions: kitchen }))).answers.appliance).toBe('Oven, range or cooktop');
    const later = await decideTurn(replyTo("What's your ZIP code?", "Her daughter is handling the dates. Let me talk with her and I'll get back to you, probably sometime mid December", { answers: { service: 'Drain cleaning' } }));
    expect(later.answers.preferred_date).toBeUndefined();
    const building: QualifierQuestion[] = [...questions, { key: 'building', text: 'What kind of building is it? (house, condo, 2-flat...)', kind: 'text', choices: [], required: false }, { key: 'where', text: 'Where are you seeing them?', kind: 'text', choices: [], required: false }];
    expect((await decideTurn(replyTo("What's your ZIP code?", '60647. its a 2 flat, we are on the first floor', { questions: building, answers: { service: 'Drain cleaning' } }))).answers.building).toContain('2 flat');
    expect((await decideTurn(turn('I saw the little wings all over the window sill', { questions: building }))).answers.where).toContain('window sill');
    const pilot = await decideTurn(turn('Hi there, our water heater pilot light keeps going out, relit it 3 times this week. We are in 60614'));
    expect(pilot.handoffReason).not.toBe('emergency');
    const yard = { ...turn("Another company put artificial turf in our backyard last spring and now we'd love some low voltage lighting along the path. Is that something you do?"), questions: [{ key: 'service', text: 'What can we help with?', kind: 'choice' as const, choices: ['Palm tree trimming', 'Landscape lighting'], required: true }] };
    yard.business = { ...yard.business, services: ['Palm tree trimming', 'Landscape lighting'], servicesNotOffered: ['Artificial turf installation'] };
    const lights = await decideTurn(yard);
    expect(lights.lead).not.toBe('disqualified');
    expect(lights.answers.service).toBe('Landscape lighting');
    const dad = [...questions, { key: 'owner', text: 'Do you own the home?', kind: 'yes_no' as const, choices: [], required: false }];
    expect((await decideTurn(replyTo('Do you own the home?', "i think we own it? no wait its my dads name on the house. i live here w him tho, he's fine with it", { questions: dad, answers: { service: 'Drain cleaning' } }))).answers.owner).toBe('no');
    expect((await decideTurn(replyTo('Anything else?', 'Dan & Carol Whitfield', { answers: { service: 'Drain cleaning', zip: '60614', preferred_date: '2026-12-09', name: 'Carol' } }))).answers.name).toBe('Carol Whitfield');
    const job: QualifierQuestion[] = [...questions, { key: 'details', text: 'Tell us a bit about the job', kind: 'text', choices: [], required: false }];
    const asks = await decideTurn(turn('morning! couple questions before I book anything. do you guys do weekends? are you insured? and do you do mounts over a fireplace', { questions: job }));
    expect(asks.answers.details).toBeUndefined();
    const saturdays = await decideTurn(replyTo('What day works for you?', 'do u do saturdays? if not ill have to check w my wife on a weekday', { answers: { service: 'Drain cleaning', zip: '60614' } }));
    expect(saturdays.answers.preferred_date).toBeUndefined();
    expect((await decideTurn(replyTo('What day works for you?', 'sat the 5th, early. its a ground level unit, drive up', { questions: move, answers: { move_type: 'Apartment move' } }))).answers.stairs).toContain('ground level');
    const rocks = { ...turn("Hi, we had a tree company take out the dead Siberian elm in the backyard last month so that part's done. Now there's a big bare dirt patch with stump grindings and we want rock and maybe a couple desert willows there"), questions: [{ key: 'service', text: 'What are you thinking of for the yard?', kind: 'choice' as const, choices: ['Xeriscape / rock & gravel landscaping', 'Tree & shrub trimming (under 25 ft)', 'Lawn mowing (seasonal)'], required: true }] };
    rocks.business = { ...rocks.business, services: rocks.questions[0]?.choices ?? [], servicesNotOffered: ['Tree removal', 'Sod installation', 'Fence building'] };
    expect((await decideTurn(rocks)).lead).not.toBe('disqualified');
    const where: QualifierQuestion[] = [...questions, { key: 'to_city', text: 'Where are you moving to? City is fine.', kind: 'text', choices: [], required: false }];
    expect((await decideTurn(turn('hey just starting to plan a move for sometime in march', { questions: where }))).answers.to_city).toBeUndefined();
    expect((await decideTurn(turn('the kitchen drain is backing up into the other sink', { questions: more }))).answers.describe).toContain('kitchen drain');
  });
});

describe('the fuel said with the equipment (the d37 misses)', () => {
  const fuels = ['Gas', 'Oil', 'Electric', 'Not sure'];
  it('takes one fuel named next to the thing it runs, when the options are fuels', () => {
    expect(fuelSaid("It's a gas Carrier, maybe 15 years old", fuels)).toBe('Gas');
    expect(fuelSaid('its one furnace, gas, Lennox. house is 44 Hudson Rd in Sudbury', fuels)).toBe('Gas');
    expect(fuelSaid('old oil boiler in the basement', fuels)).toBe('Oil');
  });
  it('takes none from a gas smell, two fuels, or options that are no fuels', () => {
    expect(fuelSaid('I smell gas near the furnace', fuels)).toBeNull();
    expect(fuelSaid('we switched from an oil furnace to a gas furnace', fuels)).toBeNull();
    expect(fuelSaid("It's a gas Carrier", ['Furnace repair', 'AC repair'])).toBeNull();
    // (The second reader's: another appliance's fuel, a fuel denied.)
    expect(fuelSaid('furnace is blowing cold air. also the gas fireplace wont light', fuels)).toBeNull();
    expect(fuelSaid('Furnace stopped working last night. Our gas water heater is in the same closet', fuels)).toBeNull();
    expect(fuelSaid("We don't have a gas furnace, it's a heat pump", fuels)).toBeNull();
    expect(fuelSaid('gas dryer not heating', fuels)).toBe('Gas');
  });
});

describe('the fifteenth round (the d38 misses)', () => {
  const moveTypes = ['Local move (same town)', 'Front Range move (in Colorado)', 'Packing only', 'Loading / unloading help', 'Piano move'];
  const moving = (text: string) => {
    const input = turn(text, { questions: [{ key: 'move_type', text: 'What kind of move is it?', kind: 'choice', choices: moveTypes, required: true }] });
    input.business = { ...input.business, name: 'Loveland Movers', timezone: 'America/Denver', services: moveTypes, servicesNotOffered: [], serviceAreaPrefixes: ['805', '806'] };
    return decideTurn(input);
  };

  it('does not call a move between two towns "Local move (same town)"', async () => {
    expect((await moving('necesito un quote para mudarme de Greeley a Longmont. Es una casa de 3 recámaras')).answers.move_type).toBe('Front Range move (in Colorado)');
    expect((await moving('moving from Loveland to Longmont next month')).answers.move_type).toBe('Front Range move (in Colorado)');
    expect((await moving('2 bedroom apartment across town in Fort Collins, only going like 10 min away')).answers.move_type).toBe('Local move (same town)');
    // (Someone else's trip is not the move: the second reader's.)
    expect((await moving('My daughter from Denver is coming to Loveland to help, but we need movers for a move across town')).answers.move_type).not.toBe('Front Range move (in Colorado)');
  });

  it('takes the manager’s or landlord’s option from who they say they are, not from a tenant they mention', () => {
    const roles = ['My own home', 'Rental I own or manage', "I'm a tenant", 'Business'];
    expect(rentalRoleOption(roles, 'Hi, Dave with Northtown Property Mgmt. Fourplex in 99207. Unit B water heater is dripping, tenant has a pan under it')).toBe('Rental I own or manage');
    expect(rentalRoleOption(roles, 'We manage it for the owner. Tenant is home any morning')).toBe('Rental I own or manage');
    expect(rentalRoleOption(roles, 'my tenants say the heat is out')).toBe('Rental I own or manage');
    expect(rentalRoleOption(roles, "I'm a tenant, my property manager said it's fine")).toBeNull();
    expect(rentalRoleOption(roles, 'the property manager never answers, we rent')).toBeNull();
    expect(rentalRoleOption(['Yes', 'No'], 'Northtown Property Mgmt here')).toBeNull();
    // (The second reader's: an owner of the home, a tenant's renters insurance, a tenant sent by the manager.)
    expect(rentalRoleOption(roles, "Yes I'm the owner, it's our family home")).toBeNull();
    expect(rentalRoleOption(roles, 'will my renter’s insurance cover a burst pipe?')).toBeNull();
    expect(rentalRoleOption(roles, 'prop mgmt gave me your number, I live in unit 4 and the tub won’t drain')).toBeNull();
    expect(rentalRoleOption(roles, 'I own the place and rent it out, tenant says the kitchen sink is clogged')).toBe('Rental I own or manage');
  });

  it('answers "Shingle or metal roof?" only from the kind said', () => {
    const kinds = ['Shingle', 'Metal', 'Not sure'];
    expect(materialOption(kinds, 'wet spot on the attic decking next to the chimney after all the rain')).toBeNull();
    expect(materialOption(kinds, 'a couple shingles blew off')).toBe('Shingle');
    expect(materialOption(kinds, "it's a standing seam roof")).toBe('Metal');
    expect(materialOption(kinds, 'shingles on the house, metal on the shed')).toBe('Shingle');
    // (The second reader's: words that name no roof, a kind denied; the plain word only as the answer.)
    expect(materialOption(['Asphalt shingle', 'Metal', 'Flat / rubber', 'Not sure'], 'leak around the vent pipe, I think the rubber boot is cracked')).toBeNull();
    expect(materialOption(['Asphalt shingle', 'Metal', 'Flat / rubber', 'Not sure'], 'Do you do a flat fee for roof inspections?')).toBeNull();
    expect(materialOption(kinds, 'water coming in where the aluminum gutter meets the roof')).toBeNull();
    expect(materialOption(kinds, 'the regular kind, not metal', true)).toBeNull();
    expect(materialOption(kinds, 'metal', true)).toBe('Metal');
    expect(materialOption(kinds, 'metal')).toBeNull();
    expect(materialOption(kinds, 'galvalume panels', true)).toBe('Metal');
    expect(materialOption(['Asphalt shingle', 'Metal', 'Flat / rubber', 'Not sure'], 'the flat part over the porch, its epdm')).toBe('Flat / rubber');
    // (Options that are jobs, not kinds: not this rule's.)
    expect(materialOption(['Leak repair (flashing, vents, missing shingles)', 'Full roof replacement (shingle)', 'Metal roofing'], 'shingles')).toBeUndefined();
  });

  it('records no roof kind from a roof said, and no "Not sure" from an unsure answer to another question', async () => {
    const roof: QualifierQuestion[] = [
      { key: 'need', text: "What's going on with the roof?", kind: 'choice', choices: ['Leak repair', 'Storm / hail damage', 'Full roof replacement', 'Roof inspection'], required: true },
      { key: 'zip', text: 'ZIP code?', kind: 'zip', choices: [], required: true },
      { key: 'roof_type', text: 'Shingle or metal roof?', kind: 'choice', choices: ['Shingle', 'Metal', 'Not sure'], required: false },
    ];
    const leak = await decideTurn(turn('need someone to look at a leak at our lake house, wet spot on the attic decking next to the chimney', { questions: roof }));
    expect(leak.answers.need).toBe('Leak repair');
    expect(leak.answers.roof_type).toBeUndefined();
    const unsure = await decideTurn(replyTo('ZIP code?', 'honestly not sure, we just bought it and all our mail goes to a PO box in town', { questions: roof, answers: { need: 'Leak repair' } }));
    expect(unsure.answers.roof_type).toBeUndefined();
    expect((await decideTurn(replyTo('Shingle or metal roof?', 'not sure tbh', { questions: roof, answers: { need: 'Leak repair', zip: '37918' } }))).answers.roof_type).toBe('Not sure');
    // (Said unasked of the question's own thing, it is the answer: the second reader's.)
    expect((await decideTurn(turn('Not sure what kind of roof it is, we just bought the house. Leaking over the bedroom', { questions: roof }))).answers.roof_type).toBe('Not sure');
  });

  it('keeps "Troubleshooting / outlets not working" for a warm outlet handed off as a danger', async () => {
    const jobs = ['Troubleshooting / outlets not working', 'Panel upgrade', 'Lighting & ceiling fans', 'EV charger install', 'Surge protection'];
    const input = turn('The outlet behind our couch where we plug in the space heater is warm to the touch and kind of smells like burnt plastic. Can someone come look at it this week? 60614', { questions: [{ key: 'job', text: 'What do you need done?', kind: 'choice', choices: jobs, required: true }] });
    input.business = { ...input.business, services: jobs, servicesNotOffered: [] };
    const warm = await decideTurn(input);
    expect(warm.handoffReason).toBe('emergency');
    expect(warm.answers.job).toBe('Troubleshooting / outlets not working');
  });

  it('keeps a fridge’s ice maker at a shop that does not service ice machines (the second reader’s)', async () => {
    const appliances = ['Refrigerator', 'Washer', 'Dryer', 'Dishwasher', 'Oven / range / cooktop'];
    const input = turn("the ice maker in the fridge isn't making ice. 60614", { questions: [{ key: 'appliance', text: 'Which appliance needs help?', kind: 'choice', choices: appliances, required: true }] });
    input.business = { ...input.business, services: appliances, servicesNotOffered: ['Microwaves', 'Ice machines'] };
    const fridge = await decideTurn(input);
    expect(fridge.lead).not.toBe('disqualified');
    expect(fridge.answers.appliance).toBe('Refrigerator');
  });
});

describe('sixteenth round (the d39 misses, in a whole turn)', () => {
  /** An optional question asked, then the name still to come. */
  const named: QualifierQuestion[] = [
    { key: 'age', text: 'Roughly how old is the house? (optional)', kind: 'text', choices: [], required: false },
    { key: 'name', text: 'May I have your name?', kind: 'text', choices: [], required: true },
  ];
  /** A price book with the first system's tune-up and each additional one's. */
  const TUNE_UPS: AiTurnInput['pricing'] = {
    policy: 'ranges',
    items: [
      { id: 'tune', name: 'AC tune-up, first system', minCents: 12_900, maxCents: 12_900, unit: '' },
      { id: 'tune-add', name: 'AC tune-up, each additional system at the same visit', minCents: 7900, maxCents: 7900, unit: 'per system' },
    ],
  };
  const garage: QualifierQuestion[] = [
    { key: 'service', text: "What's going on with the door?", kind: 'choice', choices: ['Broken spring replacement', 'Opener repair or new opener', 'New garage door', 'Tune-up & lubrication'], required: true },
    { key: 'zip', text: 'ZIP?', kind: 'zip', choices: [], required: true },
  ];

  it('records no job from asking whether this is the right business', async () => {
    const asked = await decideTurn(turn('hi is this the garage door place? Lebanon 60614', { questions: garage }));
    expect(asked.answers.service).toBeUndefined();
    expect(asked.answers.zip).toBe('60614');
    expect((await decideTurn(turn('the spring above the door snapped, is this the garage door company?', { questions: garage }))).answers.service).toBe('Broken spring replacement');
  });

  it('answers "Do you already have the parts?" from who has them, said unasked', async () => {
    const parts: QualifierQuestion[] = [
      { key: 'zip', text: 'ZIP code?', kind: 'zip', choices: [], required: true },
      { key: 'has_materials', text: 'Do you already have the parts (mount, fixture, boards)?', kind: 'yes_no', choices: [], required: false },
    ];
    expect((await decideTurn(turn('she wants the TV on the wall in the den. Regular drywall, she has the mount already', { questions: parts }))).answers.has_materials).toBe('yes');
    expect((await decideTurn(turn("new ceiling fan for the bedroom, we don't have the fixture yet", { questions: parts }))).answers.has_materials).toBe('no');
    expect((await decideTurn(turn('he has already left for work, the fan in the bedroom wobbles', { questions: parts }))).answers.has_materials).toBeUndefined();
    // (No one named: "already have the mount" for a question of parts or materials.)
    const materials: QualifierQuestion[] = [{ key: 'materials', text: 'Do you already have the parts/materials?', kind: 'yes_no', choices: [], required: false }, parts[0] as QualifierQuestion];
    expect((await decideTurn(turn('my wife wants the 65in tv on the wall finally, can u mount it? already have the mount', { questions: materials }))).answers.materials).toBe('yes');
  });

  it('corrects an ownership read in passing with "I own it" or "we rent" said later', async () => {
    const owns: QualifierQuestion[] = [
      { key: 'zip', text: 'ZIP code?', kind: 'zip', choices: [], required: true },
      { key: 'owns', text: 'Do you own the property?', kind: 'yes_no', choices: [], required: true },
      { key: 'when', text: 'What day works?', kind: 'date', choices: [], required: true },
    ];
    const owned = await decideTurn(replyTo('What day works?', 'I own it, tenant lives there. how much per foot?', { questions: owns, answers: { zip: '60614', owns: 'no' } }));
    expect(owned.answers.owns).toBe('yes');
    const rented = await decideTurn(replyTo('What day works?', "we rent but landlord ok'd it, we're paying", { questions: owns, answers: { zip: '60614', owns: 'yes' } }));
    expect(rented.answers.owns).toBe('no');
  });

  it('takes a name signed after a thumbs-up', async () => {
    expect((await decideTurn(replyTo('Roughly how old is the house? (optional)', '👍 Tavita', { questions: named }))).answers.name).toBe('Tavita');
    expect((await decideTurn(replyTo('Roughly how old is the house? (optional)', '👍 Thanks', { questions: named }))).answers.name).toBeUndefined();
  });

  it('quotes the first system and each one more for two units', async () => {
    const input = turn('She has 2 AC units, upstairs and down. How much is a tune up for both?', { questions: [{ key: 'zip', text: 'ZIP code?', kind: 'zip', choices: [], required: true }] });
    input.pricing = TUNE_UPS;
    const both = await decideTurn(input);
    expect(both.quotedItemIds).toEqual(['tune', 'tune-add']);
    expect(both.reply).toContain('$79');
    input.newMessages = ['How much is an AC tune up? Just the one unit'];
    input.transcript = [...input.transcript.slice(0, -1), { from: 'contact', body: input.newMessages[0] ?? '', at: NOW.getTime() }];
    expect((await decideTurn(input)).quotedItemIds).toEqual(['tune']);
  });

  it('narrows the second reader’s misfires in a whole turn', async () => {
    const parts: QualifierQuestion[] = [
      { key: 'zip', text: 'ZIP code?', kind: 'zip', choices: [], required: true },
      { key: 'has_materials', text: 'Do you already have the parts (mount, fixture, boards)?', kind: 'yes_no', choices: [], required: false },
    ];
    for (const said of ['I have a question about the mount, does it have to go in a stud? its a 75in tv', 'I have to go pick up the mount tomorrow, tv is a 65', 'she has a mount picked out on amazon but hasnt ordered it yet']) expect((await decideTurn(turn(said, { questions: parts }))).answers.has_materials).toBeUndefined();
    expect((await decideTurn(turn('he has the fixture but not the bulbs, just need it hung', { questions: parts }))).answers.has_materials).toBe('yes');
    const owns: QualifierQuestion[] = [
      { key: 'zip', text: 'ZIP code?', kind: 'zip', choices: [], required: true },
      { key: 'owns', text: 'Do you own the home?', kind: 'yes_no', choices: [], required: true },
      { key: 'when', text: 'What day works?', kind: 'date', choices: [], required: true },
    ];
    for (const said of ['we rent out the basement unit, the stuff from there is coming too', "we're renting a truck for the big stuff, u just do the packing?"]) expect((await decideTurn(replyTo('What day works?', said, { questions: owns, answers: { zip: '60614', owns: 'yes' } }))).answers.owns).toBeUndefined();
    // A job named in asking who they reach is still the job.
    expect((await decideTurn(turn('Is this a spring repair company? Need one asap', { questions: [{ key: 'service', text: "What's going on with the door?", kind: 'choice', choices: ['Broken spring replacement', 'Opener repair or new opener', 'New garage door'], required: true }] }))).answers.service).toBe('Broken spring replacement');
    for (const said of ['ok Google', 'sounds good Boss', '👍 Brookline', 'thanks Riley']) expect((await decideTurn(replyTo('Roughly how old is the house? (optional)', said, { questions: named }))).answers.name).toBeUndefined();
  });

  it('quotes one system when "both" is not of the units', async () => {
    const input = turn('how much is an AC tune up? we both work so evenings are best', { questions: [{ key: 'zip', text: 'ZIP code?', kind: 'zip', choices: [], required: true }] });
    input.pricing = TUNE_UPS;
    expect((await decideTurn(input)).quotedItemIds).toEqual(['tune']);
  });

  it('takes the place said after "to" over a season’s home', async () => {
    const moves: QualifierQuestion[] = [{ key: 'to', text: 'Which town are you moving to?', kind: 'text', choices: [], required: true }];
    expect((await decideTurn(turn('winters in Buffalo are rough, taking my stuff to Tampa for the winter', { questions: moves }))).answers.to).toBe('Tampa');
    expect((await decideTurn(turn('mom spends summers at her cottage in Wellfleet and winters in her condo in Hyannis. Need to bring her things up for the season', { questions: moves }))).answers.to).toBe('Wellfleet');
    expect((await decideTurn(turn('winters at her daughters in Naples, summers at her place in Chatham. bringing her stuff back down for the season', { questions: moves }))).answers.to).toBe('Naples');
  });
});

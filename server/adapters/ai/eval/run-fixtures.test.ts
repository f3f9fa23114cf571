import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDecision, type AiDecision, type AiPort, type AiTurnInput } from '../ai.port';
import { conversationFixtureSchema, type ConversationFixture } from './fixture.schema';
import { CALLBACK_WORDS, formatFailures, formatTable, loadFixtures, replyLanguage, runFixtures, runThread, SAFETY_ADVICE, sameAnswer } from './run-fixtures';

const raw = {
  id: 'tiny',
  title: 'A tiny thread',
  trade: 'plumbing',
  now: '2026-03-10T16:30:00Z',
  business: { name: 'Tiny Plumbing', timezone: 'America/Denver', services: ['Drain cleaning'] },
  assistant: { name: 'Avery', tone: 'concise' },
  pricing: { policy: 'never' },
  questions: [
    { key: 'zip', text: 'ZIP?', kind: 'zip' },
    { key: 'urgent', text: 'Urgent?', kind: 'yes_no' },
  ],
  opening: 'Tiny Plumbing here. How can we help?',
  turns: [['drain is slow', '80205'], 'hmm', 'yes'],
  expect: { answers: { zip: '80205', urgent: 'yes' }, lead: 'qualified' },
};

function fixture(overrides: Record<string, unknown> = {}): ConversationFixture {
  return conversationFixtureSchema.parse({ ...raw, ...overrides });
}

/** A port that answers each turn from a list and keeps the inputs it saw. */
function scripted(decisions: Array<Partial<AiDecision> | Error>): AiPort & { inputs: AiTurnInput[] } {
  const inputs: AiTurnInput[] = [];
  return {
    kind: 'scripted',
    inputs,
    decide: async (input) => {
      inputs.push(structuredClone(input));
      const next = decisions[inputs.length - 1];
      if (next instanceof Error) throw next;
      return { ...emptyDecision('scripted-model'), action: 'reply', reply: 'ok', ...next };
    },
  };
}

describe('runThread', () => {
  it('plays the thread as the engine would: transcript, answers, counts and time', async () => {
    const port = scripted([{ answers: { zip: '80205' }, lead: 'engaging' }, { confused: true }, { answers: { urgent: 'yes' }, lead: 'qualified', reply: 'Thanks!' }]);
    const result = await runThread(port, fixture());

    const [first, second, third] = port.inputs;
    expect(first?.newMessages).toEqual(['drain is slow', '80205']);
    expect(first?.transcript.map((line) => `${line.from}: ${line.body}`)).toEqual(['business: Tiny Plumbing here. How can we help?', 'contact: drain is slow', 'contact: 80205']);
    // The reply delay (8 s) after the last text of the turn.
    expect(first?.now.toISOString()).toBe('2026-03-10T16:30:09.000Z');
    expect(second?.answers).toEqual({ zip: '80205' });
    expect(second?.repliesToday).toBe(1);
    expect(second?.transcript.at(-2)).toMatchObject({ from: 'business', body: 'ok' });
    expect(second?.now.toISOString()).toBe('2026-03-10T16:32:08.000Z');
    expect(third?.confusedTurns).toBe(1);

    expect(result.allRight).toBe(true);
    expect(result.lead).toEqual({ expected: 'qualified', actual: 'qualified', right: true });
    expect(result.answers.every((check) => check.right)).toBe(true);
  });

  it('stops at a handoff and compares the reason', async () => {
    const port = scripted([{ action: 'handoff', handoffReason: 'anger', reply: 'Sorry.' }]);
    const result = await runThread(port, fixture({ expect: { answers: {}, lead: 'needs_human', handoffReason: 'anger' } }));
    expect(port.inputs).toHaveLength(1);
    expect(result.stopped).toBe('handed off after text 1 of 3');
    expect(result.handoff.right).toBe(true);
    expect(result.lead.actual).toBe('needs_human');
  });

  it('counts wrong, missing and unexpected answers, and a wrong lead move', async () => {
    const port = scripted([{ answers: { zip: '80206' }, lead: 'engaging' }, { answers: { urgent: 'no' } }, {}]);
    const result = await runThread(port, fixture());
    expect(result.answers.filter((check) => !check.right).map((check) => check.key)).toEqual(['zip', 'urgent']);
    expect(result.lead).toEqual({ expected: 'qualified', actual: 'engaging', right: false });
    expect(result.allRight).toBe(false);

    const extra = await runThread(scripted([{ answers: { zip: '80205', urgent: 'yes' }, lead: 'qualified' }, {}, {}]), fixture({ expect: { answers: { zip: '80205' }, lead: 'qualified' } }));
    expect(extra.answers).toContainEqual({ key: 'urgent', expected: null, actual: 'yes', right: false });
  });

  it('flags replies that break the rules: an amount under never, an unknown key, a long reply, a time promised', async () => {
    const port = scripted([{ reply: 'A drain cleaning is $175.', answers: { color: 'blue' } }, { reply: 'x'.repeat(400) }, { promisesTime: true }]);
    const result = await runThread(port, fixture());
    expect(result.problems).toEqual([
      'turn 1: answer for an unknown key “color”',
      'turn 1: an amount ($175) under the never-quote policy',
      'turn 2: reply of 400 characters (over 320)',
      'turn 3: the reply promises a time',
    ]);
  });

  it('accepts an amount only from the price book with its item named, or from the owner’s own words', async () => {
    const ranges = {
      pricing: { policy: 'ranges', items: [{ id: 'drain', name: 'Drain cleaning', minCents: 17_500, maxCents: 22_550 }] },
      business: { ...raw.business, faq: [{ question: 'Service call?', answer: 'Our service call is $89.' }] },
    };
    const port = scripted([{ reply: 'Drain cleaning is $175–$225.50.', quotedItemIds: ['drain'] }, { reply: 'It is $175.' }, { reply: 'Our service call is $89. Or $300.', quotedItemIds: ['made-up'] }]);
    const result = await runThread(port, fixture({ ...ranges, expect: { answers: {}, lead: 'qualified', quotedItemIds: ['drain'] } }));
    expect(result.quotes.right).toBe(true);
    expect(result.problems).toEqual([
      'turn 2: an amount ($175) without naming its price-book item',
      'turn 3: quoted an item that is not in the price book (made-up)',
      'turn 3: an amount ($300) that is not in the price book',
    ]);
  });

  it('records an adapter failure as an error and stops', async () => {
    const result = await runThread(scripted([new Error('model timed out')]), fixture());
    expect(result.error).toBe('model timed out');
    expect(result.turns[0]?.action).toBe('error');
    expect(result.allRight).toBe(false);
  });
});

describe('runFixtures and the table', () => {
  it('totals the threads and prints the table with the model’s name', async () => {
    const right = fixture();
    const wrong = fixture({ id: 'tiny-two', expect: { answers: { zip: '80205' }, lead: 'disqualified' } });
    const decisions: Array<Partial<AiDecision>> = [{ answers: { zip: '80205' } }, {}, { answers: { urgent: 'yes' }, lead: 'qualified' }];
    const report = await runFixtures(scripted([...decisions, ...decisions]), [right, wrong]);
    expect(report.model).toBe('scripted-model');
    expect(report.answers).toEqual({ right: 3, total: 4 });
    expect(report.outcomes).toEqual({ right: 1, total: 2 });
    expect(report.allRight).toEqual({ right: 1, total: 2 });
    // Both end qualified; only tiny-two records an answer the person never gave.
    expect(report.qualifiedWrong).toBe(1);
    expect(report.qualifiedContradicted).toBe(1);
    const missing = await runFixtures(scripted([{ answers: {} }, {}, { lead: 'qualified' }]), [fixture({ id: 'tiny-three', expect: { answers: { zip: '80205' }, lead: 'qualified' } })]);
    expect(missing.qualifiedWrong).toBe(1);
    expect(missing.qualifiedContradicted).toBe(0);
    const table = formatTable(report);
    expect(table).toContain('AI conversation fixtures — scripted-model, 2 threads');
    expect(table).toMatch(/answers\s+3 \/ 4\s+75\.0 %/);
    expect(table).toMatch(/lead outcomes\s+1 \/ 2\s+50\.0 %/);
    expect(formatFailures(report)).toContain('✗ tiny-two');
    expect(formatFailures(report)).toContain('lead: expected disqualified, got qualified');
  });
});

describe('sameAnswer', () => {
  it('tells a Spanish reply from an English one, and leaves a short one undecided', () => {
    expect(replyLanguage('¿Cuál es su código postal? Gracias.')).toBe('es');
    expect(replyLanguage('Thanks! What is the ZIP code for the job?')).toBe('en');
    expect(replyLanguage('OK')).toBeNull();
  });

  it('recognises safety advice and a promised call in either language', () => {
    expect(SAFETY_ADVICE.test('Please leave the house now and call 911 from outside.')).toBe(true);
    expect(SAFETY_ADVICE.test('Salga de la casa y llame al 911.')).toBe(true);
    expect(SAFETY_ADVICE.test('Thanks, what is your ZIP code?')).toBe(false);
    expect(CALLBACK_WORDS.test('Someone from the team will call you shortly.')).toBe(true);
    expect(CALLBACK_WORDS.test('Alguien del equipo le llamará pronto.')).toBe(true);
    expect(CALLBACK_WORDS.test('We will text you back.')).toBe(false);
  });

  it('compares each kind as a person would', () => {
    expect(sameAnswer('zip', '60614', '60614-1234')).toBe(true);
    expect(sameAnswer('zip', 'M5V 2T6', 'm5v2t6')).toBe(true);
    expect(sameAnswer('zip', '60614', '60615')).toBe(false);
    expect(sameAnswer('date', '2026-11-25', '2026-11-25T00:00:00-06:00')).toBe(true);
    // A time window the person gave must be kept with the day.
    expect(sameAnswer('date', '2026-11-25 before 11:00', '2026-11-25 before 11:00')).toBe(true);
    expect(sameAnswer('date', '2026-11-25 before 11:00', '2026-11-25')).toBe(false);
    expect(sameAnswer('date', '2026-11-25 9:00-12:00', '2026-11-25 09:00–12:00')).toBe(true);
    expect(sameAnswer('date', '2026-11-25', '2026-11-25 after 14:00')).toBe(true);
    expect(sameAnswer('date', '2026-11-25 morning', '2026-11-26 morning')).toBe(false);
    expect(sameAnswer('yes_no', 'yes', 'Yes.')).toBe(true);
    expect(sameAnswer('yes_no', 'yes', 'no')).toBe(false);
    expect(sameAnswer('choice', 'AC repair', 'ac repair')).toBe(true);
    expect(sameAnswer('text', 'crawlspace', "It's in the crawlspace, access is tight")).toBe(true);
    expect(sameAnswer('text', 'Dana', 'Marcus')).toBe(false);
  });
});

describe('loadFixtures', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('loads the project’s set, and refuses a file that does not fit the schema or its name', () => {
    expect(loadFixtures().length).toBeGreaterThanOrEqual(30);
    dir = mkdtempSync(join(tmpdir(), 'ai-fixtures-'));
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'tiny.json'), JSON.stringify(raw));
    expect(loadFixtures(dir).map((loaded) => loaded.id)).toEqual(['tiny']);
    writeFileSync(join(dir, 'other.json'), JSON.stringify(raw));
    expect(() => loadFixtures(dir)).toThrow('other.json: id tiny differs from the file name');
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ ...raw, id: 'other', expect: { answers: { color: 'blue' }, lead: 'qualified' } }));
    expect(() => loadFixtures(dir)).toThrow(/other\.json: expect\.answers\.color: no question has the key color/);
  });
});

/**
 * Plays conversation fixtures against any AiPort the way the conversation engine would — the transcript grows with
 * each text and reply, answers accumulate on the lead, confused turns and replies are counted, a handoff or a
 * closed lead ends the AI's part — and compares the end with each fixture's expectation. Shared by the built-in
 * assistant's test (`npm test`) and `npm run eval:ai` (a configured model), so both print the same table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { HandoffReason, QuestionKind } from '@contracts/ai';
import type { AiLeadMove, AiPort, AiTranscriptLine, AiTurnInput } from '../ai.port';
import { conversationFixtureSchema, type ConversationFixture } from './fixture.schema';

export const FIXTURES_DIR = join(import.meta.dirname, '..', '..', '..', '..', 'tests', 'fixtures', 'ai-conversations');

/** The engine's defaults (PRODUCT.md §5): reply delay 8 s, at most 15 AI replies per thread per day. */
const REPLY_DELAY_MS = 8_000;
const DAILY_CAP = 15;
const TRANSCRIPT_LINES = 30;
const MAX_REPLY_CHARS = 320;

/** Every fixture in the folder, validated; a file that does not fit the schema throws with its name. */
export function loadFixtures(dir: string = FIXTURES_DIR): ConversationFixture[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const parsed = conversationFixtureSchema.safeParse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
      if (!parsed.success) throw new Error(`${name}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
      if (parsed.data.id !== basename(name, '.json')) throw new Error(`${name}: id ${parsed.data.id} differs from the file name`);
      return parsed.data;
    });
}

export interface AnswerCheck {
  key: string;
  expected: string | null;
  actual: string | null;
  right: boolean;
}

export interface TurnLog {
  texts: string[];
  action: 'reply' | 'handoff' | 'skip' | 'error';
  reply: string | null;
  answers: Record<string, string>;
  lead: AiLeadMove | null;
  confused: boolean;
  reasons: string[];
  latencyMs: number;
  tokens: number;
}

export interface ThreadResult {
  id: string;
  title: string;
  trade: string;
  answers: AnswerCheck[];
  lead: { expected: AiLeadMove; actual: AiLeadMove | null; right: boolean };
  handoff: { expected: HandoffReason | null; actual: HandoffReason | null; right: boolean };
  quotes: { expected: string[]; actual: string[]; right: boolean };
  /** Replies that broke a rule: too long, an amount not from the price book or the owner's words, a time promised. */
  problems: string[];
  /** Why the AI stopped before the last text (handoff, closed lead), or null. */
  stopped: string | null;
  error: string | null;
  turns: TurnLog[];
  allRight: boolean;
}

export interface Tally {
  right: number;
  total: number;
}

export interface EvalReport {
  model: string;
  threads: ThreadResult[];
  answers: Tally;
  outcomes: Tally;
  handoffs: Tally;
  quotes: Tally;
  rules: Tally;
  allRight: Tally;
  /** Answers, outcomes, handoffs and quotes together. */
  accuracy: number;
  turns: number;
  tokens: number;
  medianLatencyMs: number;
}

/** Runs every fixture against the port, one thread after another (a model's rate limits stay calm). */
export async function runFixtures(port: AiPort, fixtures: readonly ConversationFixture[], options: { onThread?: (result: ThreadResult) => void } = {}): Promise<EvalReport> {
  const threads: ThreadResult[] = [];
  let model = port.kind === 'builtin' ? 'built-in' : port.kind;
  for (const fixture of fixtures) {
    const result = await runThread(port, fixture, (name) => (model = name));
    threads.push(result);
    options.onThread?.(result);
  }
  return summarize(model, threads);
}

/** One fixture, turn by turn, as the engine would play it. */
export async function runThread(port: AiPort, fixture: ConversationFixture, onModel: (name: string) => void = () => {}): Promise<ThreadResult> {
  const start = Date.parse(fixture.now);
  const gap = fixture.minutesBetweenTurns * 60_000;
  const transcript: AiTranscriptLine[] = fixture.opening ? [{ from: 'business', body: fixture.opening, at: start - 60_000 }] : [];
  const answers: Record<string, string> = { ...fixture.answers };
  const keys = new Set(fixture.questions.map((question) => question.key));
  const turns: TurnLog[] = [];
  const quoted = new Set<string>();
  const problems: string[] = [];
  const grounded = groundedAmounts(fixture);
  let lead: AiLeadMove | null = null;
  let handoff: HandoffReason | null = null;
  let confusedTurns = 0;
  let repliesToday = 0;
  let stopped: string | null = null;
  let error: string | null = null;

  for (const [index, turn] of fixture.turns.entries()) {
    const texts = typeof turn === 'string' ? [turn] : turn;
    const turnStart = start + index * gap;
    texts.forEach((body, at) => transcript.push({ from: 'contact', body, at: turnStart + at * 1_000 }));
    if (repliesToday >= DAILY_CAP) {
      // The engine stops the AI at the cap and hands the thread to a person.
      handoff = 'daily_cap';
      lead = 'needs_human';
      stopped = `daily cap reached before text ${index + 1} of ${fixture.turns.length}`;
      break;
    }
    const now = new Date(turnStart + (texts.length - 1) * 1_000 + REPLY_DELAY_MS);
    const input: AiTurnInput = {
      business: fixture.business,
      assistant: fixture.assistant,
      pricing: fixture.pricing,
      questions: fixture.questions,
      answers: { ...answers },
      transcript: transcript.slice(-TRANSCRIPT_LINES),
      newMessages: texts,
      repliesToday,
      confusedTurns,
      disqualifyMessage: fixture.disqualifyMessage,
      now,
    };
    const began = performance.now();
    let decision;
    try {
      decision = await port.decide(input);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      turns.push({ texts, action: 'error', reply: null, answers: {}, lead: null, confused: false, reasons: [error], latencyMs: performance.now() - began, tokens: 0 });
      stopped = `the adapter failed on text ${index + 1}`;
      break;
    }
    const latencyMs = performance.now() - began;
    onModel(decision.model);
    const tokens = decision.usage ? decision.usage.promptTokens + decision.usage.completionTokens : 0;
    turns.push({ texts, action: decision.action, reply: decision.reply, answers: decision.answers, lead: decision.lead, confused: decision.confused, reasons: decision.reasons, latencyMs, tokens });

    for (const [key, value] of Object.entries(decision.answers)) {
      if (!keys.has(key)) problems.push(`turn ${index + 1}: answer for an unknown key “${key}”`);
      else if (value.trim() !== '') answers[key] = value.trim();
    }
    for (const id of decision.quotedItemIds) {
      if (fixture.pricing.items.some((item) => item.id === id)) quoted.add(id);
      else problems.push(`turn ${index + 1}: quoted an item that is not in the price book (${id})`);
    }
    if (decision.reply && decision.action !== 'skip') {
      transcript.push({ from: 'business', body: decision.reply, at: now.getTime() });
      repliesToday += 1;
      problems.push(...replyProblems(decision.reply, fixture, grounded, decision.quotedItemIds.length > 0).map((problem) => `turn ${index + 1}: ${problem}`));
    }
    if (decision.promisesTime) problems.push(`turn ${index + 1}: the reply promises a time`);
    confusedTurns = decision.confused ? confusedTurns + 1 : 0;
    if (decision.lead) lead = decision.lead;
    if (decision.action === 'handoff') {
      handoff = decision.handoffReason;
      lead = 'needs_human';
    }
    const closed = decision.action === 'handoff' ? 'handed off' : lead === 'disqualified' || lead === 'spam' ? `lead ${lead}` : null;
    if (closed) {
      if (index < fixture.turns.length - 1) stopped = `${closed} after text ${index + 1} of ${fixture.turns.length}`;
      break;
    }
  }

  const kinds = new Map(fixture.questions.map((question) => [question.key, question.kind]));
  const checks: AnswerCheck[] = Object.entries(fixture.expect.answers).map(([key, expected]) => {
    const actual = answers[key] ?? null;
    return { key, expected, actual, right: actual !== null && sameAnswer(kinds.get(key) ?? 'text', expected, actual) };
  });
  // An answer recorded where none was expected is a wrong answer (counted once in the total).
  for (const [key, actual] of Object.entries(answers)) {
    if (!(key in fixture.expect.answers) && !(key in fixture.answers)) checks.push({ key, expected: null, actual, right: false });
  }
  const expectedQuotes = [...fixture.expect.quotedItemIds].sort();
  const actualQuotes = [...quoted].sort();
  const result: ThreadResult = {
    id: fixture.id,
    title: fixture.title,
    trade: fixture.trade,
    answers: checks,
    lead: { expected: fixture.expect.lead, actual: lead, right: lead === fixture.expect.lead },
    handoff: { expected: fixture.expect.handoffReason, actual: handoff, right: handoff === fixture.expect.handoffReason },
    quotes: { expected: expectedQuotes, actual: actualQuotes, right: expectedQuotes.join(',') === actualQuotes.join(',') },
    problems,
    stopped,
    error,
    turns,
    allRight: false,
  };
  result.allRight = checks.every((check) => check.right) && result.lead.right && result.handoff.right && result.quotes.right && problems.length === 0 && error === null;
  return result;
}

/** Compares an answer as its kind allows (case, spaces, ZIP+4, a phrase inside free text). */
export function sameAnswer(kind: QuestionKind, expected: string, actual: string): boolean {
  const simple = (value: string) => value.toLowerCase().replace(/[\s$,.!]+/g, ' ').trim();
  switch (kind) {
    case 'zip': {
      const bare = (value: string) => value.toUpperCase().replace(/[\s-]/g, '');
      const [want, got] = [bare(expected), bare(actual)];
      return want === got || (/^\d{5}$/.test(want) && /^\d{9}$/.test(got) && got.startsWith(want)) || (/^\d{5}$/.test(got) && /^\d{9}$/.test(want) && want.startsWith(got));
    }
    case 'date':
      return actual.trim().startsWith(expected.trim());
    case 'yes_no':
      return simple(actual).split(' ')[0] === simple(expected);
    case 'choice':
      return simple(actual) === simple(expected);
    case 'text':
      return simple(actual).includes(simple(expected));
  }
}

/** Amounts the owner wrote (facts, FAQ answers, disqualify message): a reply may repeat these. */
function groundedAmounts(fixture: ConversationFixture): Set<string> {
  const owner = [fixture.business.facts, fixture.disqualifyMessage, ...fixture.business.faq.map((entry) => entry.answer)].join(' ');
  return new Set(amounts(owner));
}

function amounts(text: string): string[] {
  // As numbers, so "$89.50" in a reply and 8950 cents in the book compare equal.
  return [...text.matchAll(/\$\s?(\d[\d,]*(?:\.\d+)?)/g)].map((match) => String(Number((match[1] ?? '').replace(/,/g, ''))));
}

function replyProblems(reply: string, fixture: ConversationFixture, grounded: ReadonlySet<string>, quotesItems: boolean): string[] {
  const problems: string[] = [];
  if (reply.length > MAX_REPLY_CHARS) problems.push(`reply of ${reply.length} characters (over ${MAX_REPLY_CHARS})`);
  const book = new Set(fixture.pricing.items.flatMap((item) => [item.minCents, item.maxCents].map((cents) => String(cents / 100))));
  for (const amount of amounts(reply)) {
    if (grounded.has(amount)) continue;
    if (fixture.pricing.policy === 'never') problems.push(`an amount ($${amount}) under the never-quote policy`);
    else if (!book.has(amount)) problems.push(`an amount ($${amount}) that is not in the price book`);
    else if (!quotesItems) problems.push(`an amount ($${amount}) without naming its price-book item`);
  }
  return problems;
}

function tally(values: readonly boolean[]): Tally {
  return { right: values.filter(Boolean).length, total: values.length };
}

function summarize(model: string, threads: ThreadResult[]): EvalReport {
  const answers = tally(threads.flatMap((thread) => thread.answers.map((check) => check.right)));
  const outcomes = tally(threads.map((thread) => thread.lead.right));
  const handoffs = tally(threads.map((thread) => thread.handoff.right));
  const quotes = tally(threads.map((thread) => thread.quotes.right));
  const rules = tally(threads.map((thread) => thread.problems.length === 0 && thread.error === null));
  const allRight = tally(threads.map((thread) => thread.allRight));
  const parts = [answers, outcomes, handoffs, quotes];
  const total = parts.reduce((sum, part) => sum + part.total, 0);
  const latencies = threads.flatMap((thread) => thread.turns.map((turn) => turn.latencyMs)).sort((a, b) => a - b);
  return {
    model,
    threads,
    answers,
    outcomes,
    handoffs,
    quotes,
    rules,
    allRight,
    accuracy: total === 0 ? 0 : parts.reduce((sum, part) => sum + part.right, 0) / total,
    turns: latencies.length,
    tokens: threads.reduce((sum, thread) => sum + thread.turns.reduce((turnSum, turn) => turnSum + turn.tokens, 0), 0),
    medianLatencyMs: latencies.length === 0 ? 0 : (latencies[Math.floor(latencies.length / 2)] ?? 0),
  };
}

export function percent(tally: Tally): number {
  return tally.total === 0 ? 100 : (100 * tally.right) / tally.total;
}

/**
 * The table both the test and the script print. `timing` adds the model's turns, tokens and median latency
 * (left out of the test so its output is the same on every run).
 */
export function formatTable(report: EvalReport, options: { timing?: boolean } = {}): string {
  const row = (label: string, value: Tally) => `${label.padEnd(24)}${`${value.right} / ${value.total}`.padStart(13)}${`${percent(value).toFixed(1)} %`.padStart(10)}`;
  const lines = [
    `AI conversation fixtures — ${report.model}, ${report.threads.length} threads`,
    `${''.padEnd(24)}${'right / total'.padStart(13)}${'%'.padStart(10)}`,
    row('answers', report.answers),
    row('lead outcomes', report.outcomes),
    row('handoffs', report.handoffs),
    row('price quotes', report.quotes),
    row('replies within rules', report.rules),
    row('threads entirely right', report.allRight),
    `${'accuracy (all checks)'.padEnd(24)}${`${(100 * report.accuracy).toFixed(1)} %`.padStart(23)}`,
  ];
  if (options.timing) lines.push(`${report.turns} turns, ${report.tokens} tokens, median ${Math.round(report.medianLatencyMs)} ms per turn`);
  return lines.join('\n');
}

/** What went wrong in each thread that was not entirely right, one block per thread (`transcripts`: with each turn). */
export function formatFailures(report: EvalReport, options: { transcripts?: boolean } = {}): string {
  const transcripts = options.transcripts ?? true;
  return report.threads
    .filter((thread) => !thread.allRight)
    .map((thread) => {
      const lines = [`✗ ${thread.id} — ${thread.title}`];
      for (const check of thread.answers.filter((answer) => !answer.right)) lines.push(`    answer ${check.key}: expected ${JSON.stringify(check.expected)}, got ${JSON.stringify(check.actual)}`);
      if (!thread.lead.right) lines.push(`    lead: expected ${thread.lead.expected}, got ${thread.lead.actual}`);
      if (!thread.handoff.right) lines.push(`    handoff: expected ${thread.handoff.expected}, got ${thread.handoff.actual}`);
      if (!thread.quotes.right) lines.push(`    quoted items: expected [${thread.quotes.expected.join(', ')}], got [${thread.quotes.actual.join(', ')}]`);
      for (const problem of thread.problems) lines.push(`    rule: ${problem}`);
      if (thread.error) lines.push(`    error: ${thread.error}`);
      if (thread.stopped) lines.push(`    stopped: ${thread.stopped}`);
      if (!transcripts) return lines.join('\n');
      thread.turns.forEach((turn, index) => {
        lines.push(`    ${index + 1}. person: ${turn.texts.join(' | ')}`);
        lines.push(`       ${turn.action}${turn.lead ? ` (lead ${turn.lead})` : ''}${turn.confused ? ' [confused]' : ''}: ${turn.reply ?? '—'}`);
      });
      return lines.join('\n');
    })
    .join('\n');
}

/**
 * Plays conversation fixtures against any AiPort the way the conversation engine would — the transcript grows with
 * each text and reply, answers accumulate on the lead, confused turns and replies are counted, a handoff or a
 * closed lead ends the AI's part — and compares the end with each fixture's expectation. Shared by the built-in
 * assistant's test (`npm test`) and `npm run eval:ai` (a configured model), so both print the same table.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { HandoffReason, QuestionKind } from '@contracts/ai';
import type { AiLeadMove, AiPort, AiTranscriptLine, AiTurnInput } from '../ai.port';
import { businessSetupSchema, conversationFixtureSchema, type ConversationFixture, fixtureFileSchema } from './fixture.schema';

export const FIXTURES_DIR = join(import.meta.dirname, '..', '..', '..', '..', 'tests', 'fixtures', 'ai-conversations');
/** The held-out part: threads no rule of the built-in assistant is tuned against (see the folder's README). */
export const HELD_OUT_DIR = join(FIXTURES_DIR, 'held-out');
/**
 * The current round's check: a batch written blind and measured untouched, totals only; it joins the dev part (and may
 * be tuned against) when the next round starts (see the folder's README).
 */
export const CHECK_DIR = join(FIXTURES_DIR, 'next-check');
/** Businesses shared by several threads (`"setup": "<name>"`); each folder of fixtures may have its own. */
const SETUPS = 'setups';

/** The engine's defaults (PRODUCT.md §5): reply delay 8 s, at most 15 AI replies per thread per day. */
const REPLY_DELAY_MS = 8_000;
const DAILY_CAP = 15;
const TRANSCRIPT_LINES = 30;
const MAX_REPLY_CHARS = 320;

const describeIssues = (issues: readonly { path: PropertyKey[]; message: string }[]) => issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`).join('; ');

/**
 * Every fixture in the folder (not its subfolders), validated; a file that does not fit the schema throws with its
 * name. A fixture naming a `setup` takes the business from `setups/<setup>.json` beside it (its own fields win).
 */
export function loadFixtures(dir: string = FIXTURES_DIR): ConversationFixture[] {
  const setups = new Map<string, unknown>();
  const setup = (name: string) => {
    if (!setups.has(name)) {
      const file = [join(dir, SETUPS, `${name}.json`), join(FIXTURES_DIR, SETUPS, `${name}.json`)].find((candidate) => existsSync(candidate));
      if (!file) throw new Error(`setup ${name}: no ${SETUPS}/${name}.json`);
      const parsed = businessSetupSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) throw new Error(`${SETUPS}/${name}.json: ${describeIssues(parsed.error.issues)}`);
      setups.set(name, parsed.data);
    }
    return setups.get(name) as Record<string, unknown>;
  };
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = fixtureFileSchema.safeParse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
      if (!file.success) throw new Error(`${name}: ${describeIssues(file.error.issues)}`);
      const own = Object.fromEntries(Object.entries(file.data).filter(([, value]) => value !== undefined));
      const parsed = conversationFixtureSchema.safeParse(file.data.setup ? { ...setup(file.data.setup), ...own } : own);
      if (!parsed.success) throw new Error(`${name}: ${describeIssues(parsed.error.issues)}`);
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
  /** Expected safety advice (an emergency) and whether a handoff reply carried it; null when none was expected. */
  safety: { handedOff: boolean; advised: boolean } | null;
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
  /** Emergencies handed off with safety advice in the reply. */
  safety: Tally;
  /** Threads that end qualified (or booked) with an answer that is wrong: staff would trust it. */
  qualifiedWrong: number;
  /**
   * Of those, threads where a recorded answer contradicts what the customer said (or records one they never gave):
   * issue 22's "ends Qualified with an answer the customer contradicted". The rest only miss an answer.
   */
  qualifiedContradicted: number;
  /** Threads whose person asked for an offered service and was disqualified. */
  wronglyDisqualified: number;
  /** Price-book items quoted that the thread did not allow (the job outside the item's conditions). */
  quotesOutsideConditions: number;
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
  let safetyAdvised = false;
  let promisedCall = false;

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
      booking: null,
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
      const language = replyLanguage(decision.reply);
      if (language && language !== fixture.expect.replyLanguage) problems.push(`turn ${index + 1}: a reply in ${LANGUAGE_NAMES[language]}, not ${LANGUAGE_NAMES[fixture.expect.replyLanguage]}`);
      if (decision.action === 'handoff' && SAFETY_ADVICE.test(decision.reply)) safetyAdvised = true;
      if (CALLBACK_WORDS.test(decision.reply)) promisedCall = true;
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
  if (fixture.expect.callback && !promisedCall) problems.push('they asked to be called, and no reply says someone will call');
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
    safety: fixture.expect.safety ? { handedOff: handoff === 'emergency', advised: safetyAdvised } : null,
    problems,
    stopped,
    error,
    turns,
    allRight: false,
  };
  const safe = result.safety === null || (result.safety.handedOff && result.safety.advised);
  if (!safe) problems.push('an emergency without a handoff carrying safety advice');
  result.allRight = checks.every((check) => check.right) && result.lead.right && result.handoff.right && result.quotes.right && safe && problems.length === 0 && error === null;
  return result;
}

const LANGUAGE_NAMES = { en: 'English', es: 'Spanish' } as const;

/**
 * Safety advice in a reply: get out, shut something off, keep away, call 911 (English or Spanish). The runner's own
 * reading, independent of any assistant's wording.
 */
export const SAFETY_ADVICE =
  /\b911\b|\b(leave|get out of|evacuate|step outside|go outside)\b|\b(shut|turn|switch)(ing)? (it |that |them )?off\b|\bshut-?off\b|\b(breaker|main (water )?valve|gas valve|gas company|utility)\b|\b(don'?t|do not|avoid) (touch|use|go near|flip|light|run|flush|turn)|\bstay (away|clear|out)\b|\bopen (the |your )?windows\b|\bfresh air\b|\b(salga|salgan|llame al 911|llamen al 911|cierre|cierren|apague|apaguen|no toque|no use|aléjese|aléjense|alejense|ventanas)(?![a-záéíóúñ])/i;

/** A reply that says someone will call (English or Spanish). */
export const CALLBACK_WORDS = /\b(call|calls|calling|phone) (you|back)\b|\bgive you a (call|ring)\b|\bwill call\b|\b(llamar[áa]?|llamaremos|llamamos|llamada)(?![a-záéíóúñ])/i;

const SPANISH_MARKERS = /[¿¡ñ]|\b(el|la|los|las|que|qué|de|para|por|su|sus|usted|gracias|hola|cuál|cuándo|dónde|código|postal|necesita|necesito|casa|dueño|propietario|mañana|sí|está|es|un|una|con|le|lo|nuestro|equipo|pronto)\b/gi;
const ENGLISH_MARKERS = /\b(the|and|you|your|what|when|which|is|are|for|to|with|we|our|thanks|thank|please|zip|code|need|home|own|team|soon|will|can|got|it|this|that)\b/gi;

/** The language a reply is written in, when its words say so clearly; null for a reply too short to tell. */
export function replyLanguage(reply: string): 'en' | 'es' | null {
  const spanish = reply.match(SPANISH_MARKERS)?.length ?? 0;
  const english = reply.match(ENGLISH_MARKERS)?.length ?? 0;
  if (spanish + english < 3) return null;
  if (spanish >= 2 * english) return 'es';
  if (english >= 2 * spanish) return 'en';
  return null;
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
      return sameDate(expected, actual);
    case 'yes_no':
      return simple(actual).split(' ')[0] === simple(expected);
    case 'choice':
      return simple(actual) === simple(expected);
    case 'text':
      return simple(actual).includes(simple(expected));
  }
}

/**
 * A date answer: `YYYY-MM-DD`, then a time window when the person gave one — `before 11:00`, `after 14:00`,
 * `09:00-12:00`, `morning`, `afternoon` or `evening`. The day must match; a window expected must be there too
 * (an answer's extra window, when none was expected, is not wrong).
 */
export function sameDate(expected: string, actual: string): boolean {
  // A bare ISO time after the day (`2026-11-25T00:00:00-06:00`) is not a window.
  const split = (value: string) => /^(\d{4}-\d{2}-\d{2})(?:T[\d:.+-]*Z?)?\s*(.*)$/.exec(value.trim()) ?? [value, value.trim(), ''];
  const [, wantDay, wantWindow = ''] = split(expected);
  const [, gotDay, gotWindow = ''] = split(actual);
  if (wantDay !== gotDay) return false;
  if (wantWindow === '') return true;
  const window = (words: string) =>
    words
      .toLowerCase()
      .replace(/[–—]/g, '-')
      .replace(/\s*-\s*/g, '-')
      .replace(/\b(\d):/g, '0$1:')
      .replace(/[(),]/g, '')
      .trim();
  return window(wantWindow) === window(gotWindow);
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
  const safety = tally(threads.filter((thread) => thread.safety !== null).map((thread) => thread.safety!.handedOff && thread.safety!.advised));
  const qualifiedWrong = threads.filter((thread) => (thread.lead.actual === 'qualified' || thread.lead.actual === 'booked') && thread.answers.some((check) => !check.right)).length;
  const qualifiedContradicted = threads.filter((thread) => (thread.lead.actual === 'qualified' || thread.lead.actual === 'booked') && thread.answers.some((check) => !check.right && check.actual !== null)).length;
  const wronglyDisqualified = threads.filter((thread) => thread.lead.actual === 'disqualified' && thread.lead.expected !== 'disqualified').length;
  const quotesOutsideConditions = threads.reduce((sum, thread) => sum + thread.quotes.actual.filter((id) => !thread.quotes.expected.includes(id)).length, 0);
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
    safety,
    qualifiedWrong,
    qualifiedContradicted,
    wronglyDisqualified,
    quotesOutsideConditions,
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
    row('emergencies made safe', report.safety),
    `${'qualified, a wrong answer'.padEnd(24)}${String(report.qualifiedWrong).padStart(13)}`,
    `${'  of which contradicted'.padEnd(24)}${String(report.qualifiedContradicted).padStart(13)}`,
    `${'offered, disqualified'.padEnd(24)}${String(report.wronglyDisqualified).padStart(13)}`,
    `${'quotes outside their item'.padEnd(24)}${String(report.quotesOutsideConditions).padStart(13)}`,
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

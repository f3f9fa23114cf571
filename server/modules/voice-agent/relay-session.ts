import { and, eq } from 'drizzle-orm';
import { isAnonymousCaller } from '@contracts/call';
import { CLOSED_LEAD_STATUSES } from '@contracts/lead';
import { contactDisplayName } from '@contracts/person';
import { storableText, truncate } from '@contracts/text';
import type { QualifierQuestion } from '@contracts/ai';
import { zonesForPhone } from '@contracts/send-window';
import { type RelayHandoffData, relayIncomingMessage, type RelayOutgoingMessage } from '@contracts/conversation-relay';
import type { AiDecision, AiTranscriptLine } from '@server/adapters/ai/ai.port';
import { appointmentTypes, companies, phoneNumbers, priceItems, voiceAgentCalls, voiceAgentTurns } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { findContactByPhone } from '@server/modules/contacts/contact-lookup';
import { takeInquiry } from '@server/modules/intake/intake.service';
import { bookChosen, type BookingOutcome, type PreparedBooking, prepareBookingFor } from '@server/modules/ai/ai-booking';
import { renderMergeTags } from '@server/modules/messaging/merge-tags';
import { applyTriggers, buildTurnInput, toPriceItem } from '@server/modules/ai/ai-policy';
import { ensureAiSettings, settingsValues } from '@server/modules/ai/ai-settings.service';
import { queueAfterCall, RECORDING_CALLBACK_PATH } from './answer.service';
import { emergencyWordIn } from './emergency';
import { minutesOfDay, sentencesOf, speakingMs, spokenReply, spokenSlot, spokenSlots, tokensOf } from './spoken';

/**
 * One AI-answered call over Twilio's ConversationRelay WebSocket (decision 0048): Twilio turns the caller's speech
 * into `prompt` messages and speaks the `text` tokens we send. Each final utterance is one turn of the same assistant
 * that answers texts (the AI port, with the company's facts, questions, price book and handoff rules), spoken short:
 * the reply's first sentence goes at once (its first token's time is the turn's latency), the rest paced to the
 * speaking voice so a caller who talks over it (`interrupt`) stops what has not been sent. Emergency words and the
 * assistant's emergency signal put the caller through to the on-call number (`end` with handoffData); the maximum
 * call length closes politely. A company with a booking calendar gets the texting assistant's booking tool too: two
 * free times offered in spoken words, the one picked booked (decision 0048, "Booking by phone"). Every turn is
 * written as it happens; the after-call work runs from the job queue.
 *
 * The session lives as long as its socket on one instance; what must outlive it (the turns, the answers, why it
 * ended) is in the database at once.
 */

type AgentCallRow = typeof voiceAgentCalls.$inferSelect;

/** Real time and side doors of a session; tests pass ones that never wait. */
export interface RelayRuntime {
  /** A monotonic clock in ms (latency of each turn). */
  monotonic(): number;
  /** Resolves after `ms` (or at once when `signal` aborts): paces a reply to the speaking voice. */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  /** Runs `fn` after `ms` (the maximum call length); returns its cancel. */
  after(ms: number, fn: () => void): () => void;
  /** Starts the call's recording at the provider; null when it cannot (the simulator). */
  recorder: CallRecorder | null;
}

export interface CallRecorder {
  start(input: { callSid: string; statusCallbackUrl: string }): Promise<void>;
}

export const realRuntime = (recorder: CallRecorder | null): RelayRuntime => ({
  monotonic: () => performance.now(),
  wait: (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    }),
  after: (ms, fn) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
  recorder,
});

export const TRANSFER_LINE = 'I’m putting you through to our on-call team now. Please stay on the line.';
export const URGENT_LINE = 'That sounds urgent.';
export const CALLBACK_LINE = 'Someone from the team will call you back as soon as possible.';
export const MAX_LENGTH_LINE = 'I’m sorry, we’ve reached the time limit for this call. The team has your details and will follow up by text shortly. Thank you for calling, goodbye.';
export const GOODBYE_LINE = 'Thanks for calling. Goodbye!';
export const SORRY_LINE = 'Sorry, I didn’t catch that.';
export const TAKEN_LINE = 'Sorry, that time was just taken.';
export const BOOKED_TEXT_LINE = 'You’ll get a text with the details.';
/** The time the assistant booked, said back (a real booking: the one firm time the assistant says). */
export const bookedLine = (typeName: string, when: string) => `You’re booked for ${typeName} on ${when}.`;
/** How much of the next sentence is sent before the current one has been spoken (so the voice never waits). */
const PACE = 0.8;
/** How much of the call the assistant reads each turn. */
const TRANSCRIPT_TURNS = 30;

interface Context {
  company: typeof companies.$inferSelect;
  number: typeof phoneNumbers.$inferSelect | null;
  ai: Awaited<ReturnType<typeof ensureAiSettings>>;
  approved: Array<typeof priceItems.$inferSelect>;
  questions: QualifierQuestion[];
  timezone: string;
  connectedAtMs: number;
  /** The company books appointments (an active type) and the caller can be a client (a number to text): times are offered. */
  books: boolean;
}

interface Speaking {
  seq: number;
  text: string;
  sent: string;
  at: Date;
  latencyMs: number | null;
  abort: AbortController;
  finished: boolean;
  line: AiTranscriptLine;
}

const GOODBYE = /^(?:(?:ok(?:ay)?|no|nope|great|thanks?|thank you|alright|all right)[,.!]?\s+)*(?:bye(?:[- ]bye)?|goodbye|that'?s (?:all|it)(?: for now)?|that is all|nothing else)(?:[,.!]?\s+(?:thanks?|thank you|bye))*[.! ]*$/i;

/** A caller's utterance from its parts: ConversationRelay's partial prompts may repeat what came before, or follow it. */
export function joinPrompt(before: string, next: string): string {
  const a = before.trim();
  const b = next.trim();
  if (!a) return b;
  if (!b) return a;
  if (b.toLowerCase().startsWith(a.toLowerCase())) return b;
  if (a.toLowerCase().endsWith(b.toLowerCase())) return a;
  return `${a} ${b}`;
}

export class RelaySession {
  private chain: Promise<void> = Promise.resolve();
  private writes: Promise<void> = Promise.resolve();
  private background = new Set<Promise<void>>();
  private seq = 0;
  private ctx: Context | null = null;
  private answers: Record<string, string>;
  private transcript: AiTranscriptLine[] = [];
  private partial = '';
  private digits = '';
  private confused = 0;
  private speaking: Speaking | null = null;
  private deciding: AbortController | null = null;
  private ended = false;
  private closed = false;
  private closing: Promise<void> | null = null;
  private cancelTimer: (() => void) | null = null;
  private aiSummary: string | null = null;
  private handoffReason: string | null = null;
  /**
   * The times offered last on this call and not picked yet (the booking tool's memory, as a thread's slotOffer is for
   * texts). Only this session reads it; the booking itself is in the database at once.
   */
  private offer: { typeId: string; starts: number[] } | null = null;

  constructor(
    private readonly deps: AppServices,
    private readonly runtime: RelayRuntime,
    private call: AgentCallRow,
    private readonly transport: { send(message: RelayOutgoingMessage): void },
  ) {
    this.answers = { ...call.answers };
  }

  /** One WebSocket message from Twilio (text), validated; an unreadable one is logged and dropped. */
  receive(raw: string): void {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      this.deps.logger.warn({ agentCallId: this.call.id }, 'ConversationRelay sent a message that is not JSON');
      return;
    }
    const parsed = relayIncomingMessage.safeParse(json);
    if (!parsed.success) {
      this.deps.logger.warn({ agentCallId: this.call.id, issues: parsed.error.issues.slice(0, 3) }, 'ConversationRelay message refused');
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'interrupt':
        // At once, not behind a turn that is being decided: the point is to stop talking now.
        this.interrupted(message.utteranceUntilInterrupt);
        return;
      case 'prompt': {
        if (!message.last) {
          this.partial = joinPrompt(this.partial, message.voicePrompt);
          return;
        }
        const receivedAt = this.runtime.monotonic();
        const said = joinPrompt(this.partial, message.voicePrompt);
        this.partial = '';
        this.enqueue(() => this.utterance(said, receivedAt, 'speech'));
        return;
      }
      case 'setup':
        this.enqueue(() => this.setup(message.callSid, message.sessionId));
        return;
      case 'dtmf': {
        const receivedAt = this.runtime.monotonic();
        this.enqueue(() => this.dtmf(message.digit, receivedAt));
        return;
      }
      case 'error':
        this.deps.logger.warn({ agentCallId: this.call.id, description: message.description }, 'ConversationRelay reported an error');
        this.write(() => this.update({ lastError: storableText(truncate(message.description, 500, { ellipsis: true })) }));
        return;
    }
  }

  /** The socket closed (the caller hung up, or Twilio ended the session after our `end`). */
  close(): Promise<void> {
    this.closing ??= this.closeNow();
    return this.closing;
  }

  private async closeNow(): Promise<void> {
    this.closed = true;
    this.cancelTimer?.();
    this.deciding?.abort();
    const speaking = this.speaking;
    if (speaking) {
      speaking.abort.abort();
      this.finishSpeaking(speaking, speaking.sent.trim() || null, true);
    }
    await this.chain;
    await Promise.allSettled([...this.background]);
    await this.writes;
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(voiceAgentCalls)
        .set({ status: 'ended', endedAt: now, endReason: this.call.endReason ?? 'caller_hung_up', updatedAt: now })
        .where(and(eq(voiceAgentCalls.id, this.call.id), eq(voiceAgentCalls.status, 'live')))
        .returning();
      if (row) this.call = row;
      await queueAfterCall(this.deps, tx, this.call);
    });
  }

  /** Waits for everything the session started (tests, the benchmark). */
  async settled(): Promise<void> {
    await this.chain;
    await Promise.allSettled([...this.background]);
    await this.writes;
  }

  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(step).catch((error: unknown) => {
      this.deps.logger.error({ err: error, agentCallId: this.call.id }, 'voice agent turn failed');
    });
  }

  private write(step: () => Promise<unknown>): Promise<void> {
    this.writes = this.writes.then(step).then(
      () => undefined,
      (error: unknown) => this.deps.logger.error({ err: error, agentCallId: this.call.id }, 'voice agent could not store a turn'),
    );
    return this.writes;
  }

  private async update(changes: Partial<typeof voiceAgentCalls.$inferInsert>): Promise<void> {
    await this.deps.db
      .update(voiceAgentCalls)
      .set({ ...changes, updatedAt: this.deps.clock.now() })
      .where(eq(voiceAgentCalls.id, this.call.id));
  }

  private send(message: RelayOutgoingMessage): void {
    if (!this.closed) this.transport.send(message);
  }

  private addTurn(turn: { seq: number; speaker: 'caller' | 'assistant'; kind?: 'speech' | 'dtmf'; text: string; heard?: string | null; interrupted?: boolean; latencyMs?: number | null; at: Date }): void {
    const { companyId, id } = this.call;
    void this.write(() =>
      this.deps.db.insert(voiceAgentTurns).values({
        companyId,
        agentCallId: id,
        seq: turn.seq,
        speaker: turn.speaker,
        kind: turn.kind ?? 'speech',
        text: storableText(truncate(turn.text, 4000, { ellipsis: true })),
        heard: turn.heard === undefined || turn.heard === null ? null : storableText(truncate(turn.heard, 4000, { ellipsis: true })),
        interrupted: turn.interrupted ?? false,
        latencyMs: turn.latencyMs ?? null,
        at: turn.at,
      }),
    );
  }

  // ── Twilio's messages ──────────────────────────────────────────────────────────────────────────────────────────

  private async setup(callSid: string, sessionId: string): Promise<void> {
    if (this.ctx || this.closed) return;
    if (callSid !== this.call.providerCallSid) {
      this.deps.logger.warn({ agentCallId: this.call.id }, 'ConversationRelay setup for another call: session ended');
      this.ended = true;
      this.send({ type: 'end', handoffData: JSON.stringify({ reason: 'completed' } satisfies RelayHandoffData) });
      return;
    }
    const now = this.deps.clock.now();
    const [live] = await this.deps.db
      .update(voiceAgentCalls)
      .set({ status: 'live', connectedAt: now, sessionId: storableText(sessionId), updatedAt: now })
      .where(and(eq(voiceAgentCalls.id, this.call.id), eq(voiceAgentCalls.status, 'waiting')))
      .returning();
    if (!live) {
      this.ended = true;
      this.send({ type: 'end', handoffData: JSON.stringify({ reason: 'completed' } satisfies RelayHandoffData) });
      return;
    }
    this.call = live;
    const [company] = await this.deps.db.select().from(companies).where(eq(companies.id, live.companyId)).limit(1);
    if (!company) throw new Error('company of a voice agent call not found');
    const [number] = live.phoneNumberId ? await this.deps.db.select().from(phoneNumbers).where(eq(phoneNumbers.id, live.phoneNumberId)).limit(1) : [];
    const ai = await ensureAiSettings(this.deps.db, live.companyId, now);
    const approved = await this.deps.db.select().from(priceItems).where(and(eq(priceItems.companyId, live.companyId), eq(priceItems.status, 'approved')));
    const [bookable] = await this.deps.db
      .select({ id: appointmentTypes.id })
      .from(appointmentTypes)
      .where(and(eq(appointmentTypes.companyId, live.companyId), eq(appointmentTypes.active, true)))
      .limit(1);
    this.ctx = {
      company,
      number: number ?? null,
      ai,
      approved,
      questions: live.settings.questions ?? ai.questions,
      timezone: company.timezone ?? zonesForPhone(live.toNumber)[0] ?? 'America/New_York',
      connectedAtMs: now.getTime(),
      books: Boolean(bookable) && number?.status === 'active' && !isAnonymousCaller(live.fromNumber),
    };
    const settings = live.settings;
    let recording = settings.recordCalls;
    if (recording && live.provider === 'twilio') {
      // The notice is only said when the recording really started.
      try {
        if (!this.runtime.recorder) throw new Error('no recorder for Twilio calls');
        await this.runtime.recorder.start({ callSid: live.providerCallSid, statusCallbackUrl: `${this.deps.publicUrl}${RECORDING_CALLBACK_PATH}` });
      } catch (error) {
        recording = false;
        this.deps.logger.warn({ err: error, agentCallId: live.id }, 'the call recording could not start');
      }
    }
    if (recording) void this.write(() => this.update({ recordingOn: true }));
    this.cancelTimer = this.runtime.after(settings.maxCallSeconds * 1000, () => this.enqueue(() => this.timeUp(null)));
    // The notice takes the same merge tags as the greeting (the Basic tab accepts them in both).
    const fill = (text: string) => renderMergeTags(text, { contact: { firstName: null, lastName: null }, businessName: company.name, businessPhone: number?.e164 ?? null, senderFirstName: ai.assistantName });
    const parts = [fill(settings.greeting), recording ? fill(settings.recordingDisclosure) : '', this.nextQuestion() ?? 'How can I help you today?'];
    this.speak(parts.filter(Boolean).join(' '), { receivedAt: null });
  }

  private async utterance(said: string, receivedAt: number, kind: 'speech' | 'dtmf'): Promise<void> {
    const text = storableText(said).trim();
    if (!this.ctx || this.ended || this.closed || !text) return;
    const speaking = this.speaking;
    if (speaking) {
      // The caller spoke while the reply was still going out and Twilio did not say what was heard: all that was sent.
      speaking.abort.abort();
      this.finishSpeaking(speaking, speaking.sent.trim(), true);
    }
    this.addTurn({ seq: ++this.seq, speaker: 'caller', kind, text, at: this.deps.clock.now() });
    this.transcript.push({ from: 'contact', body: text, at: this.deps.clock.now().getTime() });
    if (this.timeIsUp()) return this.timeUp(receivedAt);
    if (kind === 'speech' && emergencyWordIn(text, this.call.settings.emergencyWords)) {
      this.handoffReason = 'emergency';
      return this.transfer(receivedAt, null);
    }
    if (kind === 'speech' && GOODBYE.test(text)) {
      this.speak(GOODBYE_LINE, { receivedAt, afterwards: { reason: 'completed' } });
      return;
    }
    await this.think(text, receivedAt);
  }

  private async dtmf(digit: string, receivedAt: number): Promise<void> {
    if (!this.ctx || this.ended || this.closed) return;
    if (digit === '0' && this.digits === '' && this.call.settings.onCallNumber) {
      this.addTurn({ seq: ++this.seq, speaker: 'caller', kind: 'dtmf', text: '0', at: this.deps.clock.now() });
      this.handoffReason = 'asked_for_person';
      return this.transfer(receivedAt, null);
    }
    if (digit === '*') {
      this.digits = '';
      return;
    }
    if (digit !== '#') this.digits += digit;
    // Keyed digits are words when # ends them, or at five (a ZIP code).
    if (this.digits && (digit === '#' || this.digits.length >= 5)) {
      const typed = this.digits;
      this.digits = '';
      await this.utterance(typed, receivedAt, 'dtmf');
    }
  }

  private interrupted(heard: string): void {
    const speaking = this.speaking;
    if (!speaking) return;
    speaking.abort.abort();
    this.finishSpeaking(speaking, heard.trim() || speaking.sent.trim(), true);
  }

  // ── The assistant ──────────────────────────────────────────────────────────────────────────────────────────────

  private nextQuestion(): string | null {
    const next = this.ctx?.questions.find((q) => !this.answers[q.key]);
    return next?.text ?? null;
  }

  private requiredAnswered(): boolean {
    return (this.ctx?.questions ?? []).filter((q) => q.required).every((q) => Boolean(this.answers[q.key]));
  }

  private timeIsUp(): boolean {
    return this.ctx !== null && this.deps.clock.now().getTime() - this.ctx.connectedAtMs >= this.call.settings.maxCallSeconds * 1000;
  }

  private async think(said: string, receivedAt: number): Promise<void> {
    const ctx = this.ctx!;
    const now = this.deps.clock.now();
    const values = settingsValues(ctx.ai);
    const prepared = await this.prepareBooking(now);
    const input = buildTurnInput({
      settings: { ...values, disqualifyMessage: renderMergeTags(values.disqualifyMessage, { contact: { firstName: null, lastName: null }, businessName: ctx.company.name, businessPhone: ctx.number?.e164 ?? null, senderFirstName: ctx.company.name }) },
      business: { name: ctx.company.name, timezone: ctx.timezone },
      approved: ctx.approved.map(toPriceItem),
      questions: ctx.questions,
      answers: { ...this.answers },
      transcript: this.transcript.slice(-TRANSCRIPT_TURNS).map((line) => ({ ...line })),
      newMessages: [said],
      repliesToday: 0,
      confusedTurns: this.confused,
      booking: prepared?.booking ?? null,
      now,
    });
    const abort = new AbortController();
    this.deciding = abort;
    let decision: AiDecision;
    try {
      decision = applyTriggers(await this.deps.ai.decide(input, { signal: abort.signal }), values.handoff);
    } catch (error) {
      if (abort.signal.aborted || this.closed) return;
      this.deps.logger.error({ err: error, agentCallId: this.call.id }, 'the assistant failed to decide a call turn');
      this.speak(`${SORRY_LINE} ${this.nextQuestion() ?? 'Could you say that again?'}`, { receivedAt });
      return;
    } finally {
      if (this.deciding === abort) this.deciding = null;
    }
    if (this.closed || this.ended) return;
    const known = new Set(ctx.questions.map((q) => q.key));
    for (const [key, value] of Object.entries(decision.answers)) {
      if (known.has(key) && value.trim()) this.answers[key] = storableText(truncate(value.trim(), 500, { ellipsis: true }));
    }
    if (decision.summary) this.aiSummary = storableText(truncate(decision.summary, 500, { ellipsis: true }));
    this.confused = decision.confused ? this.confused + 1 : 0;
    const answers = { ...this.answers };
    const aiSummary = this.aiSummary;
    void this.write(() => this.update({ answers, aiSummary }));

    if (decision.action === 'handoff') {
      this.handoffReason = decision.handoffReason ?? 'outside_policy';
      const transferable = decision.handoffReason === 'emergency' || decision.handoffReason === 'asked_for_person';
      if (transferable && this.call.settings.onCallNumber) return this.transfer(receivedAt, decision.reply);
      const said = spokenReply(decision.reply ?? '');
      this.speak(`${said} ${CALLBACK_LINE} Goodbye.`.trim(), { receivedAt, afterwards: { reason: 'callback' } });
      return;
    }
    // The booking tool, as for texts (ai-turn.service.ts): the chosen time is booked, or the times offered are kept.
    if (prepared && decision.bookStart !== null) return this.book(prepared, decision.bookStart, receivedAt);
    let times: number[] = [];
    if (prepared) {
      const free = decision.offeredStarts.filter((start) => prepared.booking.slots.some((slot) => slot.start === start));
      this.offer = free.length > 0 ? { typeId: prepared.typeId, starts: free } : null;
      times = free.map((start) => minutesOfDay(start, ctx.timezone));
    }
    const reply = spokenReply(decision.reply ?? '', { promisesTime: decision.promisesTime, times });
    // Done when the lead is settled (or every required question answered) and the reply asks nothing more: a reply
    // that still asks (an optional question) waits for its answer.
    const settled = decision.lead === 'qualified' || decision.lead === 'booked' || decision.lead === 'disqualified' || decision.lead === 'spam' || this.requiredAnswered();
    const finished = settled && !reply.endsWith('?');
    if (finished) {
      this.speak(`${reply} ${GOODBYE_LINE}`.trim(), { receivedAt, afterwards: { reason: 'completed' } });
      return;
    }
    this.speak(reply || `${SORRY_LINE} ${this.nextQuestion() ?? 'Could you say that again?'}`, { receivedAt });
  }

  /** The booking tool's free times for what the caller said so far, or null (the company books nothing, no time fits). */
  private async prepareBooking(now: Date): Promise<PreparedBooking | null> {
    const ctx = this.ctx!;
    if (!ctx.books) return null;
    const contact = await findContactByPhone(this.deps.db, ctx.company.id, this.call.fromNumber);
    if (contact?.blockedAt) return null;
    const offer = this.offer;
    return this.deps.db.transaction((tx) => prepareBookingFor(tx, { company: ctx.company, contactId: contact?.id ?? null, answers: { ...this.answers }, summary: this.aiSummary, offer }, now));
  }

  /**
   * Books the time the caller chose (decision 0048, "Booking by phone"): in one transaction the caller becomes a client
   * through the one intake path (their client, thread and lead — the ones the after-call work joins), and the booking
   * tool books it (reminders queued; its confirmation goes with the call's one text). Said back with its time; a
   * time no longer free gets the two nearest others, and none at all a call back from the team.
   */
  private async book(prepared: PreparedBooking, start: number, receivedAt: number): Promise<void> {
    const ctx = this.ctx!;
    const number = ctx.number!;
    let outcome: BookingOutcome;
    try {
      outcome = await transactionWithEvents(this.deps, async (tx, events): Promise<BookingOutcome> => {
        const intake = await takeInquiry(tx, this.deps, events, {
          company: ctx.company,
          source: 'ai_call',
          person: { phone: this.call.fromNumber },
          businessNumber: number,
          message: null,
          lead: { summary: this.aiSummary ? truncate(this.aiSummary, 280, { ellipsis: false }) : null },
        });
        if (!intake.conversation || (CLOSED_LEAD_STATUSES as readonly string[]).includes(intake.lead.status)) return { booked: false, reason: 'The caller’s lead is closed: nothing was booked.', others: [] };
        const booked = await bookChosen(tx, this.deps, events, { company: ctx.company, contact: intake.contact, conversation: intake.conversation, lead: intake.lead, timezone: ctx.timezone }, prepared, start, { holdConfirmation: true });
        if (booked.booked) {
          await tx
            .update(voiceAgentCalls)
            .set({ appointmentId: booked.appointmentId, contactId: intake.contact.id, conversationId: intake.conversation.id, leadId: intake.lead.id, updatedAt: this.deps.clock.now() })
            .where(eq(voiceAgentCalls.id, this.call.id));
        }
        return booked;
      });
    } catch (error) {
      this.deps.logger.error({ err: error, agentCallId: this.call.id }, 'the assistant could not book the time a caller chose');
      outcome = { booked: false, reason: 'The booking failed.', others: [] };
    }
    if (this.closed || this.ended) return;
    if (outcome.booked) {
      this.offer = null;
      const said = spokenReply(`${bookedLine(prepared.booking.typeName, spokenSlot(outcome.start, ctx.timezone))} ${BOOKED_TEXT_LINE}`, { times: [minutesOfDay(outcome.start, ctx.timezone)] });
      this.speak(`${said} ${GOODBYE_LINE}`, { receivedAt, afterwards: { reason: 'completed' } });
      return;
    }
    const others = outcome.others;
    if (others.length === 0) {
      this.offer = null;
      this.speak(`${TAKEN_LINE} ${CALLBACK_LINE} Goodbye.`, { receivedAt, afterwards: { reason: 'callback' } });
      return;
    }
    this.offer = { typeId: prepared.typeId, starts: others.map((slot) => slot.start) };
    const times = spokenSlots(others.map((slot) => slot.start), ctx.timezone);
    this.speak(spokenReply(`${TAKEN_LINE} I can do ${times} instead. Which works?`, { times: others.map((slot) => minutesOfDay(slot.start, ctx.timezone)) }), { receivedAt });
  }

  /** An emergency (or a caller asking for a person): a short line, then `end` naming the transfer. No on-call number: a call back is promised. */
  private transfer(receivedAt: number, reply: string | null): void {
    const to = this.call.settings.onCallNumber;
    // The assistant's safety line ("If you smell gas, leave the house now…") comes first when it has one.
    const safety = reply ? (sentencesOf(spokenReply(reply))[0] ?? '') : '';
    const lead = safety || (this.handoffReason === 'emergency' ? URGENT_LINE : '');
    if (!to) {
      this.speak(`${lead} ${CALLBACK_LINE} Goodbye.`.trim(), { receivedAt, afterwards: { reason: 'callback' } });
      return;
    }
    this.speak(`${lead} ${TRANSFER_LINE}`.trim(), { receivedAt, afterwards: { reason: 'transfer', to } });
  }

  private async timeUp(receivedAt: number | null): Promise<void> {
    if (this.ended || this.closed || !this.ctx) return;
    const speaking = this.speaking;
    if (speaking) {
      speaking.abort.abort();
      this.finishSpeaking(speaking, speaking.sent.trim(), true);
    }
    this.speak(MAX_LENGTH_LINE, { receivedAt, afterwards: { reason: 'max_length' } });
  }

  // ── Speaking ───────────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Sends a reply as text tokens: its first sentence at once, each next one when about PACE of the one before has
   * been spoken. `afterwards`: the session ends (`end`) once the reply has been spoken — a transfer or the time limit
   * even if the caller talks over it; a goodbye only if they let it finish.
   */
  private speak(text: string, options: { receivedAt: number | null; afterwards?: RelayHandoffData }): void {
    const sentences = sentencesOf(text);
    const groups = sentences.map((sentence, i) => tokensOf(i < sentences.length - 1 ? `${sentence} ` : sentence));
    const total = groups.reduce((n, g) => n + g.length, 0);
    if (total === 0) {
      if (options.afterwards) void this.end(options.afterwards);
      return;
    }
    const line: AiTranscriptLine = { from: 'business', body: text, at: this.deps.clock.now().getTime() };
    this.transcript.push(line);
    const turn: Speaking = { seq: ++this.seq, text, sent: '', at: this.deps.clock.now(), latencyMs: null, abort: new AbortController(), finished: false, line };
    this.speaking = turn;
    let sentCount = 0;
    const sendGroup = (group: string[]) => {
      for (const token of group) {
        sentCount += 1;
        this.send({ type: 'text', token, last: sentCount === total });
        if (turn.latencyMs === null && options.receivedAt !== null) turn.latencyMs = Math.max(0, Math.round(this.runtime.monotonic() - options.receivedAt));
        turn.sent += token;
      }
    };
    sendGroup(groups[0]!);
    const rest = async () => {
      for (let i = 1; i < groups.length; i += 1) {
        await this.runtime.wait(speakingMs(groups[i - 1]!.join('')) * PACE, turn.abort.signal);
        if (turn.abort.signal.aborted || this.closed) break;
        sendGroup(groups[i]!);
      }
      if (!turn.abort.signal.aborted) {
        await this.runtime.wait(speakingMs(groups[groups.length - 1]!.join('')), turn.abort.signal);
        this.finishSpeaking(turn, null, false);
      }
      const after = options.afterwards;
      if (!after || this.closed) return;
      const mustEnd = after.reason === 'transfer' || after.reason === 'max_length' || after.reason === 'callback';
      if (!turn.abort.signal.aborted || mustEnd) await this.end(after);
    };
    const running = rest().catch((error: unknown) => this.deps.logger.error({ err: error, agentCallId: this.call.id }, 'voice agent reply failed'));
    this.background.add(running);
    void running.finally(() => this.background.delete(running));
  }

  private finishSpeaking(turn: Speaking, heard: string | null, interrupted: boolean): void {
    if (turn.finished) return;
    turn.finished = true;
    if (this.speaking === turn) this.speaking = null;
    // The assistant reads back what the caller heard, not what it meant to say.
    if (interrupted && heard !== null) turn.line.body = heard;
    this.addTurn({ seq: turn.seq, speaker: 'assistant', text: turn.text, heard: interrupted ? heard : null, interrupted, latencyMs: turn.latencyMs, at: turn.at });
  }

  /** `end`: stored first (the `<Connect>`'s action reads why, and where to transfer), then sent. */
  private async end(handoff: RelayHandoffData): Promise<void> {
    if (this.ended || this.closed) return;
    this.ended = true;
    this.cancelTimer?.();
    const endReason = handoff.reason === 'transfer' ? 'transfer' : handoff.reason;
    const changes = { endReason, transferTo: handoff.reason === 'transfer' ? (handoff.to ?? null) : null, handoffReason: this.handoffReason, answers: { ...this.answers }, aiSummary: this.aiSummary } as const;
    await this.write(() => this.update(changes));
    this.call = { ...this.call, ...changes };
    this.send({ type: 'end', handoffData: JSON.stringify(handoff) });
  }
}

/** Who the caller is, in words (the notification, the history). */
export function callerWords(contact: { firstName: string | null; lastName: string | null; phone: string | null } | null, from: string): string {
  return contact ? contactDisplayName(contact) : from;
}

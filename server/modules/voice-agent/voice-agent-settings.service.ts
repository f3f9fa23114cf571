import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_VOICE_AGENT_SETTINGS, type VoiceAgentSettingsValues } from '@contracts/voice-agent';
import { mergeTagProblem } from '@contracts/merge-tags';
import { aiCallPauseWords } from '@contracts/billing';
import { aiCallPauseCause } from '@server/modules/messaging/plan-gate';
import { isWithinBusinessHours } from '@contracts/call';
import { zonesForPhone } from '@contracts/send-window';
import type { DbOrTx } from '@server/platform/db/database';
import { companies, missedCallSettings, phoneNumbers, priceItems, voiceAgentSettings } from '@server/platform/db/schema';
import { AppError, invalidField } from '@server/platform/errors/app-error';
import type { CompanyScope } from '@server/platform/db/scope';
import type { AppServices } from '@server/platform/services';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { mayCallNow } from '@server/modules/team/managers';
import { ensureAiSettings } from '@server/modules/ai/ai-settings.service';
import { localClock } from '@server/modules/ai/ai-schedule';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import type { SaveAgentInput, SaveBasicInput, SaveFollowUpsInput } from './voice-agent.schema';

type SettingsRow = typeof voiceAgentSettings.$inferSelect;

function valuesOf(row: SettingsRow): VoiceAgentSettingsValues {
  const { companyId: _c, version: _v, updatedAt: _u, ...values } = row;
  return values;
}

/** A company's AI call answering settings and their version (0: never saved, the defaults). */
export async function voiceAgentSettingsOf(executor: DbOrTx, companyId: string): Promise<{ values: VoiceAgentSettingsValues; version: number }> {
  const [row] = await executor.select().from(voiceAgentSettings).where(eq(voiceAgentSettings.companyId, companyId)).limit(1);
  return row ? { values: valuesOf(row), version: row.version } : { values: structuredClone(DEFAULT_VOICE_AGENT_SETTINGS), version: 0 };
}

const toMinutes = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/**
 * Whether the assistant answers a call arriving at `now`, by the hours setting: always, outside or inside the
 * company's business hours (Settings → Company, in its zone), or inside one of its weekly windows (an end before its
 * start runs past midnight into the next day). Read from the wall clock each time, so a DST change moves nothing.
 */
export function answersAt(settings: Pick<VoiceAgentSettingsValues, 'hours' | 'windows'>, company: { hours: Parameters<typeof isWithinBusinessHours>[1]; timezone: string }, now: Date): boolean {
  switch (settings.hours) {
    case 'always':
      return true;
    case 'business_hours':
      return isWithinBusinessHours(now.getTime(), company.hours, company.timezone);
    case 'outside_business_hours':
      return !isWithinBusinessHours(now.getTime(), company.hours, company.timezone);
    case 'custom': {
      const here = localClock(now, company.timezone);
      return settings.windows.some((w) => {
        const start = toMinutes(w.start);
        const end = toMinutes(w.end);
        if (end > start) return here.day === w.day && here.minutes >= start && here.minutes < end;
        return (here.day === w.day && here.minutes >= start) || (here.day === (w.day + 1) % 7 && here.minutes < end);
      });
    }
  }
}

/** What stands in the way of answering calls with the assistant now, in the owner's words (empty: ready). */
async function problemsOf(scope: Pick<CompanyScope, 'db' | 'companyId'>, deps: Pick<AppServices, 'secrets' | 'planLimits'>, values: VoiceAgentSettingsValues, assistantQuestions: number): Promise<string[]> {
  const problems: string[] = [];
  const number = await activeNumberOf(scope.db, scope.companyId);
  if (!number) problems.push('Get a business number (or use the test number) in Settings → Phone: calls to it are what the assistant answers.');
  if (!deps.secrets) problems.push('The server has no SECRETS_KEY, which signs each call’s private connection to the assistant: set it (the same on every instance).');
  if ((values.questions?.length ?? assistantQuestions) === 0) problems.push('Add at least one intake question (here, or in Settings → AI).');
  if (values.answerMode === 'ring_first' && !(await forwardToOf(scope.db, scope.companyId))) {
    problems.push('“Ring my phone first” needs the phone to ring: set it in Missed calls → Basic (Forward calls to). Until then the assistant answers at once.');
  }
  return problems;
}

async function forwardToOf(executor: DbOrTx, companyId: string): Promise<string | null> {
  const [row] = await executor.select({ forwardTo: missedCallSettings.forwardTo, routingMode: missedCallSettings.routingMode }).from(missedCallSettings).where(eq(missedCallSettings.companyId, companyId)).limit(1);
  return row?.routingMode === 'ring_then_voicemail' ? (row.forwardTo ?? null) : null;
}

/**
 * What the /ai-call-answering tabs show: the settings and their version, whether the caller may save, whether the
 * assistant would answer a call now (and why not), what it knows (the shared facts, FAQ and approved price book of
 * Settings → AI: one assistant for texts and calls), and the assistant's own questions (the default for calls).
 */
export async function getVoiceAgentSettings(scope: Pick<CompanyScope, 'db' | 'companyId' | 'userId' | 'now'>, deps: Pick<AppServices, 'secrets' | 'planLimits'>) {
  const { values, version } = await voiceAgentSettingsOf(scope.db, scope.companyId);
  const ai = await ensureAiSettings(scope.db, scope.companyId, scope.now);
  const [company] = await scope.db.select({ name: companies.name, hours: companies.hours, timezone: companies.timezone }).from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  const number = await activeNumberOf(scope.db, scope.companyId);
  const timezone = company?.timezone ?? (number ? zonesForPhone(number.e164)[0] : undefined) ?? 'America/New_York';
  const [prices] = await scope.db
    .select({ count: sql<number>`count(*)::int` })
    .from(priceItems)
    .where(and(eq(priceItems.companyId, scope.companyId), eq(priceItems.status, 'approved')));
  const problems = await problemsOf(scope, deps, values, ai.questions.length);
  const inHours = answersAt(values, { hours: company?.hours ?? null, timezone }, scope.now);
  const planPause = deps.planLimits !== 'off' ? await aiCallPauseCause(scope.db, scope.companyId, scope.now) : null;
  return {
    ...values,
    version,
    canEdit: await mayCallNow(scope.db, scope, 'voiceAgent.settings.saveBasic'),
    defaults: DEFAULT_VOICE_AGENT_SETTINGS,
    timezone,
    businessHours: company?.hours ?? null,
    /** The name the greeting and the texts say ({business_name}). */
    businessName: company?.name ?? '',
    businessNumber: number?.e164 ?? null,
    /** The phone "ring my phone first" rings (Missed calls → Basic), or null. */
    forwardTo: await forwardToOf(scope.db, scope.companyId),
    problems,
    now: {
      answering: values.enabled && inHours && !planPause && problems.filter((p) => !p.startsWith('“Ring my phone first”')).length === 0,
      why: !values.enabled
        ? 'AI call answering is off'
        : planPause
          ? aiCallPauseWords(planPause)
          : !inHours
            ? 'Outside the hours the assistant answers'
            : problems.length
              ? 'Not ready: see what is missing'
              : 'The assistant answers calls now',
    },
    knowledge: {
      assistantName: ai.assistantName,
      facts: ai.facts,
      services: ai.services,
      faqCount: ai.faq.length,
      approvedPriceItems: prices?.count ?? 0,
      pricingPolicy: ai.pricingPolicy,
      assistantQuestions: ai.questions,
    },
  };
}

/** A text the caller hears or receives: known merge tags only (refused under its own field). */
function assertTags(field: string, text: string) {
  const problem = mergeTagProblem(text);
  if (problem) throw invalidField(field, problem);
}

/**
 * One tab's save: the version it read must still be the current one (CONFLICT over a newer save), in one
 * transaction with its audit entry. Returns the settings as `get` shows them.
 */
async function save(scope: CompanyScope, deps: Pick<AppServices, 'secrets' | 'planLimits'>, expectedVersion: number, changes: Partial<VoiceAgentSettingsValues>, check: (next: VoiceAgentSettingsValues, tx: DbOrTx) => Promise<void>) {
  await scope.db.transaction(async (tx) => {
    const [current] = await tx.select().from(voiceAgentSettings).where(eq(voiceAgentSettings.companyId, scope.companyId)).for('update').limit(1);
    const version = current?.version ?? 0;
    if (version !== expectedVersion) throw new AppError('CONFLICT', 'Someone else saved the call answering settings after you opened them. Reload to see their changes.');
    const next = { ...(current ? valuesOf(current) : structuredClone(DEFAULT_VOICE_AGENT_SETTINGS)), ...changes };
    await check(next, tx);
    await tx
      .insert(voiceAgentSettings)
      .values({ companyId: scope.companyId, ...next, version: version + 1, updatedAt: scope.now })
      .onConflictDoUpdate({ target: voiceAgentSettings.companyId, set: { ...next, version: version + 1, updatedAt: scope.now } });
    await writeUserAudit(tx, scope, { action: 'voice_agent.settings_updated', targetType: 'company', targetId: scope.companyId, metadata: { fields: Object.keys(changes), version: version + 1 } });
  });
  return getVoiceAgentSettings(scope, deps);
}

export async function saveBasic(scope: CompanyScope, deps: Pick<AppServices, 'secrets' | 'planLimits'>, input: SaveBasicInput) {
  const { expectedVersion, ...changes } = input;
  assertTags('greeting', changes.greeting);
  assertTags('recordingDisclosure', changes.recordingDisclosure);
  if (changes.hours === 'custom' && changes.windows.length === 0) throw invalidField('windows', 'Add at least one time window, or choose another option for the hours.');
  return save(scope, deps, expectedVersion, changes, async (next, tx) => {
    if (!next.enabled) return;
    const ai = await ensureAiSettings(tx, scope.companyId, scope.now);
    if ((next.questions?.length ?? ai.questions.length) === 0) throw invalidField('enabled', 'Add at least one intake question (Agent tab, or Settings → AI) before turning call answering on.');
  });
}

export async function saveAgent(scope: CompanyScope, deps: Pick<AppServices, 'secrets' | 'planLimits'>, input: SaveAgentInput) {
  const { expectedVersion, ...changes } = input;
  return save(scope, deps, expectedVersion, changes, async (next, tx) => {
    if (next.onCallNumber) {
      const [own] = await tx
        .select({ id: phoneNumbers.id })
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.companyId, scope.companyId), eq(phoneNumbers.e164, next.onCallNumber), eq(phoneNumbers.status, 'active')))
        .limit(1);
      if (own) throw invalidField('onCallNumber', 'Transfer to a person’s phone, not to your LeadLoop number (the call would come back to the assistant).');
    }
  });
}

export async function saveFollowUps(scope: CompanyScope, deps: Pick<AppServices, 'secrets' | 'planLimits'>, input: SaveFollowUpsInput) {
  const { expectedVersion, ...followUps } = input;
  for (const [outcome, text] of Object.entries(followUps.templates)) {
    if (!text) continue;
    assertTags(`templates.${outcome}`, text);
    if (!/\{business_name\}/i.test(text)) throw invalidField(`templates.${outcome}`, 'The text must say who is texting: include {business_name}.');
  }
  return save(scope, deps, expectedVersion, { followUps }, async () => {});
}

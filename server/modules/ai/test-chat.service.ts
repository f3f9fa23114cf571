import { and, eq } from 'drizzle-orm';
import { zonesForPhone } from '@contracts/send-window';
import { companies, priceItems } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import type { AppServices } from '@server/platform/services';
import { renderMergeTags } from '@server/modules/messaging/merge-tags';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import { applyTriggers, buildTurnInput, holdReason, toPriceItem } from './ai-policy';
import { ensureAiSettings, settingsValues } from './ai-settings.service';

/** The test chat (Settings → AI): the same input and port as a real turn, a sandbox contact, nothing stored or texted. */
export async function testChat(scope: CompanyScope, messaging: AppServices, input: { transcript: Array<{ from: 'contact' | 'business'; body: string }>; answers: Record<string, string> }) {
  const row = await ensureAiSettings(scope.db, scope.companyId, scope.now);
  const [company] = await scope.db.select().from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  const number = await activeNumberOf(scope.db, scope.companyId);
  const approved = await scope.db.select().from(priceItems).where(and(eq(priceItems.companyId, scope.companyId), eq(priceItems.status, 'approved')));
  const settings = settingsValues(row);
  // The person's texts since the business last spoke are what this turn answers.
  const lastBusiness = input.transcript.map((l) => l.from).lastIndexOf('business');
  const newMessages = input.transcript.slice(lastBusiness + 1).map((l) => l.body);
  const turn = buildTurnInput({
    // The sandbox person has no name: merge tags fill as they would for an unnamed client.
    settings: { ...settings, disqualifyMessage: renderMergeTags(settings.disqualifyMessage, { contact: { firstName: null, lastName: null }, businessName: company?.name ?? '', businessPhone: number?.e164 ?? null, senderFirstName: company?.name ?? '' }) },
    business: { name: company?.name ?? 'Your business', timezone: company?.timezone ?? (number ? zonesForPhone(number.e164)[0] : undefined) ?? 'America/New_York' },
    approved: approved.map(toPriceItem),
    questions: settings.questions,
    answers: input.answers,
    transcript: input.transcript.map((l, i) => ({ ...l, at: scope.now.getTime() - (input.transcript.length - i) * 1000 })),
    newMessages,
    repliesToday: input.transcript.filter((l) => l.from === 'business').length,
    confusedTurns: 0,
    now: scope.now,
  });
  const started = Date.now();
  const decision = applyTriggers(await messaging.ai.decide(turn), settings.handoff);
  return {
    decision: { ...decision },
    held: settings.approvalMode && decision.reply ? holdReason(decision) : null,
    latencyMs: Date.now() - started,
    adapter: messaging.ai.kind,
  };
}

import { AI_TURN_ACTION_WORDS, type AiTurnAction } from '@contracts/ai';
import { FLOW_STOP_REASON_WORDS, type FlowRunStatus } from '@contracts/flows';
import { MESSAGE_STATUS_WORDS } from '@contracts/message';
import { formatPhone } from '@contracts/phone';
import type { CompanyScope } from '@server/platform/db/scope';
import { collect, companyTimeZone, type CsvExport, csvText, localDay, localStamp } from '@server/platform/lib/csv';
import { listTurns } from '@server/modules/ai/decision-log.service';
import { listFlowRuns } from '@server/modules/flows/flow-runs.service';
import { type AuditFilters, listAuditLog } from './audit-log.service';
import { messageLog, type MessageStatus } from './message-log.service';

/**
 * Logs → each log as a CSV file (issue 25 item 5): the rows the screen's filters select (up to 10,000, newest
 * first), read through the same services as the screen so a filter means the same thing in both, with every time
 * in the company's own zone and the zone named in the header (decision 0043).
 */

const PAGE = 100;


const DIRECTION_WORDS = { inbound: 'Received', outbound: 'Sent' } as const;
const RUN_STATUS_WORDS: Record<FlowRunStatus, string> = { active: 'Running', completed: 'Finished', stopped: 'Stopped', failed: 'Failed' };

export interface MessageExportFilters {
  status?: MessageStatus[] | undefined;
  direction?: 'inbound' | 'outbound' | undefined;
  search?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export async function exportMessagesCsv(scope: CompanyScope, filters: MessageExportFilters): Promise<CsvExport> {
  const zone = await companyTimeZone(scope.db, scope.companyId);
  const rows = await collect(1, async (page) => {
    const result = await messageLog(scope, { ...filters, page, pageSize: PAGE });
    return { items: result.items, next: page * PAGE < result.total ? page + 1 : null };
  });
  const header = [`Time (${zone})`, 'Direction', 'Client', 'From', 'To', 'Author', 'Text', 'Status', 'Problem', `Sent (${zone})`, `Delivered (${zone})`];
  const lines = rows.map((m) => [
    localStamp(new Date(m.createdAt), zone),
    DIRECTION_WORDS[m.direction],
    m.contact.name,
    formatPhone(m.from),
    formatPhone(m.to),
    m.author,
    m.body,
    MESSAGE_STATUS_WORDS[m.status],
    m.problem,
    m.sentAt ? localStamp(new Date(m.sentAt), zone) : null,
    m.deliveredAt ? localStamp(new Date(m.deliveredAt), zone) : null,
  ]);
  return { filename: `leadloop-messages-${localDay(scope.now, zone)}.csv`, csv: csvText(header, lines), count: rows.length };
}

export async function exportAuditCsv(scope: CompanyScope, filters: AuditFilters): Promise<CsvExport> {
  const zone = await companyTimeZone(scope.db, scope.companyId);
  const rows = await collect<Awaited<ReturnType<typeof listAuditLog>>['items'][number], string | undefined>(undefined, async (cursor) => {
    const result = await listAuditLog(scope, { ...filters, limit: PAGE, ...(cursor ? { cursor } : {}) });
    return { items: result.items, next: result.nextCursor };
  });
  const header = [`Time (${zone})`, 'Who', 'What', 'Details', 'Action'];
  const lines = rows.map((row) => [localStamp(new Date(row.at), zone), row.actor, row.what, row.detail, row.action]);
  return { filename: `leadloop-audit-log-${localDay(scope.now, zone)}.csv`, csv: csvText(header, lines), count: rows.length };
}

export async function exportAiDecisionsCsv(scope: CompanyScope, filters: { action?: AiTurnAction | undefined; from?: number | undefined }): Promise<CsvExport> {
  const zone = await companyTimeZone(scope.db, scope.companyId);
  const rows = await collect<Awaited<ReturnType<typeof listTurns>>['items'][number], number | undefined>(undefined, async (before) => {
    const result = await listTurns(scope, { ...filters, limit: PAGE, ...(before ? { before } : {}) });
    return { items: result.items, next: result.nextBefore ?? null };
  });
  const header = [`Time (${zone})`, 'Client', 'Decision', 'They wrote', 'Reply', 'Why', 'Model', 'Fallback', 'Time taken (ms)', 'Tokens'];
  const lines = rows.map((turn) => [
    localStamp(new Date(turn.createdAt), zone),
    turn.contact.name,
    AI_TURN_ACTION_WORDS[turn.action],
    turn.newMessages.join('\n'),
    turn.reply,
    turn.reasons.join('; '),
    turn.model,
    turn.fallback ? 'yes' : 'no',
    turn.latencyMs,
    turn.tokens ? turn.tokens.prompt + turn.tokens.completion : null,
  ]);
  return { filename: `leadloop-ai-decisions-${localDay(scope.now, zone)}.csv`, csv: csvText(header, lines), count: rows.length };
}

export async function exportFlowRunsCsv(scope: CompanyScope, filters: { status?: FlowRunStatus | undefined; flowId?: string | undefined; search?: string | undefined }): Promise<CsvExport> {
  const zone = await companyTimeZone(scope.db, scope.companyId);
  const rows = await collect<Awaited<ReturnType<typeof listFlowRuns>>['items'][number], string | undefined>(undefined, async (cursor) => {
    const result = await listFlowRuns(scope, { ...filters, limit: PAGE, ...(cursor ? { cursor } : {}) });
    return { items: result.items, next: result.nextCursor };
  });
  const header = [`Started (${zone})`, 'Flow', 'Client', 'Phone', 'Outcome', 'Why it stopped', `Ended (${zone})`, 'Test phone'];
  const lines = rows.map((run) => [
    localStamp(new Date(run.startedAt), zone),
    run.flowName,
    run.contactName,
    run.phone ? formatPhone(run.phone) : null,
    RUN_STATUS_WORDS[run.status],
    run.stopReason ? FLOW_STOP_REASON_WORDS[run.stopReason] : null,
    run.endedAt ? localStamp(new Date(run.endedAt), zone) : null,
    run.test ? 'yes' : 'no',
  ]);
  return { filename: `leadloop-flow-runs-${localDay(scope.now, zone)}.csv`, csv: csvText(header, lines), count: rows.length };
}

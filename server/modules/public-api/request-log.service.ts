import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@server/platform/db/database';
import { apiRequests } from '@server/platform/db/schema';
import { afterCursor, keysetPage } from '@server/platform/db/keyset';
import type { CompanyScope } from '@server/platform/db/scope';
import { collect, companyTimeZone, type CsvExport, csvText, localDay, localStamp } from '@server/platform/lib/csv';

export interface ApiRequestLine {
  companyId: string;
  apiKeyId: string;
  keyPrefix: string;
  keyName: string;
  method: string;
  route: string;
  status: number;
  latencyMs: number;
  ip: string | null;
  requestId: string | null;
  at: Date;
}

/** One line per request made with a known key, written after the answer (the caller never waits for it). */
export async function logApiRequest(db: DbOrTx, line: ApiRequestLine): Promise<void> {
  await db.insert(apiRequests).values({
    companyId: line.companyId,
    apiKeyId: line.apiKeyId,
    keyPrefix: line.keyPrefix,
    keyName: line.keyName,
    method: line.method,
    route: line.route,
    status: line.status,
    latencyMs: Math.max(0, Math.round(line.latencyMs)),
    ip: line.ip,
    requestId: line.requestId,
    createdAt: line.at,
  });
}

export const API_REQUEST_OUTCOMES = ['success', 'client_error', 'server_error'] as const;

/** /logs → API requests: newest first, keyset pages, by key and by outcome. The owner and admins read it. */
export async function listApiRequests(
  scope: CompanyScope,
  input: { apiKeyId?: string | undefined; outcome?: (typeof API_REQUEST_OUTCOMES)[number] | undefined; cursor?: string | undefined; limit: number },
) {
  const where: SQL[] = [eq(apiRequests.companyId, scope.companyId)];
  if (input.apiKeyId) where.push(eq(apiRequests.apiKeyId, input.apiKeyId));
  if (input.outcome === 'success') where.push(lt(apiRequests.status, 400));
  if (input.outcome === 'client_error') where.push(gte(apiRequests.status, 400), lt(apiRequests.status, 500));
  if (input.outcome === 'server_error') where.push(gte(apiRequests.status, 500));
  where.push(...afterCursor(input.cursor, apiRequests.createdAt, apiRequests.id));
  const rows = await scope.db
    .select()
    .from(apiRequests)
    .where(and(...where))
    .orderBy(desc(apiRequests.createdAt), desc(apiRequests.id))
    .limit(input.limit + 1);
  const { page, nextCursor } = keysetPage(rows, input.limit, (row) => ({ at: row.createdAt.getTime(), id: row.id }));
  return {
    items: page.map((row) => ({
      id: row.id,
      at: row.createdAt.getTime(),
      key: `${row.keyName} (${row.keyPrefix}…)`,
      method: row.method,
      route: row.route,
      status: row.status,
      latencyMs: row.latencyMs,
      ip: row.ip,
      requestId: row.requestId,
    })),
    nextCursor,
  };
}

/** /logs → API requests as CSV, times in the company's zone (named in the header), with the list's filters. */
export async function exportApiRequestsCsv(scope: CompanyScope, input: { apiKeyId?: string | undefined; outcome?: (typeof API_REQUEST_OUTCOMES)[number] | undefined }): Promise<CsvExport> {
  const zone = await companyTimeZone(scope.db, scope.companyId);
  const kept = await collect<Awaited<ReturnType<typeof listApiRequests>>['items'][number], string | undefined>(undefined, async (cursor) => {
    const page = await listApiRequests(scope, { ...input, limit: 100, ...(cursor ? { cursor } : {}) });
    return { items: page.items, next: page.nextCursor };
  });
  const header = [`Time (${zone})`, 'Key', 'Method', 'Route', 'Status', 'Time taken (ms)', 'IP', 'Request id'];
  const lines = kept.map((row) => [localStamp(new Date(row.at), zone), row.key, row.method, row.route, row.status, row.latencyMs, row.ip, row.requestId]);
  return { filename: `leadloop-api-requests-${localDay(scope.now, zone)}.csv`, csv: csvText(header, lines), count: kept.length };
}

export async function pruneApiRequests(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(apiRequests).where(lt(apiRequests.createdAt, before));
}

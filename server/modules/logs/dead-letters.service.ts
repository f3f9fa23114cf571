import { and, desc, eq, sql } from 'drizzle-orm';
import { jobKindWords } from '@contracts/jobs';
import { truncate } from '@contracts/text';
import { jobs } from '@server/platform/db/schema';
import { notFound } from '@server/platform/errors/app-error';
import type { CompanyScope } from '@server/platform/db/scope';
import { writeUserAudit } from '@server/modules/audit/audit.service';

/** Error text that reads like an internal (SQL, a stack, a file path): shown as a pointer to the log instead. */
const INTERNAL = /\b(select|insert|update|delete)\b.*\b(from|into|set)\b|violates|syntax error|\bat [\w.<>]+ \(|\/[\w.-]+\/[\w.-]+\.(ts|js)|node_modules/i;

/** What went wrong, in words a person may read: the job's own message, or where to find it in the log. */
function problemOf(job: { id: string; lastError: string | null }): string {
  const firstLine = (job.lastError ?? '').split('\n')[0]!.trim();
  if (!firstLine) return 'It failed without a message.';
  if (INTERNAL.test(firstLine)) return `An internal error; the server log has the details under job ${job.id}.`;
  return truncate(firstLine, 300);
}

/**
 * The dead-letter list: the company's background work that failed for good (every attempt used, or refused as
 * unfixable), newest first, with its error — so nothing fails silently. Each can be tried again.
 */
export async function listDeadLetters(scope: CompanyScope, input: { page: number; pageSize: number }) {
  const where = and(eq(jobs.companyId, scope.companyId), eq(jobs.status, 'failed'));
  const [count] = await scope.db.select({ total: sql<number>`count(*)::int` }).from(jobs).where(where);
  const rows = await scope.db
    .select({ id: jobs.id, queue: jobs.queue, attempts: jobs.attempts, lastError: jobs.lastError, createdAt: jobs.createdAt, finishedAt: jobs.finishedAt })
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.finishedAt), desc(jobs.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    total: count?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      kind: jobKindWords(row.queue),
      attempts: row.attempts,
      problem: problemOf(row),
      createdAt: row.createdAt.getTime(),
      failedAt: row.finishedAt?.getTime() ?? null,
    })),
  };
}

/** Puts a failed job of the caller's company back in the queue with fresh attempts (audited). */
export async function retryDeadLetter(scope: CompanyScope, queue: { wake(): void }, id: string) {
  const retried = await scope.db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ status: 'pending', attempts: 0, runAt: scope.now, lockedUntil: null, finishedAt: null, updatedAt: scope.now })
      .where(and(eq(jobs.id, id), eq(jobs.companyId, scope.companyId), eq(jobs.status, 'failed')))
      .returning({ id: jobs.id, queue: jobs.queue });
    if (!row) throw notFound('Failed task');
    await writeUserAudit(tx, scope, { action: 'job.retried', targetType: 'job', targetId: row.id, metadata: { kind: row.queue } });
    return row;
  });
  queue.wake();
  return { id: retried.id, status: 'pending' as const };
}

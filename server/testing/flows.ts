import { and, eq } from 'drizzle-orm';
import type { FlowGraph } from '@contracts/flows';
import { flows, flowVersions, messages } from '@server/platform/db/schema';
import type { TestBusiness } from './business';

/** A published custom flow written straight into the tables (a new flow, or a new version of `existing`). */
export async function publishTestFlow(s: TestBusiness, graph: FlowGraph, status: 'active' | 'paused' = 'active', existing?: string): Promise<string> {
  const now = s.deps.clock.now();
  const flowId =
    existing ??
    (await s.deps.db.insert(flows).values({ companyId: s.companyId, kind: 'custom', name: 'New SMS lead', status, createdAt: now, updatedAt: now }).returning({ id: flows.id }))[0]!.id;
  const count = (await s.deps.db.select().from(flowVersions).where(eq(flowVersions.flowId, flowId))).length;
  const [version] = await s.deps.db.insert(flowVersions).values({ companyId: s.companyId, flowId, number: count + 1, graph, createdAt: now }).returning({ id: flowVersions.id });
  await s.deps.db.update(flows).set({ publishedVersionId: version!.id, status }).where(eq(flows.id, flowId));
  return flowId;
}

/** The bodies of the texts flows sent this company, oldest first. */
export async function flowTexts(s: TestBusiness): Promise<string[]> {
  return (await s.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.author, 'flow'))).orderBy(messages.seq)).map((m) => m.body);
}

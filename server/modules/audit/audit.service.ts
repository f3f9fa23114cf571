import type { DbOrTx } from '@server/platform/db/database';
import { auditLog } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';

export interface AuditEntry {
  companyId: string;
  actorUserId: string | null;
  actorKind: 'user' | 'support' | 'system';
  action: string;
  targetType?: string;
  targetId?: string;
  metadata?: Record<string, unknown>;
  ip?: string | null;
  at: Date;
}

/** Who did what: written in the same transaction as the change it describes. */
export async function writeAudit(executor: DbOrTx, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    companyId: entry.companyId,
    actorUserId: entry.actorUserId,
    actorKind: entry.actorKind,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    metadata: entry.metadata ?? null,
    ip: entry.ip ?? null,
    createdAt: entry.at,
  });
}

/** An audit entry for a change a signed-in user made through a company-scoped service. */
export function writeUserAudit(
  executor: DbOrTx,
  scope: Pick<CompanyScope, 'companyId' | 'userId' | 'ip' | 'now'>,
  entry: Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'metadata'>,
): Promise<void> {
  return writeAudit(executor, { ...entry, companyId: scope.companyId, actorUserId: scope.userId, actorKind: 'user', ip: scope.ip, at: scope.now });
}

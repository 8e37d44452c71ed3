import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { earnTermsApprovals } from './schema';

/** All SQL of the earn area; every statement is filtered by the caller's workspace. */

export async function approvedProviderIds(db: Db, workspaceId: string): Promise<Set<string>> {
  const rows = await db.select({ providerId: earnTermsApprovals.providerId }).from(earnTermsApprovals).where(eq(earnTermsApprovals.workspaceId, workspaceId));
  return new Set(rows.map((r) => r.providerId));
}

/** True when this call recorded the approval, false when the workspace had approved already. */
export async function recordApproval(db: Db, workspaceId: string, providerId: string, by: { id: string; name: string }, now: number): Promise<boolean> {
  const rows = await db
    .insert(earnTermsApprovals)
    .values({ workspaceId, providerId, approvedAt: now, approvedById: by.id, approvedByName: by.name })
    .onConflictDoNothing()
    .returning({ providerId: earnTermsApprovals.providerId });
  return rows.length > 0;
}

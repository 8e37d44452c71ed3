import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ScreeningConfigurationState } from '../../../contract/screening';
import type { TravelRuleIntegration, TravelRuleMessage, TrmDirection, TrmStatus } from '../../../contract/travel-rule';
import type { Db } from '../../db/client';
import { recordChange } from '../live/record';
import { screeningConfigurations, trIntegrations, trMessages } from './schema';

/** All SQL of the compliance area. Every statement is filtered by the caller's workspace. */

export type TrmRow = typeof trMessages.$inferSelect;
export type NewTrm = Omit<typeof trMessages.$inferInsert, 'id'> & { id?: string };

const toIntegration = (row: typeof trIntegrations.$inferSelect): TravelRuleIntegration => ({
  customerIntegrationId: row.id,
  vaspId: row.vaspId,
  createdAt: row.createdAt,
});

export async function integrationOfWorkspace(db: Db, workspaceId: string): Promise<TravelRuleIntegration | undefined> {
  const [row] = await db.select().from(trIntegrations).where(eq(trIntegrations.workspaceId, workspaceId));
  return row && toIntegration(row);
}

export async function getIntegration(db: Db, workspaceId: string, id: string): Promise<TravelRuleIntegration | undefined> {
  const [row] = await db
    .select()
    .from(trIntegrations)
    .where(and(eq(trIntegrations.workspaceId, workspaceId), eq(trIntegrations.id, id)));
  return row && toIntegration(row);
}

/** Undefined when the workspace already has one (one integration per workspace). */
export async function insertIntegration(db: Db, workspaceId: string, vaspId: string, now: number): Promise<TravelRuleIntegration | undefined> {
  const [row] = await db.insert(trIntegrations).values({ workspaceId, vaspId, createdAt: now }).onConflictDoNothing().returning();
  return row && toIntegration(row);
}

export function toMessage(row: TrmRow): TravelRuleMessage {
  return {
    id: row.id,
    externalId: row.externalId,
    asset: row.asset,
    amount: row.amount,
    direction: row.direction,
    txnInfo: { originatorWalletAddress: row.originatorWalletAddress, beneficiaryWalletAddress: row.beneficiaryWalletAddress, txHash: row.txHash },
    ivms101: { version: row.ivmsVersion, data: row.ivmsData, filledFields: row.filledFields },
    version: row.version,
    status: row.status,
    reason: row.reason,
    ...(row.fiatAmount !== null && row.fiatCurrency !== null ? { fiatValue: { amount: row.fiatAmount, currency: row.fiatCurrency } } : {}),
    originatorVaspId: row.originatorVaspId,
    beneficiaryVaspId: row.beneficiaryVaspId,
    ...(row.providerData ? { providerData: row.providerData as TravelRuleMessage['providerData'] } : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Undefined when the external id is taken within the integration. */
export async function insertMessage(db: Db, values: NewTrm): Promise<TrmRow | undefined> {
  const [row] = await db.insert(trMessages).values(values).onConflictDoNothing().returning();
  if (row) await recordChange(db, { workspaceId: row.workspaceId, kind: 'travelRule', id: row.id, status: row.status });
  return row;
}

const messageScope = (workspaceId: string, integrationId: string, id: string) =>
  and(eq(trMessages.workspaceId, workspaceId), eq(trMessages.integrationId, integrationId), eq(trMessages.id, id));

export async function getMessage(db: Db, workspaceId: string, integrationId: string, id: string): Promise<TrmRow | undefined> {
  const [row] = await db
    .select()
    .from(trMessages)
    .where(messageScope(workspaceId, integrationId, id));
  return row;
}

/** The message, locked until the transaction ends, so two resolutions of one action run one after the other. */
export async function lockMessage(tx: Db, workspaceId: string, integrationId: string, id: string): Promise<TrmRow | undefined> {
  const [row] = await tx
    .select()
    .from(trMessages)
    .where(messageScope(workspaceId, integrationId, id))
    .for('update');
  return row;
}

export async function updateMessage(
  tx: Db,
  workspaceId: string,
  integrationId: string,
  id: string,
  change: Pick<TrmRow, 'status' | 'reason' | 'ivmsVersion' | 'ivmsData' | 'filledFields' | 'version' | 'updatedAt'>,
): Promise<TrmRow> {
  const [row] = await tx
    .update(trMessages)
    .set(change)
    .where(messageScope(workspaceId, integrationId, id))
    .returning();
  if (!row) throw new Error('the locked message disappeared');
  await recordChange(tx, { workspaceId, kind: 'travelRule', id, status: row.status });
  return row;
}

export interface MessageFilter {
  workspaceId: string;
  integrationId: string;
  status?: TrmStatus;
  direction?: TrmDirection;
}

/** Newest first, keyset-paginated on (created_at, id): never OFFSET. */
export async function listMessages(db: Db, f: MessageFilter, pageSize: number, after?: { t: number; i: string }) {
  const where: SQL[] = [eq(trMessages.workspaceId, f.workspaceId), eq(trMessages.integrationId, f.integrationId)];
  if (f.status) where.push(eq(trMessages.status, f.status));
  if (f.direction) where.push(eq(trMessages.direction, f.direction));
  if (after) where.push(sql`(${trMessages.createdAt}, ${trMessages.id}) < (${after.t}, ${after.i}::uuid)`);
  const rows = await db
    .select()
    .from(trMessages)
    .where(and(...where))
    .orderBy(desc(trMessages.createdAt), desc(trMessages.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return { rows: page, more: rows.length > pageSize, last: last && { t: last.createdAt, i: last.id } };
}

export const SCREENING_DEFAULTS = { disableBypass: false, disableUnfreeze: false } as const;

export async function getScreening(db: Db, workspaceId: string, lock = false): Promise<ScreeningConfigurationState> {
  const query = db.select().from(screeningConfigurations).where(eq(screeningConfigurations.workspaceId, workspaceId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return { ...SCREENING_DEFAULTS, updatedAt: null, updatedBy: null };
  // A row is made unchanged only to be locked; until it is updated the defaults apply.
  return {
    disableBypass: row.disableBypass,
    disableUnfreeze: row.disableUnfreeze,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedById && row.updatedByName ? { id: row.updatedById, name: row.updatedByName } : null,
  };
}

/** Makes sure the workspace has a row to lock, so concurrent changes are applied one after the other. */
export async function ensureScreeningRow(tx: Db, workspaceId: string): Promise<void> {
  await tx
    .insert(screeningConfigurations)
    .values({ workspaceId, ...SCREENING_DEFAULTS, updatedAt: null })
    .onConflictDoNothing();
}

export async function setScreening(
  tx: Db,
  workspaceId: string,
  values: { disableBypass: boolean; disableUnfreeze: boolean },
  by: { id: string; name: string } | null,
  now: number,
): Promise<void> {
  const row = { ...values, updatedAt: now, updatedById: by?.id ?? null, updatedByName: by?.name ?? null };
  await tx
    .insert(screeningConfigurations)
    .values({ workspaceId, ...row })
    .onConflictDoUpdate({ target: screeningConfigurations.workspaceId, set: row });
  await recordChange(tx, { workspaceId, kind: 'screening', id: workspaceId });
}

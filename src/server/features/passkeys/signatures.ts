import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passkeySignatures } from './schema';

/** Which passkey signed each decision, keyed `requestId:userId`. */
export async function decisionPasskeys(db: Db, requestIds: string[]): Promise<Map<string, { credentialId: string; name: string }>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select({
      requestId: passkeySignatures.requestId,
      userId: passkeySignatures.userId,
      credentialId: passkeySignatures.credentialId,
      name: passkeySignatures.passkeyName,
    })
    .from(passkeySignatures)
    .where(inArray(passkeySignatures.requestId, requestIds));
  return new Map(rows.map((r) => [`${r.requestId}:${r.userId}`, { credentialId: r.credentialId, name: r.name }]));
}

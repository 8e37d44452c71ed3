import type { Db } from '../../db/client';
import { recordApproval } from './store';

/** The demo workspace has approved Morpho's terms; Aave's wait for someone to approve them. */
export async function seedEarnDemo(db: Db, workspaceId: string, now = Date.now()): Promise<void> {
  await recordApproval(db, workspaceId, 'MORPHO', { id: 'demo-setup', name: 'Demo set-up' }, now - 14 * 24 * 60 * 60 * 1000);
}

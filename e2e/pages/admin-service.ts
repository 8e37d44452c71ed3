import { type APIRequestContext, expect } from '@playwright/test';
import { AdminQuorumState } from '../../src/contract/admin';

/**
 * The admin quorum as an admin changes it through the service directly, to bring a spec's own
 * workspace to the state its console pages are then checked in. Pass the `request` fixture and an
 * admin's headers (the `apiSession` fixture), never a page's context: signing in sets cookies.
 */
export class AdminService {
  constructor(
    private readonly request: APIRequestContext,
    private readonly headers: Record<string, string>,
  ) {}

  async quorum(): Promise<AdminQuorumState> {
    const answer = await this.request.get('/v1/admin_quorum', { headers: this.headers });
    expect(answer.status()).toBe(200);
    return AdminQuorumState.parse(await answer.json());
  }

  /** With a threshold of 1 the change is carried out at once; above, it waits for approvals. */
  async requestThreshold(adminQuorumThreshold: number) {
    const answer = await this.request.put('/v1/admin_quorum', { headers: this.headers, data: { adminQuorumThreshold } });
    expect(answer.status(), await answer.text()).toBe(202);
  }
}

import { type APIRequestContext, expect } from '@playwright/test';
import { AdminQuorumState, ApprovalList } from '../../src/contract/admin';
import { SessionResponse } from '../../src/contract/auth';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo';

/** The demo admins whose approvals count, in the order the helpers ask them. */
const QUORUM_ADMINS = [DEMO_USERS.admin, DEMO_USERS.admin2, DEMO_USERS.nsadmin, DEMO_USERS.owner] as const;

/**
 * The service as the demo admins use it directly, for what a spec needs around the console: a
 * known starting point and leaving the shared workspace as other specs expect it. Pass a request
 * context of its own (the `request` fixture), never a page's: signing in here sets cookies.
 */
export class AdminService {
  private readonly tokens = new Map<string, string>();

  constructor(private readonly request: APIRequestContext) {}

  private async token(email: string): Promise<string> {
    const known = this.tokens.get(email);
    if (known) return known;
    const answer = await this.request.post('/v1/auth/sign_in', { data: { email, password: DEMO_PASSWORD } });
    expect(answer.status(), `sign-in of ${email}`).toBe(200);
    const { accessToken } = SessionResponse.parse(await answer.json());
    this.tokens.set(email, accessToken);
    return accessToken;
  }

  private async call(email: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
    return this.request.fetch(path, { method, data, headers: { Authorization: `Bearer ${await this.token(email)}` } });
  }

  async quorum(): Promise<AdminQuorumState> {
    const answer = await this.call(DEMO_USERS.admin, 'GET', '/v1/admin_quorum');
    expect(answer.status()).toBe(200);
    return AdminQuorumState.parse(await answer.json());
  }

  /** Approvals by the demo admins who have not decided yet, until the request is carried out. */
  async approveUntilExecuted(requestId: string) {
    for (const email of QUORUM_ADMINS) {
      const answer = await this.call(email, 'POST', `/v1/approval_requests/${requestId}/approve`);
      if (answer.status() === 409) continue; // this admin has decided already
      expect(answer.status(), `approval by ${email}`).toBe(200);
      if ((await answer.json()).status === 'EXECUTED') return;
    }
    throw new Error(`Request ${requestId} was not carried out by the approvals of all demo admins`);
  }

  /** Ends a pending request whoever raised it: the first admin who has not decided rejects it. */
  async reject(requestId: string) {
    for (const email of QUORUM_ADMINS) {
      const answer = await this.call(email, 'POST', `/v1/approval_requests/${requestId}/reject`);
      if (answer.status() === 200) return;
      expect(answer.status(), `rejection by ${email}`).toBe(409);
    }
    throw new Error(`Request ${requestId} could not be rejected by any demo admin`);
  }

  /** As the demo admin; with a threshold of 1 the change is carried out at once. */
  async requestThreshold(adminQuorumThreshold: number) {
    const answer = await this.call(DEMO_USERS.admin, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold });
    expect(answer.status(), await answer.text()).toBe(202);
  }

  /** Back to the demo's starting point, nothing pending and a threshold of 1, from whatever a spec left. */
  async resetApprovals() {
    const pending = await this.call(DEMO_USERS.admin, 'GET', '/v1/approval_requests?status=PENDING&pageSize=100');
    expect(pending.status()).toBe(200);
    for (const { id } of ApprovalList.parse(await pending.json()).data) await this.reject(id);
    const before = await this.quorum();
    if (before.adminQuorumThreshold === 1) return;
    await this.requestThreshold(1);
    const { pendingRequestId } = await this.quorum();
    if (pendingRequestId) await this.approveUntilExecuted(pendingRequestId);
    expect((await this.quorum()).adminQuorumThreshold).toBe(1);
  }
}

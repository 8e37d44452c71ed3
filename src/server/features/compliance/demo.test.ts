import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequiredActionsResponse, TravelRuleIntegration, TravelRuleMessage, TrmList } from '../../../contract/travel-rule';
import type { ScreeningConfigurationState } from '../../../contract/screening';
import { addWorkspace, buildApp, consoleToken, createTestContext, type TestContext } from '../../test/harness';
import { DEMO_VASP_ID, seedComplianceDemo } from './demo';
import { beneficiaryUpload, caller, NATURAL_FULL_FIELDS, naturalBeneficiary } from './test-helpers';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const app = buildApp(ctx);
  call = caller(app);
  const ws = await addWorkspace(ctx, 'Demo-like Co', ['SECURITY_ADMIN']);
  token = await consoleToken(app, ws.people[0]!.email);
  await seedComplianceDemo(ctx.deps.db, ws.id);
});
afterAll(() => ctx.database.close());

describe('the compliance demo data', () => {
  it('has an integration with messages in every status; every pending one waits for beneficiary PII that can be resolved', async () => {
    const integration = (await call<TravelRuleIntegration>(token, 'GET', '/v1/screening/trlink/integration')).body;
    expect(integration.vaspId).toBe(DEMO_VASP_ID);
    const base = `/v1/screening/trlink/customers/integration/${integration.customerIntegrationId}`;
    const messages = (await call<TrmList>(token, 'GET', `${base}/trm?pageSize=100`)).body.data;
    expect(new Set(messages.map((m) => m.status))).toEqual(new Set(['PENDING', 'ACCEPTED', 'REJECTED', 'FAILED']));
    expect(new Set(messages.map((m) => m.direction))).toEqual(new Set(['in', 'out']));

    const pending = messages.filter((m) => m.status === 'PENDING');
    expect(pending.length).toBeGreaterThanOrEqual(4);
    for (const message of pending) {
      const { actions } = (await call<RequiredActionsResponse>(token, 'GET', `${base}/trm/${message.id}/required_actions`)).body;
      expect(actions.map((a) => a.type)).toEqual(['UPLOAD_BENEFICIARY_PII']);
    }
    for (const message of messages.filter((m) => m.status !== 'PENDING')) expect(message.reason).toBeTruthy();

    // The simulated counterparty of a seeded message answers with its own key.
    const inbound = pending.find((m) => m.direction === 'in' && m.ivms101.filledFields.some((f) => f.includes('beneficiaryPerson')))!;
    const counterparty = inbound.originatorVaspId!;
    const needed = NATURAL_FULL_FIELDS.filter((path) => !inbound.ivms101.filledFields.includes(path));
    const resolved = await call<TravelRuleMessage>(
      token,
      'POST',
      `${base}/trm/${inbound.id}/resolve_action`,
      await beneficiaryUpload(counterparty, naturalBeneficiary(), needed),
    );
    expect(resolved.body.status, resolved.body.reason ?? resolved.body.message).toBe('ACCEPTED');
  });

  it('starts with both screening protections on', async () => {
    expect((await call<ScreeningConfigurationState>(token, 'GET', '/v1/screening/configurations')).body).toMatchObject({
      disableBypass: true,
      disableUnfreeze: true,
      updatedBy: null,
    });
  });
});

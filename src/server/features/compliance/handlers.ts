import { createHash, randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { missingRequiredPaths } from '../../../contract/ivms101';
import * as routes from '../../../contract/routes/compliance';
import type { TravelRuleIntegration } from '../../../contract/travel-rule';
import type { Db } from '../../db/client';
import { register } from '../../http/register';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { commitWithResponse } from '../../http/idempotency';
import type { AppDeps, AppEnv } from '../../http/types';
import { auditRequest } from '../audit/record';
import { TRAVEL_RULE_ASSET_IDS, travelRuleAsset } from './assets';
import { beneficiaryRequirements, receiveBeneficiaryPii } from './counterparty';
import { compareByName, findVasp, searchVasps, toVasp, type DirectoryEntry } from './directory';
import { readPiiJwe } from './jwe';
import { missingBeneficiaryFields, requiredActions } from './required-actions';
import * as store from './store';

/** What a cursor is bound to: the list and its filters (written in a fixed key order by each caller). */
const fingerprint = (value: Record<string, unknown>) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

async function requireIntegration(db: Db, workspaceId: string, id: string): Promise<TravelRuleIntegration> {
  const integration = await store.getIntegration(db, workspaceId, id);
  // Another workspace's integration is not found either: ids do not leak.
  if (!integration) throw notFound(`No Travel Rule integration ${id} in this workspace`);
  return integration;
}

const trmNotFound = (trmId: string) => notFound(`No Travel Rule message ${trmId} in this integration`);

/** The message `trmId` of the workspace's integration, or 404 for either that is not there. */
async function requireMessage(db: Db, workspaceId: string, customerIntegrationId: string, trmId: string) {
  await requireIntegration(db, workspaceId, customerIntegrationId);
  const row = await store.getMessage(db, workspaceId, customerIntegrationId, trmId);
  if (!row) throw trmNotFound(trmId);
  return row;
}

/** The VASP on the other side of a message: the originator of an inbound one, the beneficiary of an outbound one. */
function counterpartyOf(row: store.TrmRow): DirectoryEntry {
  const id = row.direction === 'in' ? row.originatorVaspId : row.beneficiaryVaspId;
  const vasp = id ? findVasp(id) : undefined;
  if (!vasp) throw new Error(`message ${row.id} names a counterparty outside the directory`);
  return vasp;
}

function directoryVasp(field: string, id: string): DirectoryEntry {
  const vasp = findVasp(id);
  if (!vasp) throw badRequest(`${field} ${id} is not in the VASP directory`);
  return vasp;
}

export function registerCompliance(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  register(app, deps, routes.getTravelRuleIntegration, async (c) => {
    const integration = await store.integrationOfWorkspace(deps.db, c.get('principal').workspaceId);
    if (!integration) throw notFound('This workspace has no Travel Rule integration yet');
    return c.json(integration, 200);
  });

  register(app, deps, routes.createTravelRuleIntegration, async (c) => {
    const { vaspId } = c.req.valid('json');
    directoryVasp('vaspId', vaspId);
    const { workspaceId } = c.get('principal');
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const made = await store.insertIntegration(tx, workspaceId, vaspId, deps.now().getTime());
        if (!made) throw conflict('This workspace already has a Travel Rule integration');
        await auditRequest(tx, c, deps, deps.now(), {
          category: 'Compliance',
          subject: 'Travel rule',
          event: 'Integration created',
          detail: { customerIntegrationId: made.customerIntegrationId, after: { vaspId } },
        });
        return made;
      },
      (integration) => c.json(integration, 201),
    );
  });

  register(app, deps, routes.listTravelRuleMessages, async (c) => {
    const { customerIntegrationId } = c.req.valid('param');
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    await requireIntegration(deps.db, workspaceId, customerIntegrationId);
    const fp = fingerprint({ list: 'trm', customerIntegrationId, status: q.status ?? null, direction: q.direction ?? null });
    const after = q.pageCursor ? decodeCursor<{ t: number; i: string }>(deps.secrets.cursorKey, q.pageCursor, { workspaceId, fingerprint: fp }) : undefined;
    const page = await store.listMessages(
      deps.db,
      { workspaceId, integrationId: customerIntegrationId, status: q.status, direction: q.direction },
      q.pageSize,
      after,
    );
    const next = page.more && page.last ? encodeCursor(deps.secrets.cursorKey, workspaceId, fp, page.last) : undefined;
    return c.json({ data: page.rows.map(store.toMessage), ...(next ? { paging: { next } } : {}) }, 200);
  });

  register(app, deps, routes.createTravelRuleMessage, async (c) => {
    const { customerIntegrationId } = c.req.valid('param');
    const body = c.req.valid('json');
    const { workspaceId } = c.get('principal');
    const integration = await requireIntegration(deps.db, workspaceId, customerIntegrationId);
    const asset = travelRuleAsset(body.assetId);
    if (!asset) throw badRequest(`assetId ${body.assetId} is not an asset the Travel Rule network knows (${TRAVEL_RULE_ASSET_IDS.join(', ')})`);

    // The workspace's own VASP is the beneficiary of what comes in and the originator of what goes out.
    const own = integration.vaspId;
    const inbound = body.direction === 'INBOUND';
    const [ownField, otherField] = inbound ? (['beneficiaryVaspId', 'originatorVaspId'] as const) : (['originatorVaspId', 'beneficiaryVaspId'] as const);
    if (body[ownField] !== undefined && body[ownField] !== own) {
      throw badRequest(`${ownField} of an ${body.direction} message must be this workspace's VASP, ${own}`);
    }
    const otherId = body[otherField];
    if (otherId === undefined) throw badRequest(`${otherField} is required for an ${body.direction} message: the VASP on the other side`);
    if (otherId === own) throw badRequest(`${otherField} must be another VASP than this workspace's own`);
    const counterparty = directoryVasp(otherField, otherId);

    const jwe = readPiiJwe(body.ivms101.data);
    if ('problem' in jwe) throw badRequest(`ivms101.data ${jwe.problem}`);
    const filledFields = [...new Set(body.ivms101.filledFields)];
    const requiredBeneficiaryFields = beneficiaryRequirements(counterparty.id);
    const complete =
      missingRequiredPaths(
        requiredBeneficiaryFields.map((f) => f.path),
        filledFields,
      ).length === 0;
    const now = deps.now().getTime();

    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const inserted = await store.insertMessage(tx, {
          workspaceId,
          integrationId: integration.customerIntegrationId,
          externalId: body.externalId ?? `trm-${randomUUID()}`,
          asset,
          amount: body.amount,
          direction: inbound ? 'in' : 'out',
          originatorWalletAddress: body.srcAddress,
          beneficiaryWalletAddress: body.destAddress,
          txHash: body.txHash ?? '',
          ivmsVersion: body.ivms101.version,
          ivmsData: body.ivms101.data,
          filledFields,
          requiredBeneficiaryFields,
          version: '1',
          status: complete ? 'ACCEPTED' : 'PENDING',
          reason: complete
            ? `${counterparty.name} has all the beneficiary information it requires`
            : `Waiting for the beneficiary PII that ${counterparty.name} requires`,
          fiatAmount: body.amountUSD ?? null,
          fiatCurrency: body.amountUSD === undefined ? null : 'USD',
          originatorVaspId: inbound ? otherId : own,
          beneficiaryVaspId: inbound ? own : otherId,
          providerData: {
            provider: 'Asset Ops Travel Rule network (simulated)',
            data: { ...(body.txId ? { txId: body.txId } : {}), ...(body.destTag ? { destTag: body.destTag } : {}) },
          },
          createdAt: now,
          updatedAt: now,
        });
        if (!inserted) throw conflict(`externalId ${body.externalId} is already used by another message of this integration`);
        await auditRequest(tx, c, deps, deps.now(), {
          category: 'Compliance',
          subject: 'Travel rule',
          event: 'Message created',
          detail: {
            trmId: inserted.id,
            customerIntegrationId,
            direction: inserted.direction,
            counterpartyVaspId: otherId,
            after: { status: inserted.status },
          },
        });
        return inserted;
      },
      (row) => c.json(store.toMessage(row), 201),
    );
  });

  register(app, deps, routes.getTravelRuleMessage, async (c) => {
    const { customerIntegrationId, trmId } = c.req.valid('param');
    const row = await requireMessage(deps.db, c.get('principal').workspaceId, customerIntegrationId, trmId);
    return c.json(store.toMessage(row), 200);
  });

  register(app, deps, routes.getTravelRuleRequiredActions, async (c) => {
    const { customerIntegrationId, trmId } = c.req.valid('param');
    const row = await requireMessage(deps.db, c.get('principal').workspaceId, customerIntegrationId, trmId);
    return c.json({ actions: requiredActions(row, counterpartyOf(row).name) }, 200);
  });

  register(app, deps, routes.resolveTravelRuleAction, async (c) => {
    const { customerIntegrationId, trmId } = c.req.valid('param');
    const { type, data } = c.req.valid('json');
    const { workspaceId } = c.get('principal');
    await requireIntegration(deps.db, workspaceId, customerIntegrationId);

    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const before = await store.lockMessage(tx, workspaceId, customerIntegrationId, trmId);
        if (!before) throw trmNotFound(trmId);
        const counterparty = counterpartyOf(before);
        const required = requiredActions(before, counterparty.name).map((a) => a.type);
        if (!required.includes(type)) {
          throw badRequest(
            required.length > 0
              ? `type ${type} is not an action this message requires now; it requires ${required.join(', ')}`
              : `type ${type} is not an action this message requires now: it is ${before.status} and requires none`,
          );
        }
        // UPLOAD_BENEFICIARY_PII is the one action type the network defines.
        const upload = data?.beneficiaryPii?.ivms101;
        if (!upload) throw badRequest('data.beneficiaryPii.ivms101 is required for UPLOAD_BENEFICIARY_PII');
        const jwe = readPiiJwe(upload.data);
        if ('problem' in jwe) throw badRequest(`data.beneficiaryPii.ivms101.data ${jwe.problem}`);
        if (missingBeneficiaryFields(before, upload.filledFields).length > 0) {
          const missing = missingRequiredPaths(
            before.requiredBeneficiaryFields.map((f) => f.path),
            [...before.filledFields, ...upload.filledFields],
          );
          throw badRequest(`data.beneficiaryPii.ivms101.filledFields does not cover the required fields: ${missing.join(', ')}`);
        }

        const decision = await receiveBeneficiaryPii(counterparty, jwe.jwe, upload.filledFields);
        const accepted = decision.status === 'ACCEPTED';
        const after = await store.updateMessage(tx, workspaceId, customerIntegrationId, trmId, {
          status: decision.status,
          reason: decision.reason,
          // What the counterparty accepted becomes the message's IVMS101 data; a refused upload changes none of it.
          ivmsVersion: accepted ? upload.version : before.ivmsVersion,
          ivmsData: accepted ? upload.data : before.ivmsData,
          filledFields: accepted ? [...new Set([...before.filledFields, ...upload.filledFields])] : before.filledFields,
          version: String(Number(before.version ?? '1') + 1),
          updatedAt: deps.now().getTime(),
        });
        // Ids and statuses only: the reason can quote the counterparty, and PII never enters the log.
        await auditRequest(tx, c, deps, deps.now(), {
          category: 'Compliance',
          subject: 'Travel rule',
          event: 'Action resolved',
          detail: {
            trmId,
            customerIntegrationId,
            type,
            counterpartyVaspId: counterparty.id,
            before: { status: before.status },
            after: { status: after.status },
          },
        });
        return after;
      },
      (row) => c.json(store.toMessage(row), 200),
    );
  });

  register(app, deps, routes.listVasps, async (c) => {
    const { customerIntegrationId } = c.req.valid('param');
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    await requireIntegration(deps.db, workspaceId, customerIntegrationId);
    const fp = fingerprint({ list: 'vasps', q: q.q ?? null });
    const after = q.pageCursor ? decodeCursor<{ n: string; i: string }>(deps.secrets.cursorKey, q.pageCursor, { workspaceId, fingerprint: fp }) : undefined;
    // The directory is kept sorted by (name, id): a page starts after the last one sent (keyset, not offset).
    const matches = searchVasps(q.q).filter((v) => !after || compareByName(v, { name: after.n, id: after.i }) > 0);
    const page = matches.slice(0, q.pageSize);
    const last = page.at(-1);
    const next = matches.length > q.pageSize && last ? encodeCursor(deps.secrets.cursorKey, workspaceId, fp, { n: last.name, i: last.id }) : undefined;
    return c.json({ data: page.map((v) => toVasp(v, false)), ...(next ? { paging: { next } } : {}) }, 200);
  });

  register(app, deps, routes.getVasp, async (c) => {
    const { customerIntegrationId, vaspId } = c.req.valid('param');
    await requireIntegration(deps.db, c.get('principal').workspaceId, customerIntegrationId);
    const vasp = findVasp(vaspId);
    if (!vasp) throw notFound(`No VASP ${vaspId} in the directory`);
    return c.json(toVasp(vasp, true), 200);
  });

  register(app, deps, routes.getScreeningConfiguration, async (c) => {
    return c.json(await store.getScreening(deps.db, c.get('principal').workspaceId), 200);
  });

  register(app, deps, routes.updateScreeningConfiguration, async (c) => {
    const body = c.req.valid('json');
    const principal = c.get('principal');
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        await store.ensureScreeningRow(tx, principal.workspaceId);
        const current = await store.getScreening(tx, principal.workspaceId, true);
        const before = { disableBypass: current.disableBypass, disableUnfreeze: current.disableUnfreeze };
        const after = { disableBypass: body.disableBypass ?? before.disableBypass, disableUnfreeze: body.disableUnfreeze ?? before.disableUnfreeze };
        const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => after[k] !== before[k]);
        if (changed.length > 0) {
          await store.setScreening(tx, principal.workspaceId, after, { id: principal.id, name: principal.name }, deps.now().getTime());
          await auditRequest(tx, c, deps, deps.now(), { category: 'Compliance', subject: 'Screening', event: 'Updated', detail: { changed, before, after } });
        }
        return after;
      },
      (stored) => c.json(stored, 200),
    );
  });
}

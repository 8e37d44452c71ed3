import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Fireblocks } from '@fireblocks/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo/seed';
import { encryptPiiFor } from './features/compliance/pii-encryption';
import { DEMO_VASP_ID } from './features/compliance/demo';
import { FULL_VASP, NATURAL_FULL_FIELDS, naturalBeneficiary, publicKeyOf } from './features/compliance/test-helpers';
import { shipped } from './features/catalogue/shipped';
import { createLogger } from './logger';
import { loadSecrets } from './features/auth/tokens';
import { startServer, type RunningServer } from './server';
import { BERLIN_ADDRESS, INBOUND_USDC_TRANSFER, prefundedMarketOrder } from './test/fixtures';
import { makeCsr, openTestDatabase, signedHeaders, testConfig, type TestApiUser } from './test/harness';
import { checkModel, checkShape, sdkRequestShape, sdkReturnShape, type SdkBounds } from './test/sdk-models';
import { SDK_BOUNDS } from './test/sdk-bounds';

/**
 * Typed conformance (issue 14): every SDK operation that maps onto our /v1 is called through the
 * official TypeScript SDK against the real service (the demo workspace as `npm start` seeds it,
 * with its engines running), and every answer — lists, single objects, each variant, errors — is
 * checked against the model the SDK method declares it returns, read from the SDK's own `.d.ts`
 * (src/server/test/sdk-models.ts). The requests the test sends are checked against the SDK's
 * request types too, so the generated data keeps the SDK's enums and bounds.
 *
 * Strictness: a missing required field, a value outside an enum, a wrong type, an undeclared null
 * or a bound from SDK_BOUNDS fails. A property the SDK model does not declare fails unless it is
 * one of EXTENSIONS below (our documented additions): OpenAPI admits additional properties, but
 * naming the few we add keeps a misspelt field from passing.
 */

/** Properties our answers (and requests) add to the SDK's models: the service's documented extensions. */
const EXTENSIONS: Record<string, string> = {
  'Asset.price': 'the price set with setAssetPrice (catalogue)',
  'BlockchainResponse.registration': 'contract: whether tokens on the chain can be registered by address (extension)',
  'AuditLogData.category': 'docs/audit-log.md: category of the closed event list',
  'AuditLogData.detail': 'docs/audit-log.md: values before and after',
  'AuditLogData.hash': 'docs/audit-log.md: the SHA-256 chain',
  'AuditLogData.requestId': 'docs/audit-log.md: the request id',
  'AuditLogData.sourceAddress': 'docs/audit-log.md: the source address',
  'GetAuditLogsResponse.next': 'wire-facts: { data, next, cursor }',
  'ExecutionResponseDetails & ExecutionResponseBaseDetails & MarketTypeDetails.price': 'the price a MARKET order filled at',
  'ExecutionResponseDetails & ExecutionResponseBaseDetails & QuoteExecutionTypeDetails & ReQuoteDetails.price': 'the price a QUOTE order filled at',
  'ManifestBase & ManifestOrderInfo.limitSupported':
    'docs/api.md, Trading: whether LIMIT orders are taken (the SDK allows only MARKET and QUOTE in executionTypes)',
  'ManifestBase & ManifestOrderInfo.postOrderSupported':
    'docs/api.md, Trading: whether POST_ORDER settlement is taken (the SDK allows only DVP and PREFUNDED in settlementTypes)',
  'ExecutionResponseDetails & ExecutionResponseBaseDetails & MarketTypeDetails.quoteAmount': 'the quote amount a MARKET order filled for',
  'FeeInfo.fee': 'the transaction fee of the simulated chain',
  // The SDK's generator flattened Fee's oneOf (fixed / basis points) to FeePropertiesDetails, dropping the variants' fields.
  'FeePropertiesDetails.amount': 'the fee variant’s amount',
  'FeePropertiesDetails.amountType': 'the fee variant’s discriminator (FIXED, BPS)',
  'Manifest.fees': 'docs/api.md, Trading: the manifests state fees',
  'Manifest.pairs': 'docs/api.md, Trading: the manifests state asset pairs',
  'Manifest.requiredFields': 'docs/api.md, Trading: the manifests state the order fields they require',
  'Notification.attempts': 'docs/api.md, Webhooks: attempts per notification',
  'Notification.nextAttemptAt': 'docs/api.md, Webhooks: the retry schedule',
  'NotificationWithData.attempts': 'docs/api.md, Webhooks: attempts per notification',
  'NotificationWithData.nextAttemptAt': 'docs/api.md, Webhooks: the retry schedule',
  'OrderDetails.timeline': 'docs/console.md, Orders: an order page shows its timeline',
  'TRLinkTrmInfoResponse.createdAt': 'docs/api.md, Compliance: messages carry createdAt/updatedAt',
  'TRLinkTrmInfoResponse.updatedAt': 'docs/api.md, Compliance: messages carry createdAt/updatedAt',
  'TransactionResponse.orderId': 'docs/api.md, Transactions: the extension orderId',
  'TransactionResponse.timeline': 'docs/api.md, Transactions: the status timeline (extension)',
  'TransactionRequest.simulation': 'docs/api.md, Transactions: the extension simulation.outcome',
};

interface Recorded {
  operation: string;
  status: number;
  model: string;
  body: unknown;
  findings: string[];
}
const recorded: Recorded[] = [];
const modelsUsed = new Set<string>();
const requestsChecked: string[] = [];

const SDK_DIST = dirname(createRequire(import.meta.url).resolve('@fireblocks/ts-sdk'));

let server: RunningServer;
let fireblocks: Fireblocks;
let apiUser: TestApiUser;
let close: () => Promise<void>;
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  // The demo workspace exactly as `npm start` seeds it (a smaller audit history), its API user's key
  // written to a folder of our own, and the service with its engines on a port.
  const database = await openTestDatabase();
  const keyDir = mkdtempSync(join(tmpdir(), 'ao-conformance-'));
  const seeded = await seedDemo(database.db, { keyDir, password: 'conformance-password', auditEvents: 2_000 });
  const privateKeyPem = readFileSync(seeded.apiUser!.privateKeyFile, 'utf8');
  const config = testConfig();
  const logger = createLogger('silent');
  server = await startServer(config, logger, {
    deps: { db: database.db, config, logger, now: () => new Date(), secrets: await loadSecrets(database.db) },
    database,
    releaseLock: () => undefined,
  });
  apiUser = { id: seeded.apiUser!.id, workspaceId: seeded.workspaceId, privateKey: createPrivateKey(privateKeyPem) };
  fireblocks = new Fireblocks({ apiKey: apiUser.id, secretKey: privateKeyPem, basePath: `${server.url}/v1` });
  // The webhook's receiver: takes every delivery, so notifications and their attempts are real.
  receiver = createServer((req, res) => {
    req.resume();
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  close = async () => {
    receiver.close();
    // Closing the server closes its database (and drops a PostgreSQL test database).
    await server.close();
    rmSync(keyDir, { recursive: true, force: true });
  };
});

afterAll(async () => {
  // SDK_CONFORMANCE_DUMP=file writes every recorded answer (operation, status, model, raw JSON, findings) for inspection.
  if (process.env.SDK_CONFORMANCE_DUMP) writeFileSync(process.env.SDK_CONFORMANCE_DUMP, JSON.stringify(recorded, null, 1));
  await close?.();
});

type Api = object;
/** The SDK API class an SDK client property belongs to (`fireblocks.tradingBeta` → TradingBetaApi). */
const classOf = (api: Api) => api.constructor.name;

/**
 * Calls `api.method(params)` through the SDK, records the raw answer (or error) and checks it: a
 * 2xx against the SDK's declared return model, any other status against the error schema.
 * `expect` is the status the call is meant to get; another status is a finding of its own.
 */
async function sdk<T>(api: Api, method: string, params: object | undefined, expectStatus = 200, note = ''): Promise<T> {
  const operation = `${classOf(api)}.${method}`;
  const findings: string[] = [];
  const request = sdkRequestShape(classOf(api), method);
  // A request meant to be refused may break the SDK's types on purpose (an unknown enum member, a bad amount).
  if (request && params && expectStatus < 400) {
    // The data we generate holds to the SDK's request types and bounds too.
    const check = checkShape(params, request.shape, SDK_BOUNDS);
    findings.push(...check.errors.map((e) => `request ${e}`), ...unexpectedExtras(check.extras).map((e) => `request property ${e} is not in the SDK`));
    check.models.forEach((m) => modelsUsed.add(m));
    requestsChecked.push(operation);
  }
  let status: number;
  let body: unknown;
  try {
    const fn = (api as Record<string, (p?: object) => Promise<{ statusCode: number; data: unknown }>>)[method]!;
    const res = await fn.call(api, params);
    status = res.statusCode;
    body = res.data;
  } catch (error) {
    const response = (error as { response?: { statusCode: number; data: unknown } }).response;
    if (!response) throw error;
    status = response.statusCode;
    body = response.data;
  }
  let model: string;
  if (status >= 200 && status < 300) {
    const declared = sdkReturnShape(classOf(api), method);
    model = declared.model;
    const check = checkShape(body, declared.shape, SDK_BOUNDS);
    findings.push(...check.errors, ...unexpectedExtras(check.extras).map((e) => `undeclared property ${e}`));
    check.models.forEach((m) => modelsUsed.add(m));
  } else {
    model = errorModel(operation);
    findings.push(...checkError(body, model));
  }
  if (status !== expectStatus) findings.push(`${note || 'request'} refused: expected ${expectStatus}, got ${status} ${JSON.stringify(body)}`);
  recorded.push({ operation, status, model, body, findings });
  return body as T;
}

/** Trading answers errors with TradingErrorSchema; everything else with ErrorSchema, and every error body here carries both fields. */
const errorModel = (operation: string) => (operation.startsWith('TradingBetaApi.') ? 'TradingErrorSchema' : 'ErrorSchema');
function checkError(body: unknown, model: string) {
  const check = checkModel(body, model);
  check.models.forEach((m) => modelsUsed.add(m));
  const errors = [...check.errors, ...unexpectedExtras(check.extras).map((e) => `undeclared property ${e}`)];
  const { message, code } = (body ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message !== 'string' || typeof code !== 'number')
    errors.push(`$: an error body must carry message and code (docs/api.md), got ${JSON.stringify(body)}`);
  return errors;
}

const unexpectedExtras = (extras: string[]) => extras.filter((e) => !(e in EXTENSIONS));

/** A call the SDK has no method for (an extension, or an SDK model without a method): signed as the SDK signs. */
async function signed<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const res = await fetch(`${server.url}${path}`, {
    method,
    ...(text ? { body: text } : {}),
    headers: await signedHeaders(apiUser, path, text ? { method, body: text } : { method }),
  });
  const answer = await res.text();
  return { status: res.status, body: (answer ? JSON.parse(answer) : null) as T };
}

/** Every finding of one operation (or of all), as `operation status: finding`. */
function unexplained(operation?: string) {
  return recorded.filter((r) => !operation || r.operation === operation).flatMap((r) => r.findings.map((f) => `${r.operation} ${r.status}: ${f}`));
}
const areaFindings = (prefixes: string[]) => unexplained().filter((line) => prefixes.some((p) => line.startsWith(p)));

describe('typed conformance: every SDK operation against the SDK’s declared models', { timeout: 120_000 }, () => {
  it('administration and audit: API users, admin quorum, audit logs (with the deprecated timePeriod and cursor)', async () => {
    await sdk(fireblocks.apiUser, 'getApiUsers', undefined);
    const { csrPem } = await makeCsr();
    await sdk(fireblocks.apiUser, 'createApiUser', {
      createAPIUser: { name: 'Conformance bot', role: 'EDITOR', csrPem },
      idempotencyKey: 'conformance-api-user',
    });
    await sdk(fireblocks.apiUser, 'createApiUser', { createAPIUser: { name: 'Bad CSR bot', role: 'EDITOR', csrPem: 'not a CSR' } }, 400, 'bad CSR');

    // PUT /admin_quorum: the SDK has the models (SetAdminQuorumThresholdRequest/Response) but no method.
    const request = { adminQuorumThreshold: 2 };
    const requestCheck = checkModel(request, 'SetAdminQuorumThresholdRequest', SDK_BOUNDS);
    const quorum = await signed('PUT', '/v1/admin_quorum', request);
    const check = quorum.status === 202 ? checkModel(quorum.body, 'SetAdminQuorumThresholdResponse', SDK_BOUNDS) : undefined;
    recorded.push({
      operation: 'PUT /v1/admin_quorum',
      status: quorum.status,
      model: 'SetAdminQuorumThresholdResponse',
      body: quorum.body,
      findings: [...requestCheck.errors, ...(check ? [...check.errors, ...unexpectedExtras(check.extras)] : [`expected 202, got ${quorum.status}`])],
    });
    const refused = await signed('PUT', '/v1/admin_quorum', { adminQuorumThreshold: 0 });
    recorded.push({
      operation: 'PUT /v1/admin_quorum',
      status: refused.status,
      model: 'ErrorSchema',
      body: refused.body,
      findings: [...checkError(refused.body, 'ErrorSchema'), ...(refused.status === 400 ? [] : [`expected 400, got ${refused.status}`])],
    });
    ['SetAdminQuorumThresholdRequest', 'SetAdminQuorumThresholdResponse'].forEach((m) => modelsUsed.add(m));

    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await sdk<{ cursor?: string | null }>(fireblocks.auditLogs, 'getAuditLogs', { timePeriod: 'WEEK', ...(cursor ? { cursor } : {}) });
      cursor = page.cursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 3);
    await sdk(fireblocks.auditLogs, 'getAuditLogs', { timePeriod: 'DAY' });
    expect(areaFindings(['ApiUserApi.', 'PUT /v1/admin_quorum', 'AuditLogsApi.'])).toEqual([]);
  });

  it('catalogue: assets (list, get, register, note, price), blockchains, supported assets, and their errors', async () => {
    const a = fireblocks.blockchainsAssets;
    let pageCursor: string | undefined;
    // Every page of the catalogue: all 1,136 shipped assets pass the SDK's Asset model.
    do {
      const page = await sdk<{ next?: string | null }>(a, 'listAssets', { pageSize: 500, ...(pageCursor ? { pageCursor } : {}) });
      pageCursor = page.next ?? undefined;
    } while (pageCursor);
    await sdk(a, 'listAssets', { blockchainId: 'ETH', assetClass: 'FT', deprecated: false, pageSize: 100, idempotencyKey: 'conformance-list-assets' });
    await sdk(a, 'listAssets', { pageSize: 0 }, 400, 'pageSize 0');
    await sdk(a, 'getAsset', { id: 'USDC' });
    await sdk(a, 'getAsset', { id: 'NO_SUCH_ASSET' }, 404, 'unknown asset');
    const held = shipped.resolvable.find(
      (t) => t.blockchainId === shipped.blockchains.find((b) => b.legacyId === 'ETH')!.id && t.symbol && t.standard === 'ERC20',
    )!;
    const registered = await sdk<{ legacyId: string }>(a, 'registerNewAsset', {
      registerNewAssetRequest: { blockchainId: 'ETH', address: held.address },
      idempotencyKey: 'conformance-register',
    });
    await sdk(a, 'registerNewAsset', { registerNewAssetRequest: { blockchainId: 'ETH', address: held.address } }, 409, 'registered twice');
    await sdk(a, 'registerNewAsset', { registerNewAssetRequest: { blockchainId: 'ETH', address: '0x123' } }, 400, 'bad address');
    await sdk(a, 'getAsset', { id: registered.legacyId });
    await sdk(a, 'listAssets', { scope: 'LOCAL', pageSize: 100 });
    await sdk(a, 'updateAssetUserMetadata', {
      id: registered.legacyId,
      updateAssetUserMetadataRequest: { metadata: { note: { text: 'Checked against the SDK' } } },
    });
    await sdk(
      a,
      'updateAssetUserMetadata',
      { id: 'NO_SUCH_ASSET', updateAssetUserMetadataRequest: { metadata: { note: { text: 'x' } } } },
      404,
      'unknown asset',
    );
    await sdk(a, 'setAssetPrice', { id: registered.legacyId, setAssetPriceRequest: { currency: 'USD', price: 1.25 } });
    await sdk(a, 'setAssetPrice', { id: registered.legacyId, setAssetPriceRequest: { currency: 'XXX', price: 1 } }, 404, 'unknown currency');
    await sdk(a, 'listBlockchains', { pageSize: 100 });
    await sdk(a, 'listBlockchains', { test: true, deprecated: false });
    await sdk(a, 'getBlockchain', { id: 'SOL' });
    await sdk(a, 'getBlockchain', { id: 'NO_SUCH_CHAIN' }, 404, 'unknown blockchain');
    await sdk(a, 'getSupportedAssets', undefined);
    expect(areaFindings(['BlockchainsAssetsApi.'])).toEqual([]);
  });

  it('trading: providers, quotes, orders of each SDK variant (MARKET and QUOTE; PREFUNDED and DVP), vault accounts', async () => {
    const t = fireblocks.tradingBeta;
    const providers = await sdk<{ data: { id: string }[] }>(t, 'getTradingProviders', { pageSize: 10 });
    for (const p of providers.data) await sdk(t, 'getTradingProviderById', { providerId: p.id });
    await sdk(t, 'getTradingProviderById', { providerId: 'NOBODY' }, 404, 'unknown provider');

    const quotes = await sdk<{ quotes: { id: string }[] }>(
      t,
      'createQuote',
      {
        createQuote: { scope: [{ providerId: 'HARBOR' }], baseAssetId: 'ETH', quoteAssetId: 'USDT', baseAmount: '0.5', side: 'BUY' },
        idempotencyKey: 'conformance-quote',
      },
      201,
    );
    await sdk(
      t,
      'createQuote',
      { createQuote: { scope: [{ providerId: 'HARBOR' }], baseAssetId: 'ETH', quoteAssetId: 'USDT', baseAmount: '-1', side: 'BUY' } },
      400,
      'negative amount',
    );

    const prefunded = await sdk<{ id: string }>(
      t,
      'createOrder',
      {
        idempotencyKey: 'conformance-market-prefunded',
        createOrderRequest: prefundedMarketOrder('conformance-1', 'MARKET, PREFUNDED'),
      },
      202,
    );
    const beneficiary = {
      entityType: 'INDIVIDUAL',
      externalReferenceId: 'b-1',
      participantRelationshipType: 'ThirdParty',
      fullName: { firstName: 'Ada', lastName: 'Lovelace' },
      dateOfBirth: '1985-12-10',
      postalAddress: BERLIN_ADDRESS,
    };
    const dvp = await sdk<{ id: string }>(
      t,
      'createOrder',
      {
        createOrderRequest: {
          via: { type: 'PROVIDER_ACCOUNT', providerId: 'MERIDIAN', accountId: 'meridian-spot' },
          executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '0.01', baseAssetId: 'BTC', quoteAssetId: 'USDC' },
          settlement: { type: 'DVP', sourceAccount: { type: 'VAULT_ACCOUNT', accountId: '2' }, destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
          participantsIdentification: { beneficiary },
        },
      },
      202,
    );
    // QUOTE in the SDK's own shape: { type, quoteId, reQuote? }.
    await sdk(
      t,
      'createOrder',
      {
        createOrderRequest: {
          via: { type: 'PROVIDER', providerId: 'HARBOR' },
          executionRequestDetails: { type: 'QUOTE', quoteId: quotes.quotes[0]!.id, reQuote: { type: 'MARKET' } },
          settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
        },
      },
      202,
      'QUOTE request',
    );
    await sdk(
      t,
      'createOrder',
      {
        createOrderRequest: {
          via: { type: 'PROVIDER', providerId: 'NORTHWIND' },
          executionRequestDetails: { type: 'MARKET', side: 'BUY', baseAmount: '1', baseAssetId: 'ETH', quoteAssetId: 'USDT' },
          settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
        },
      },
      400,
      'provider not connected',
    );

    // Each order through the statuses the engine takes it (CREATED, AWAITING_PAYMENT, PROCESSING, COMPLETED…).
    const end = Date.now() + 30_000;
    const finished = new Set<string>();
    while (finished.size < 2 && Date.now() < end) {
      for (const id of [prefunded.id, dvp.id]) {
        const order = await sdk<{ status: string }>(t, 'getOrder', { orderId: id });
        if (['COMPLETED', 'FAILED', 'CANCELED'].includes(order.status)) finished.add(id);
      }
      await new Promise((r) => setTimeout(r, 400));
    }
    await sdk(t, 'getOrder', { orderId: '00000000-0000-4000-8000-000000000000' }, 404, 'unknown order');
    // Every order, the demo's and ours, page by page.
    let pageCursor: string | undefined;
    do {
      const page = await sdk<{ next?: string }>(t, 'getOrders', { pageSize: 20, ...(pageCursor ? { pageCursor } : {}) });
      pageCursor = page.next;
    } while (pageCursor);
    await sdk(t, 'getOrders', { pageSize: 5, order: 'ASC', statuses: ['COMPLETED', 'FAILED'], providerId: ['HARBOR', 'MERIDIAN'] });
    await sdk(t, 'getOrders', { pageSize: 0 }, 400, 'pageSize 0');

    await sdk(fireblocks.vaults, 'getPagedVaultAccounts', { limit: 2 });
    const all = await sdk<{ accounts: unknown[]; paging?: { after?: string } }>(fireblocks.vaults, 'getPagedVaultAccounts', {});
    expect(all.accounts.length).toBeGreaterThan(0);
    await sdk(fireblocks.vaults, 'getVaultAccount', { vaultAccountId: '0' });
    await sdk(fireblocks.vaults, 'getVaultAccount', { vaultAccountId: '999999' }, 404, 'unknown vault account');
    // Deposit addresses page by page, as the SDK follows them.
    let after: string | undefined;
    do {
      const page = await sdk<{ paging?: { after?: string } }>(fireblocks.vaults, 'getVaultAccountAssetAddressesPaginated', {
        vaultAccountId: '0',
        assetId: 'BTC',
        limit: 1,
        ...(after ? { after } : {}),
      });
      after = page.paging?.after;
    } while (after);
    expect(finished.size).toBe(2);
    expect(areaFindings(['TradingBetaApi.', 'VaultsApi.'])).toEqual([]);
  });

  it('compliance: Travel Rule messages (demo and new), required actions, resolve, VASPs, screening configuration', async () => {
    const integration = await signed<{ customerIntegrationId: string }>('GET', '/v1/screening/trlink/integration');
    const customerIntegrationId = integration.body.customerIntegrationId;
    const l = fireblocks.trLink;
    // Every demo message, through the SDK's getTRLinkTrmById and its required actions.
    const listed = await signed<{ data: { id: string }[] }>('GET', `/v1/screening/trlink/customers/integration/${customerIntegrationId}/trm?pageSize=100`);
    expect(listed.body.data.length).toBeGreaterThan(0);
    for (const { id } of listed.body.data) {
      await sdk(l, 'getTRLinkTrmById', { customerIntegrationId, trmId: id });
      await sdk(l, 'getTRLinkTrmRequiredActions', { customerIntegrationId, trmId: id });
    }
    const originator = await encryptPiiFor(publicKeyOf(DEMO_VASP_ID), { originator: { originatorPerson: [] } });
    const create = (extra: object, idempotencyKey: string) =>
      sdk<{ id: string }>(
        l,
        'createTRLinkTrm',
        {
          customerIntegrationId,
          idempotencyKey,
          tRLinkCreateTrmRequest: {
            ...INBOUND_USDC_TRANSFER,
            originatorVaspId: FULL_VASP,
            ivms101: { version: 'IVMS101.2023', data: originator, filledFields: [] },
            ...extra,
          },
        },
        201,
        Object.values(extra).includes(null) ? 'null request' : 'request',
      );
    const trm = await create({}, 'conformance-trm');
    // Nullable fields of the SDK's create request, sent as explicit nulls.
    await create({ txId: null, destTag: null, beneficiaryVaspId: null }, 'conformance-trm-nulls');
    await sdk(l, 'getTRLinkTrmRequiredActions', { customerIntegrationId, trmId: trm.id });
    const vasp = await sdk<{ publicKey: string }>(l, 'getTRLinkVaspById', { customerIntegrationId, vaspId: FULL_VASP });
    expect(vasp.publicKey).toBe(publicKeyOf(FULL_VASP));
    await sdk(l, 'resolveActionTRLinkTrm', {
      customerIntegrationId,
      trmId: trm.id,
      idempotencyKey: 'conformance-resolve',
      tRLinkResolveActionRequest: {
        type: 'UPLOAD_BENEFICIARY_PII',
        data: {
          beneficiaryPii: {
            ivms101: { version: 'IVMS101.2023', data: await encryptPiiFor(vasp.publicKey, naturalBeneficiary()), filledFields: NATURAL_FULL_FIELDS },
          },
        },
      },
    });
    await sdk(l, 'getTRLinkTrmById', { customerIntegrationId, trmId: trm.id });
    await sdk(
      l,
      'resolveActionTRLinkTrm',
      { customerIntegrationId, trmId: trm.id, tRLinkResolveActionRequest: { type: 'UPLOAD_BENEFICIARY_PII', data: null } },
      400,
      'action not required',
    );
    await sdk(l, 'getTRLinkTrmById', { customerIntegrationId, trmId: '00000000-0000-4000-8000-000000000000' }, 404, 'unknown message');
    let pageCursor: string | undefined;
    do {
      const page = await sdk<{ paging?: { next?: string } }>(l, 'listTRLinkVasps', {
        customerIntegrationId,
        pageSize: 30,
        ...(pageCursor ? { pageCursor } : {}),
      });
      pageCursor = page.paging?.next;
    } while (pageCursor);
    await sdk(l, 'getTRLinkVaspById', { customerIntegrationId, vaspId: 'did:web:nobody.example' }, 404, 'unknown VASP');
    await sdk(fireblocks.compliance, 'updateScreeningConfiguration', {
      screeningUpdateConfigurations: { disableBypass: true, disableUnfreeze: false },
      idempotencyKey: 'conformance-screening',
    });
    await sdk(fireblocks.compliance, 'updateScreeningConfiguration', { screeningUpdateConfigurations: { disableUnfreeze: true } });
    expect(areaFindings(['TRLinkApi.', 'ComplianceApi.'])).toEqual([]);
  });

  it('earn: providers (each sort and page) and terms of service', async () => {
    const e = fireblocks.earnBeta;
    await sdk(e, 'getEarnProviders', {});
    const first = await sdk<{ next: string }>(e, 'getEarnProviders', { pageSize: 1, sortBy: 'displayName', order: 'ASC' });
    await sdk(e, 'getEarnProviders', { pageSize: 1, sortBy: 'displayName', order: 'ASC', pageCursor: first.next });
    await sdk(e, 'getEarnProviders', { sortBy: 'apy' }, 400, 'unknown sortBy');
    await sdk(e, 'approveTermsOfService', { providerId: 'AAVE' }, 204);
    await sdk(e, 'approveTermsOfService', { providerId: 'NOBODY' }, 404, 'unknown provider');
    await sdk(e, 'getEarnProviders', { order: 'DESC' });
    expect(areaFindings(['EarnBetaApi.'])).toEqual([]);
  });

  it('transactions and webhooks v2: each transaction outcome, webhooks, notifications, attempts, resends', async () => {
    const w = fireblocks.webhooksV2;
    const hook = await sdk<{ id: string }>(
      w,
      'createWebhook',
      {
        createWebhookRequest: { url: receiverUrl, events: ['transaction.created', 'transaction.status.updated'], description: 'conformance', enabled: true },
        idempotencyKey: 'conformance-hook',
      },
      201,
    );
    await sdk(w, 'createWebhook', { createWebhookRequest: { url: 'ftp://example.com', events: ['transaction.created'] } }, 400, 'bad URL');
    const tx = fireblocks.transactions;
    const ids: string[] = [];
    for (const outcome of ['COMPLETED', 'REJECTED_AML_SCREENING', 'BLOCKED_BY_POLICY']) {
      // The simulation outcome is this service's extension: the SDK passes the request as is.
      const created = await sdk<{ id: string }>(tx, 'createTransaction', {
        transactionRequest: {
          assetId: 'USDC',
          source: { type: 'VAULT_ACCOUNT', id: '1' },
          destination: { type: 'VAULT_ACCOUNT', id: '0' },
          amount: '1.5',
          note: outcome,
          externalTxId: `conformance-${outcome}`,
          ...(outcome === 'COMPLETED' ? {} : { simulation: { outcome } }),
        },
        idempotencyKey: `conformance-tx-${outcome}`,
      });
      ids.push(created.id);
    }
    await sdk(tx, 'createTransaction', {
      transactionRequest: {
        assetId: 'USDC',
        source: { type: 'VAULT_ACCOUNT', id: '1' },
        destination: { type: 'ONE_TIME_ADDRESS', oneTimeAddress: { address: '0x583031D1113aD414F02576BD6afaBfb302140225' } },
        amount: '0.5',
      },
    });
    await sdk(
      tx,
      'createTransaction',
      { transactionRequest: { assetId: 'USDC', source: { type: 'VAULT_ACCOUNT', id: '1' }, destination: { type: 'VAULT_ACCOUNT', id: '0' }, amount: '-1' } },
      400,
      'negative amount',
    );
    const end = Date.now() + 40_000;
    const final = new Set(['COMPLETED', 'FAILED', 'REJECTED', 'BLOCKED', 'CANCELLED']);
    let pending = [...ids];
    while (pending.length && Date.now() < end) {
      const next: string[] = [];
      for (const id of pending) {
        const t = await sdk<{ status: string }>(tx, 'getTransaction', { txId: id });
        if (!final.has(t.status)) next.push(id);
      }
      pending = next;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(pending).toEqual([]);
    await sdk(tx, 'getTransaction', { txId: 'no-such-transaction' }, 404, 'unknown transaction');
    // Every transaction of the demo and of this test, in one list and by filter.
    await sdk(tx, 'getTransactions', { limit: 500 });
    await sdk(tx, 'getTransactions', {
      status: 'COMPLETED',
      orderBy: 'lastUpdated',
      sort: 'ASC',
      sourceType: 'VAULT_ACCOUNT',
      sourceId: '1',
      assets: 'USDC',
      limit: 5,
    });
    await sdk(tx, 'getTransactions', { limit: 0 }, 400, 'limit 0');

    await sdk(w, 'getWebhooks', {});
    await sdk(w, 'getWebhooks', { order: 'ASC', pageSize: 1 });
    await sdk(w, 'getWebhook', { webhookId: hook.id });
    await sdk(w, 'updateWebhook', {
      webhookId: hook.id,
      updateWebhookRequest: { description: 'conformance, updated', events: ['transaction.created', 'transaction.status.updated'] },
    });
    await sdk(w, 'getWebhook', { webhookId: '00000000-0000-4000-8000-000000000000' }, 404, 'unknown webhook');
    const notifications = await sdk<{ data: { id: string }[] }>(w, 'getNotifications', { webhookId: hook.id, pageSize: 100 });
    expect(notifications.data.length).toBeGreaterThan(0);
    await sdk(w, 'getNotifications', {
      webhookId: hook.id,
      order: 'ASC',
      sortBy: 'id',
      pageSize: 5,
      statuses: ['COMPLETED'],
      events: ['transaction.created'],
      resourceId: ids[0],
    });
    for (const n of notifications.data.slice(0, 5)) {
      await sdk(w, 'getNotification', { webhookId: hook.id, notificationId: n.id });
      await sdk(w, 'getNotificationAttempts', { webhookId: hook.id, notificationId: n.id });
    }
    await sdk(w, 'resendNotificationById', { webhookId: hook.id, notificationId: notifications.data[0]!.id }, 202);
    await sdk(w, 'resendFailedNotifications', { webhookId: hook.id, resendFailedNotificationsRequest: {} }, 200);
    await sdk(w, 'getNotification', { webhookId: hook.id, notificationId: '00000000-0000-4000-8000-000000000000' }, 404, 'unknown notification');
    await sdk(w, 'deleteWebhook', { webhookId: hook.id });
    await sdk(w, 'deleteWebhook', { webhookId: hook.id }, 404, 'deleted twice');
    expect(areaFindings(['TransactionsApi.', 'WebhooksV2Api.'])).toEqual([]);
  });

  it('covers every SDK operation whose method and path the service serves', async () => {
    const ours = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const served = new Set(
      Object.entries(ours.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/^\/v1/, '').replace(/\{[^}]+\}/g, '{}')}`),
      ),
    );
    // The SDK's method → path table, from the TypeScript sources the package ships next to dist/.
    const apiSources = join(SDK_DIST, '..', 'api');
    const sdkOperations = readdirSync(apiSources)
      .filter((f) => f.endsWith('-api.ts'))
      .flatMap((f) => {
        const source = readFileSync(join(apiSources, f), 'utf8');
        const apiClass = /export const (\w+)AxiosParamCreator = /.exec(source)![1]!;
        return [...source.matchAll(/^ {8}(\w+): async \([^]*?const localVarPath = `([^`]+)`[^]*?method: '(\w+)'/gm)].map((m) => ({
          operation: `${apiClass}.${m[1]}`,
          route: `${m[3]} ${m[2]!.replace(/\{[^}]+\}/g, '{}')}`,
        }));
      });
    const inScope = sdkOperations
      .filter((o) => served.has(o.route))
      .map((o) => o.operation)
      .sort();
    const covered = new Set(recorded.map((r) => r.operation));
    expect(inScope.length).toBeGreaterThan(30);
    expect(inScope.filter((o) => !covered.has(o))).toEqual([]);
    expect(unexplained()).toEqual([]);
    const errors = recorded.filter((r) => r.status >= 400).length;
    process.stdout.write(
      `sdk conformance: ${covered.size} operations covered (${inScope.length} SDK operations in scope, all covered), ${recorded.length} responses checked (${errors} errors), ${requestsChecked.length} requests checked, ${modelsUsed.size} SDK models used\n`,
    );
  });
});

describe('the checker cannot pass vacuously', () => {
  const order = () => ({
    id: 'o-1',
    via: { type: 'PROVIDER', providerId: 'HARBOR' },
    status: 'CREATED',
    createdAt: '2026-01-01T00:00:00.000Z',
    executionSteps: [],
    executionResponseDetails: { type: 'MARKET', side: 'BUY', baseAmount: '1', baseAssetId: 'ETH', quoteAssetId: 'USDT' },
    settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
    createdBy: 'u-1',
  });
  const bounds: SdkBounds = SDK_BOUNDS;

  it('accepts a well-formed order, then fails a missing required field, a misspelt enum, a wrong type, an undeclared null and a bound', () => {
    expect(checkModel(order(), 'OrderDetails', bounds).errors).toEqual([]);
    const { createdBy: _, ...missing } = order();
    expect(checkModel(missing, 'OrderDetails').errors).toEqual(['$.createdBy: required by OrderDetails but missing']);
    expect(checkModel({ ...order(), status: 'Completed' }, 'OrderDetails').errors).toEqual([
      expect.stringMatching(/^\$\.status: "Completed" is not a member of OrderStatus/),
    ]);
    expect(checkModel({ ...order(), createdAt: 1767225600000 }, 'OrderDetails').errors).toEqual(['$.createdAt: expected string, got number']);
    expect(checkModel({ ...order(), executionSteps: null }, 'OrderDetails').errors).toEqual(['$.executionSteps: expected array, got null']);
    // A oneOf: a DVP settlement without its accounts matches no variant.
    expect(checkModel({ ...order(), settlement: { type: 'DVP' } }, 'OrderDetails').errors.join('\n')).toMatch(
      /\$\.settlement\.(type|sourceAccount|destinationAccount)/,
    );
    expect(checkModel({ providerId: 'AAVE', supportedChainIds: Array.from({ length: 11 }, (_, i) => i + 1) }, 'EarnProvider', bounds).errors).toEqual([
      '$.supportedChainIds: 11 items, at most 10 allowed',
    ]);
    expect(checkModel({ ...order(), statusx: 'CREATED' }, 'OrderDetails').extras).toEqual(['OrderDetails.statusx']);
  });

  it('reads enums, nullability and arrays from the SDK declarations as they are', () => {
    expect(checkModel('VAULT_ACCOUNT', 'TransferPeerPathType').errors).toEqual([]);
    expect(checkModel('vault_account', 'TransferPeerPathType').errors).toHaveLength(1);
    expect(checkModel({ data: [], next: null }, 'WebhookPaginatedResponse').errors).toEqual([]);
    expect(checkModel({ users: [{ id: 1 }] }, 'GetAPIUsersResponse').errors).toContain('$.users[0].id: expected string, got number');
    expect(() => checkModel({}, 'NoSuchModel')).toThrow(/no model/);
  });
});

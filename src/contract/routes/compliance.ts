import { createRoute } from '@hono/zod-openapi';
import { ScreeningConfiguration, ScreeningConfigurationState, UpdateScreeningConfigurationRequest } from '../screening';
import {
  CreateIntegrationRequest,
  CreateTrmRequest,
  IntegrationParam,
  RequiredActionsResponse,
  ResolveActionRequest,
  TravelRuleIntegration,
  TravelRuleMessage,
  TrmList,
  TrmListQuery,
  TrmParams,
  Vasp,
  VaspList,
  VaspListQuery,
  VaspParams,
} from '../travel-rule';
import { SECURITY } from './common';
import { idempotencyHeaders, operation } from './operation';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

const BASE = '/v1/screening/trlink/customers/integration/{customerIntegrationId}';
const TAG = 'Compliance';
const EXTENSION = 'Compliance (extension)';
const ANY_ROLE = 'No role restriction stated.';

export const getTravelRuleIntegration = createRoute({
  method: 'get',
  path: '/v1/screening/trlink/integration',
  tags: [EXTENSION],
  summary: 'The workspace’s Travel Rule integration (its customerIntegrationId)',
  ...operation('getTravelRuleIntegration', `404 when the workspace has none yet. ${ANY_ROLE}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('getTravelRuleIntegration') },
  responses: {
    200: { description: 'The integration', content: { 'application/json': { schema: TravelRuleIntegration } } },
    ...errorResponses(...GUARDED, 404),
  },
});

export const createTravelRuleIntegration = createRoute({
  method: 'post',
  path: '/v1/screening/trlink/integration',
  tags: [EXTENSION],
  summary: 'Create the workspace’s Travel Rule integration, naming the VASP the workspace operates as',
  ...operation('createTravelRuleIntegration', 'One per workspace (409 when it exists); the VASP must be in the directory.'),
  security: SECURITY,
  request: {
    ...idempotencyHeaders('createTravelRuleIntegration'),
    body: { required: true, content: { 'application/json': { schema: CreateIntegrationRequest } } },
  },
  responses: {
    201: { description: 'The new integration', content: { 'application/json': { schema: TravelRuleIntegration } } },
    ...errorResponses(...GUARDED_WRITE),
  },
});

export const listTravelRuleMessages = createRoute({
  method: 'get',
  path: `${BASE}/trm`,
  tags: [EXTENSION],
  summary: 'Travel Rule messages, newest first, filtered by status and direction',
  ...operation('listTravelRuleMessages', `Keyset-paginated; the cursor is bound to the workspace and the filters. ${ANY_ROLE}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('listTravelRuleMessages'), params: IntegrationParam, query: TrmListQuery },
  responses: {
    200: { description: 'A page of messages', content: { 'application/json': { schema: TrmList } } },
    ...errorResponses(...GUARDED, 404),
  },
});

export const createTravelRuleMessage = createRoute({
  method: 'post',
  path: `${BASE}/trm`,
  tags: [EXTENSION],
  summary: 'Record a Travel Rule message for an inbound or outbound transfer',
  ...operation(
    'createTravelRuleMessage',
    'Stands in for the transaction engine, which will create messages for transfers; used by tests and the demo. The request follows the wire’s create request. The workspace’s own VASP is the beneficiary of an INBOUND message and the originator of an OUTBOUND one; the other VASP (the counterparty) must be in the directory, and its policy decides which beneficiary fields it requires.',
  ),
  security: SECURITY,
  request: {
    ...idempotencyHeaders('createTravelRuleMessage'),
    params: IntegrationParam,
    body: { required: true, content: { 'application/json': { schema: CreateTrmRequest } } },
  },
  responses: {
    201: { description: 'The new message', content: { 'application/json': { schema: TravelRuleMessage } } },
    ...errorResponses(...GUARDED_WRITE, 404),
  },
});

export const getTravelRuleMessage = createRoute({
  method: 'get',
  path: `${BASE}/trm/{trmId}`,
  tags: [TAG],
  summary: 'Get a Travel Rule message',
  ...operation('getTravelRuleMessage', `${ANY_ROLE}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('getTravelRuleMessage'), params: TrmParams },
  responses: {
    200: { description: 'The message', content: { 'application/json': { schema: TravelRuleMessage } } },
    ...errorResponses(...GUARDED, 404),
  },
});

export const getTravelRuleRequiredActions = createRoute({
  method: 'get',
  path: `${BASE}/trm/{trmId}/required_actions`,
  tags: [TAG],
  summary: 'The actions a Travel Rule message needs before it can proceed',
  ...operation(
    'getTravelRuleRequiredActions',
    `A PENDING message that lacks beneficiary PII its counterparty requires needs UPLOAD_BENEFICIARY_PII, with the IVMS101 paths still missing (alternatives for a natural and a legal person: one complete set is enough). Other statuses need nothing. ${ANY_ROLE}`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('getTravelRuleRequiredActions'), params: TrmParams },
  responses: {
    200: { description: 'The required actions (empty when none)', content: { 'application/json': { schema: RequiredActionsResponse } } },
    ...errorResponses(...GUARDED, 404),
  },
});

export const resolveTravelRuleAction = createRoute({
  method: 'post',
  path: `${BASE}/trm/{trmId}/resolve_action`,
  tags: [TAG],
  summary: 'Resolve a pending TRM action',
  ...operation(
    'resolveTravelRuleAction',
    '`type` must be an action the message requires now. For UPLOAD_BENEFICIARY_PII, `data.beneficiaryPii.ivms101` carries the IVMS101 JSON encrypted for the counterparty VASP’s public key (JWE with RSA-OAEP-256 and A256GCM) and `filledFields` covering the required paths. The counterparty decrypts and checks it, then accepts (ACCEPTED) or rejects it with a reason (REJECTED; FAILED when it cannot decrypt it). The answer is the message with its current status. ' +
      `${ANY_ROLE}`,
  ),
  security: SECURITY,
  request: {
    ...idempotencyHeaders('resolveTravelRuleAction'),
    params: TrmParams,
    body: { required: true, content: { 'application/json': { schema: ResolveActionRequest } } },
  },
  responses: {
    200: { description: 'The message after the action, with its current status', content: { 'application/json': { schema: TravelRuleMessage } } },
    ...errorResponses(...GUARDED_WRITE, 404),
  },
});

export const listVasps = createRoute({
  method: 'get',
  path: `${BASE}/vasps`,
  tags: [TAG],
  summary: 'List VASPs of the directory, by name',
  ...operation('listVasps', `\`q\` (extension) searches by DID or by words of the name and legal name. ${ANY_ROLE}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('listVasps'), params: IntegrationParam, query: VaspListQuery },
  responses: {
    200: { description: 'A page of VASPs', content: { 'application/json': { schema: VaspList } } },
    ...errorResponses(...GUARDED, 404),
  },
});

export const getVasp = createRoute({
  method: 'get',
  path: `${BASE}/vasps/{vaspId}`,
  tags: [TAG],
  summary: 'Get a VASP by id',
  ...operation('getVasp', `\`vaspId\` is a DID. The answer includes the VASP’s public key (PEM) and its fingerprint. ${ANY_ROLE}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('getVasp'), params: VaspParams },
  responses: {
    200: { description: 'The VASP', content: { 'application/json': { schema: Vasp } } },
    ...errorResponses(...GUARDED, 404),
  },
});

export const updateScreeningConfiguration = createRoute({
  method: 'put',
  path: '/v1/screening/configurations',
  tags: [TAG],
  summary: 'Update screening configuration',
  ...operation(
    'updateScreeningConfiguration',
    `Stores either or both booleans for the workspace and answers with both as stored; every change is audited with the values before and after. ${ANY_ROLE}`,
  ),
  security: SECURITY,
  request: {
    ...idempotencyHeaders('updateScreeningConfiguration'),
    body: { required: true, content: { 'application/json': { schema: UpdateScreeningConfigurationRequest } } },
  },
  responses: {
    200: { description: 'The configuration as stored', content: { 'application/json': { schema: ScreeningConfiguration } } },
    ...errorResponses(...GUARDED_WRITE),
  },
});

export const getScreeningConfiguration = createRoute({
  method: 'get',
  path: '/v1/screening/configurations',
  tags: [EXTENSION],
  summary: 'The screening configuration and who changed it last',
  ...operation('getScreeningConfiguration', `Both booleans are false until first set. ${ANY_ROLE}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('getScreeningConfiguration') },
  responses: {
    200: { description: 'The configuration', content: { 'application/json': { schema: ScreeningConfigurationState } } },
    ...errorResponses(...GUARDED),
  },
});

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
import { area, OWNER_AND_ADMINS } from './operation';

const BASE = '/v1/screening/trlink/customers/integration/{customerIntegrationId}';
const TAG = 'Compliance';
const EXTENSION = 'Compliance (extension)';
const ANY_ROLE = 'No role restriction stated.';

const compliance = area({ tags: [TAG], roles: 'any' });

export const getTravelRuleIntegration = compliance.get(
  'getTravelRuleIntegration',
  '/v1/screening/trlink/integration',
  'The workspace’s Travel Rule integration (its customerIntegrationId)',
  { tags: [EXTENSION], description: `404 when the workspace has none yet. ${ANY_ROLE}`, 200: ['The integration', TravelRuleIntegration], errors: [404] },
);

export const createTravelRuleIntegration = compliance.post(
  'createTravelRuleIntegration',
  '/v1/screening/trlink/integration',
  'Create the workspace’s Travel Rule integration, naming the VASP the workspace operates as',
  {
    tags: [EXTENSION],
    description: 'One per workspace (409 when it exists); the VASP must be in the directory.',
    roles: OWNER_AND_ADMINS,
    body: CreateIntegrationRequest,
    201: ['The new integration', TravelRuleIntegration],
  },
);

export const listTravelRuleMessages = compliance.get(
  'listTravelRuleMessages',
  `${BASE}/trm`,
  'Travel Rule messages, newest first, filtered by status and direction',
  {
    tags: [EXTENSION],
    description: `Keyset-paginated; the cursor is bound to the workspace and the filters. ${ANY_ROLE}`,
    params: IntegrationParam,
    query: TrmListQuery,
    200: ['A page of messages', TrmList],
  },
);

export const createTravelRuleMessage = compliance.post(
  'createTravelRuleMessage',
  `${BASE}/trm`,
  'Record a Travel Rule message for an inbound or outbound transfer',
  {
    tags: [EXTENSION],
    description:
      'Stands in for the transaction engine, which will create messages for transfers; used by tests and the demo. The request follows the wire’s create request. The workspace’s own VASP is the beneficiary of an INBOUND message and the originator of an OUTBOUND one; the other VASP (the counterparty) must be in the directory, and its policy decides which beneficiary fields it requires.',
    roles: OWNER_AND_ADMINS,
    params: IntegrationParam,
    body: CreateTrmRequest,
    201: ['The new message', TravelRuleMessage],
  },
);

export const getTravelRuleMessage = compliance.get('getTravelRuleMessage', `${BASE}/trm/{trmId}`, 'Get a Travel Rule message', {
  description: `${ANY_ROLE}`,
  params: TrmParams,
  200: ['The message', TravelRuleMessage],
});

export const getTravelRuleRequiredActions = compliance.get(
  'getTravelRuleRequiredActions',
  `${BASE}/trm/{trmId}/required_actions`,
  'The actions a Travel Rule message needs before it can proceed',
  {
    description: `A PENDING message that lacks beneficiary PII its counterparty requires needs UPLOAD_BENEFICIARY_PII, with the IVMS101 paths still missing (alternatives for a natural and a legal person: one complete set is enough). Other statuses need nothing. ${ANY_ROLE}`,
    params: TrmParams,
    200: ['The required actions (empty when none)', RequiredActionsResponse],
  },
);

// Compliance (spec): no stated roles, so any role; the extensions that stand in for set-up and
// the transaction engine belong to the admins who configure the workspace. The screening update
// has no stated roles either, but it can switch off protections against sanctioned funds, so it
// belongs to the same admins (a Viewer must not be able to unfreeze funds). Resolving a Travel
// Rule action sends the beneficiary's personal data to the counterparty on the workspace's behalf:
// a write the read-only roles (Viewer, Auditor, Security Auditor) do not make.
export const resolveTravelRuleAction = compliance.post('resolveTravelRuleAction', `${BASE}/trm/{trmId}/resolve_action`, 'Resolve a pending TRM action', {
  description:
    '`type` must be an action the message requires now. For UPLOAD_BENEFICIARY_PII, `data.beneficiaryPii.ivms101` carries the IVMS101 JSON encrypted for the counterparty VASP’s public key (JWE with RSA-OAEP-256 and A256GCM) and `filledFields` covering the required paths. The counterparty decrypts and checks it, then accepts (ACCEPTED) or rejects it with a reason (REJECTED; FAILED when it cannot decrypt it). The answer is the message with its current status. ' +
    `${ANY_ROLE}`,
  roles: ['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN', 'SIGNER', 'COLLATERALS_SIGNER', 'EDITOR', 'APPROVER', 'NCW_ADMIN', 'NCW_SIGNER', 'SECURITY_ADMIN'],
  params: TrmParams,
  body: ResolveActionRequest,
  200: ['The message after the action, with its current status', TravelRuleMessage],
});

export const listVasps = compliance.get('listVasps', `${BASE}/vasps`, 'List VASPs of the directory, by name', {
  description: `\`q\` (extension) searches by DID or by words of the name and legal name. ${ANY_ROLE}`,
  params: IntegrationParam,
  query: VaspListQuery,
  200: ['A page of VASPs', VaspList],
});

export const getVasp = compliance.get('getVasp', `${BASE}/vasps/{vaspId}`, 'Get a VASP by id', {
  description: `\`vaspId\` is a DID. The answer includes the VASP’s public key (PEM) and its fingerprint. ${ANY_ROLE}`,
  params: VaspParams,
  200: ['The VASP', Vasp],
});

export const updateScreeningConfiguration = compliance.put('updateScreeningConfiguration', '/v1/screening/configurations', 'Update screening configuration', {
  description: `Stores either or both booleans for the workspace and answers with both as stored; every change is audited with the values before and after. ${ANY_ROLE}`,
  roles: OWNER_AND_ADMINS,
  body: UpdateScreeningConfigurationRequest,
  200: ['The configuration as stored', ScreeningConfiguration],
});

export const getScreeningConfiguration = compliance.get(
  'getScreeningConfiguration',
  '/v1/screening/configurations',
  'The screening configuration and who changed it last',
  { tags: [EXTENSION], description: `Both booleans are false until first set. ${ANY_ROLE}`, 200: ['The configuration', ScreeningConfigurationState] },
);

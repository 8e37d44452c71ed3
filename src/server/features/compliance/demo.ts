import { BENEFICIARY_FIELDS, personKindOf } from '../../../contract/ivms101';
import type { Db } from '../../db/client';
import { beneficiaryRequirements } from './counterparty';
import { findVasp } from './directory';
import { encryptPiiFor } from './pii-encryption';
import * as store from './store';
import { travelRuleAsset } from './assets';

/** The VASP the demo workspace operates as in the Travel Rule network. */
export const DEMO_VASP_ID = 'did:web:asset-ops-demo-custody.example';

const HOUR = 60 * 60 * 1000;

const ORIGINATOR_FIELDS = [
  'Originator.originatorPerson[].naturalPerson.name.nameIdentifier[].primaryIdentifier',
  'Originator.originatorPerson[].naturalPerson.name.nameIdentifier[].secondaryIdentifier',
  'Originator.originatorPerson[].naturalPerson.geographicAddress[].townName',
  'Originator.originatorPerson[].naturalPerson.geographicAddress[].country',
  'Originator.originatorPerson[].accountNumber[]',
];
const LEGAL_ORIGINATOR_FIELDS = [
  'Originator.originatorPerson[].legalPerson.name.nameIdentifier[].legalPersonName',
  'Originator.originatorPerson[].legalPerson.geographicAddress[].townName',
  'Originator.originatorPerson[].legalPerson.geographicAddress[].country',
];

interface Example {
  direction: 'in' | 'out';
  counterparty: string;
  assetId: string;
  amount: string;
  usd: string;
  hoursAgo: number;
  originator: { natural?: [family: string, given: string, town: string, country: string]; legal?: [name: string, town: string, country: string] };
  /** The beneficiary's name as the originator gave it (a natural person), if it did. */
  beneficiaryName?: [family: string, given: string];
  from: string;
  to: string;
  txHash: string;
  /** Set for a message already decided; PENDING ones wait for the beneficiary PII. */
  outcome?: { status: 'ACCEPTED' | 'REJECTED' | 'FAILED'; reason: string; beneficiaryComplete?: boolean };
}

// Fictional people and companies; the addresses are syntactically valid for their networks.
const EXAMPLES: Example[] = [
  {
    direction: 'in',
    counterparty: 'did:web:northwind-digital.example',
    assetId: 'ETH',
    amount: '2.5',
    usd: '8412.50',
    hoursAgo: 2,
    originator: { natural: ['Brandt', 'Lena', 'Frankfurt am Main', 'DE'] },
    beneficiaryName: ['Okafor', 'Daniel'],
    from: '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB',
    to: '0x583031D1113aD414F02576BD6afaBfb302140225',
    txHash: '0x9f3c6b1d5e2a7c4f8b0d3e6a9c2f5b8e1d4a7c0f3b6e9d2a5c8f1b4e7d0a3c6b',
  },
  {
    direction: 'in',
    counterparty: 'did:web:thames-ledger.example',
    assetId: 'USDC',
    amount: '15000.00',
    usd: '15000.00',
    hoursAgo: 7,
    originator: { legal: ['Thornbury Capital Partners LLP', 'London', 'GB'] },
    from: '0xdD870fA1b7C4700F2BD7f44238821C26f7392148',
    to: '0x583031D1113aD414F02576BD6afaBfb302140225',
    txHash: '0x2d7a4c9e1f6b3d8a5c2e7f4b9d1a6c3e8f5b2d7a4c9e1f6b3d8a5c2e7f4b9d1a',
  },
  {
    direction: 'in',
    counterparty: 'did:web:isarblock.example',
    assetId: 'BTC',
    amount: '0.125',
    usd: '12187.34',
    hoursAgo: 20,
    originator: { natural: ['Huber', 'Maximilian', 'München', 'DE'] },
    beneficiaryName: ['Svensson', 'Ingrid'],
    from: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    to: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    txHash: 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16',
  },
  {
    direction: 'out',
    counterparty: 'did:web:marina-bay-vault.example',
    assetId: 'USDT_ERC20',
    amount: '250000',
    usd: '249875.00',
    hoursAgo: 30,
    originator: { legal: ['Asset Ops Demo Treasury GmbH', 'Berlin', 'DE'] },
    from: '0x583031D1113aD414F02576BD6afaBfb302140225',
    to: '0x1aD91ee08f21bE3dE0BA2ba6918E714dA6B45836',
    txHash: '',
  },
  {
    direction: 'in',
    counterparty: 'did:web:alpenwert.example',
    assetId: 'SOL',
    amount: '420.75',
    usd: '61530.12',
    hoursAgo: 52,
    originator: { natural: ['Keller', 'Andrea', 'Zürich', 'CH'] },
    beneficiaryName: ['Moreau', 'Claire'],
    from: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    to: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    txHash: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
    outcome: { status: 'ACCEPTED', reason: 'Alpenwert accepted the beneficiary PII', beneficiaryComplete: true },
  },
  {
    direction: 'out',
    counterparty: 'did:web:hudson-custody.example',
    assetId: 'USDC',
    amount: '50000.00',
    usd: '50000.00',
    hoursAgo: 75,
    originator: { legal: ['Asset Ops Demo Treasury GmbH', 'Berlin', 'DE'] },
    beneficiaryName: ['Whitaker', 'James'],
    from: '0x583031D1113aD414F02576BD6afaBfb302140225',
    to: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    txHash: '0x6e1b8d3a5f2c9e7b4d1a8c5f2e9b6d3a0c7f4e1b8d5a2c9f6e3b0d7a4c1f8e5b',
    outcome: { status: 'ACCEPTED', reason: 'Hudson Custody accepted the beneficiary PII', beneficiaryComplete: true },
  },
  {
    direction: 'in',
    counterparty: 'did:web:seine-custody.example',
    assetId: 'ETH',
    amount: '0.75',
    usd: '2523.75',
    hoursAgo: 98,
    originator: { natural: ['Lefèvre', 'Julien', 'Paris', 'FR'] },
    beneficiaryName: ['Novak', 'Petra'],
    from: '0x2546BcD3c84621e976D8185a91A922aE77ECEc30',
    to: '0x583031D1113aD414F02576BD6afaBfb302140225',
    txHash: '0x3c8e5a2f9d6b1e4a7c0f3d8b5e2a9c6f1d4b7e0a3c8f5d2b9e6a1c4f7d0b3e8a',
    outcome: {
      status: 'REJECTED',
      reason:
        'Seine Custody rejected the beneficiary PII: IVMS101 beneficiary.beneficiaryPerson.0.naturalPerson.dateAndPlaceOfBirth.dateOfBirth: must be in the past (and less than 150 years ago)',
    },
  },
  {
    direction: 'out',
    counterparty: 'did:web:creek-custody.example',
    assetId: 'TRX_USDT_S2UZ',
    amount: '12000',
    usd: '11994.00',
    hoursAgo: 140,
    originator: { legal: ['Asset Ops Demo Treasury GmbH', 'Berlin', 'DE'] },
    from: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    to: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    txHash: '',
    outcome: { status: 'FAILED', reason: 'Creek Custody could not decrypt the beneficiary PII: it was not encrypted for its public key' },
  },
  {
    direction: 'in',
    counterparty: 'did:web:baltic-vault.example',
    assetId: 'POL_POLYGON',
    amount: '3150.5',
    usd: '1291.71',
    hoursAgo: 190,
    originator: { natural: ['Tamm', 'Kristjan', 'Tallinn', 'EE'] },
    from: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
    to: '0x583031D1113aD414F02576BD6afaBfb302140225',
    txHash: '0x8a4f1c7e3b9d5a2f8c6e1b4d7a0f3c9e5b2d8a6f1c4e7b0d3a9f5c2e8b6d1a4f',
  },
];

function ivmsPayload(example: Example) {
  const [family, given, town, country] = example.originator.natural ?? [];
  const [legalName, legalTown, legalCountry] = example.originator.legal ?? [];
  const originatorPerson = example.originator.natural
    ? {
        naturalPerson: {
          name: { nameIdentifier: [{ primaryIdentifier: family, secondaryIdentifier: given, naturalPersonNameIdentifierType: 'LEGL' }] },
          geographicAddress: [{ addressType: 'HOME', townName: town, country }],
        },
        accountNumber: [example.from],
      }
    : {
        legalPerson: {
          name: { nameIdentifier: [{ legalPersonName: legalName, legalPersonNameIdentifierType: 'LEGL' }] },
          geographicAddress: [{ addressType: 'BIZZ', townName: legalTown, country: legalCountry }],
        },
      };
  const name = example.beneficiaryName && {
    nameIdentifier: [
      { primaryIdentifier: example.beneficiaryName[0], secondaryIdentifier: example.beneficiaryName[1], naturalPersonNameIdentifierType: 'LEGL' },
    ],
  };
  // A decided message carries the whole beneficiary, as the accepted upload had it.
  const complete = example.outcome?.beneficiaryComplete
    ? {
        geographicAddress: [{ addressType: 'HOME', streetName: 'Rue de Lausanne', buildingNumber: '12', postCode: '1201', townName: 'Genève', country: 'CH' }],
        nationalIdentification: { nationalIdentifier: 'X4821937', nationalIdentifierType: 'CCPT', countryOfIssue: 'CH' },
        dateAndPlaceOfBirth: { dateOfBirth: '1986-04-17', placeOfBirth: 'Lausanne' },
        countryOfResidence: 'CH',
      }
    : {};
  const beneficiary = name ? { beneficiaryPerson: [{ naturalPerson: { name, ...complete } }] } : undefined;
  const filled = [...(example.originator.natural ? ORIGINATOR_FIELDS : LEGAL_ORIGINATOR_FIELDS)];
  if (example.beneficiaryName) filled.push(BENEFICIARY_FIELDS.naturalFamilyName.path, BENEFICIARY_FIELDS.naturalGivenNames.path);
  return {
    payload: { originator: { originatorPerson: [originatorPerson] }, ...(beneficiary ? { beneficiary } : {}), payloadMetadata: { payloadVersion: '101.2023' } },
    filled,
  };
}

/**
 * The demo workspace's Travel Rule integration with messages in every status (four wait for
 * beneficiary PII), and its screening configuration with both protections on. Runs once, when
 * the demo workspace is created.
 */
export async function seedComplianceDemo(db: Db, workspaceId: string, now = Date.now()): Promise<void> {
  const integration =
    (await store.insertIntegration(db, workspaceId, DEMO_VASP_ID, now - 30 * 24 * HOUR)) ?? (await store.integrationOfWorkspace(db, workspaceId));
  if (!integration) throw new Error('the demo Travel Rule integration could not be created');
  const own = findVasp(DEMO_VASP_ID)!;

  for (const [index, example] of EXAMPLES.entries()) {
    const counterparty = findVasp(example.counterparty);
    if (!counterparty) throw new Error(`demo data names ${example.counterparty}, which is not in the directory`);
    const inbound = example.direction === 'in';
    const { payload, filled } = ivmsPayload(example);
    const required = beneficiaryRequirements(counterparty.id);
    const filledFields = example.outcome?.beneficiaryComplete
      ? [...new Set([...filled, ...required.filter((f) => personKindOf(f.path) === 'naturalPerson').map((f) => f.path)])]
      : filled;
    // Encrypted for its recipient: the demo VASP for what came in, the counterparty for what went out
    // or for the beneficiary PII it accepted.
    const recipient = inbound && example.outcome?.status !== 'ACCEPTED' ? own : counterparty;
    const data = await encryptPiiFor(recipient.publicKey, payload);
    const at = now - example.hoursAgo * HOUR;
    await store.insertMessage(db, {
      workspaceId,
      integrationId: integration.customerIntegrationId,
      externalId: `demo-trm-${String(index + 1).padStart(3, '0')}`,
      asset: travelRuleAsset(example.assetId)!,
      amount: example.amount,
      direction: example.direction,
      originatorWalletAddress: example.from,
      beneficiaryWalletAddress: example.to,
      txHash: example.txHash,
      ivmsVersion: 'IVMS101.2023',
      ivmsData: data,
      filledFields,
      requiredBeneficiaryFields: required,
      version: example.outcome ? '2' : '1',
      status: example.outcome?.status ?? 'PENDING',
      reason: example.outcome?.reason ?? `Waiting for the beneficiary PII that ${counterparty.name} requires`,
      fiatAmount: example.usd,
      fiatCurrency: 'USD',
      originatorVaspId: inbound ? counterparty.id : DEMO_VASP_ID,
      beneficiaryVaspId: inbound ? DEMO_VASP_ID : counterparty.id,
      providerData: { provider: 'Asset Ops Travel Rule network (simulated)', data: {} },
      createdAt: at,
      updatedAt: example.outcome ? at + HOUR : at,
    });
  }

  await store.setScreening(db, workspaceId, { disableBypass: true, disableUnfreeze: true }, null, now - 30 * 24 * HOUR);
}

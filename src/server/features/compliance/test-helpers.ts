import type { BeneficiaryPayload } from '../../../contract/ivms101';
import type { CreateTrmRequest } from '../../../contract/travel-rule';
import { jsonCaller } from '../../test/harness';
import { FULL_LEGAL, FULL_NATURAL } from './counterparty';
import { findVasp } from './directory';
import { encryptPiiFor } from './pii-encryption';

/** Shared by the compliance tests: calls through the app with a console token, and IVMS101 payloads. */

/** Calls through the app with a console token (the harness's JSON caller). */
export const caller = jsonCaller;

export const OWN_VASP = 'did:web:asset-ops-demo-custody.example';
/** Requires a natural person's name, address, national id and date and place of birth (FULL policy). */
export const FULL_VASP = 'did:web:northwind-digital.example';
/** Requires a name and a town and country only (STANDARD policy). */
export const STANDARD_VASP = 'did:web:isarblock.example';

export function publicKeyOf(vaspId: string): string {
  const vasp = findVasp(vaspId);
  if (!vasp) throw new Error(`${vaspId} is not in the directory`);
  return vasp.publicKey;
}

export const NATURAL_FULL_FIELDS = FULL_NATURAL.map((f) => f.path);
export const LEGAL_FULL_FIELDS = FULL_LEGAL.map((f) => f.path);

export const naturalBeneficiary = (overrides: Record<string, unknown> = {}): BeneficiaryPayload =>
  ({
    beneficiary: {
      beneficiaryPerson: [
        {
          naturalPerson: {
            name: { nameIdentifier: [{ primaryIdentifier: 'Moreau', secondaryIdentifier: 'Claire', naturalPersonNameIdentifierType: 'LEGL' }] },
            geographicAddress: [
              { addressType: 'HOME', streetName: 'Rue de Lausanne', buildingNumber: '12', postCode: '1201', townName: 'Genève', country: 'CH' },
            ],
            nationalIdentification: { nationalIdentifier: 'X4821937', nationalIdentifierType: 'CCPT', countryOfIssue: 'CH' },
            dateAndPlaceOfBirth: { dateOfBirth: '1986-04-17', placeOfBirth: 'Lausanne' },
            ...overrides,
          },
        },
      ],
    },
    payloadMetadata: { payloadVersion: '101.2023' },
  }) as BeneficiaryPayload;

export const legalBeneficiary = (): BeneficiaryPayload => ({
  beneficiary: {
    beneficiaryPerson: [
      {
        legalPerson: {
          name: { nameIdentifier: [{ legalPersonName: 'Harbourview Trading Ltd', legalPersonNameIdentifierType: 'LEGL' }] },
          geographicAddress: [{ addressType: 'BIZZ', streetName: 'Cheapside', buildingNumber: '1', postCode: 'EC2V 6DT', townName: 'London', country: 'GB' }],
          nationalIdentification: { nationalIdentifier: '529900T8BM49AURSDO55', nationalIdentifierType: 'LEIX' },
          countryOfRegistration: 'GB',
        },
      },
    ],
  },
});

/** An inbound message from `counterparty`, with the originator's data encrypted for the workspace's own VASP. */
export async function inboundTrm(counterparty: string, overrides: Partial<CreateTrmRequest> = {}): Promise<CreateTrmRequest> {
  const originator = {
    originator: {
      originatorPerson: [
        {
          naturalPerson: { name: { nameIdentifier: [{ primaryIdentifier: 'Brandt', secondaryIdentifier: 'Lena', naturalPersonNameIdentifierType: 'LEGL' }] } },
        },
      ],
    },
  };
  return {
    direction: 'INBOUND',
    assetId: 'ETH',
    amount: '2.50',
    amountUSD: '8412.50',
    srcAddress: '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB',
    destAddress: '0x583031D1113aD414F02576BD6afaBfb302140225',
    txHash: '0x9f3c6b1d5e2a7c4f8b0d3e6a9c2f5b8e1d4a7c0f3b6e9d2a5c8f1b4e7d0a3c6b',
    originatorVaspId: counterparty,
    ivms101: {
      version: 'IVMS101.2023',
      data: await encryptPiiFor(publicKeyOf(OWN_VASP), originator),
      filledFields: ['Originator.originatorPerson[].naturalPerson.name.nameIdentifier[].primaryIdentifier'],
    },
    ...overrides,
  };
}

/** A resolve-action body for UPLOAD_BENEFICIARY_PII, encrypted for `recipient`'s public key. */
export async function beneficiaryUpload(recipient: string, payload: unknown, filledFields: string[], type = 'UPLOAD_BENEFICIARY_PII') {
  return { type, data: { beneficiaryPii: { ivms101: { version: 'IVMS101.2023', data: await encryptPiiFor(publicKeyOf(recipient), payload), filledFields } } } };
}

import { generateKeyPairSync } from 'node:crypto';
import { compactDecrypt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { BENEFICIARY_FIELDS, BeneficiaryPayload, missingRequiredPaths } from '../../../contract/ivms101';
import { beneficiaryRequirements } from '../../../server/features/compliance/counterparty';
import { type BeneficiaryFormValues, beneficiarySchema, beneficiaryUploadOf, EMPTY_BENEFICIARY, formField } from './beneficiary-model';
import { encryptForVasp } from './pii-encryption';

const F = BENEFICIARY_FIELDS;
/** What Northwind Digital, a simulated VASP of the FULL policy, requires of a beneficiary: the service's own list. */
const FULL = beneficiaryRequirements('did:web:northwind-digital.example').map((f) => f.path);

const person = (change: (v: BeneficiaryFormValues) => void): BeneficiaryFormValues => {
  const values = structuredClone(EMPTY_BENEFICIARY);
  change(values);
  return values;
};

const filledPerson = person((v) => {
  v.naturalPerson.name.nameIdentifier[0].primaryIdentifier = ' Okafor ';
  v.naturalPerson.name.nameIdentifier[0].secondaryIdentifier = 'Daniel';
  v.naturalPerson.geographicAddress[0].townName = 'Genève';
  v.naturalPerson.geographicAddress[0].country = 'CH';
  v.naturalPerson.nationalIdentification.nationalIdentifier = 'X4821937';
  v.naturalPerson.nationalIdentification.nationalIdentifierType = 'CCPT';
  v.naturalPerson.dateAndPlaceOfBirth.dateOfBirth = '1986-04-17';
  v.naturalPerson.dateAndPlaceOfBirth.placeOfBirth = 'Lausanne';
});

const errorPaths = (result: ReturnType<ReturnType<typeof beneficiarySchema>['safeParse']>) =>
  result.success ? [] : [...new Set(result.error.issues.map((i) => i.path.join('.')))];

describe('the beneficiary form model', () => {
  it('reports every field the counterparty requires for the chosen kind on its own input, all at once', () => {
    const schema = beneficiarySchema(FULL, 'Northwind Digital');
    const empty = schema.safeParse(EMPTY_BENEFICIARY);
    expect(errorPaths(empty)).toEqual([
      'naturalPerson.name.nameIdentifier.0.primaryIdentifier',
      ...[F.naturalGivenNames, F.naturalTown, F.naturalCountry, F.naturalNationalId, F.naturalNationalIdType, F.naturalDateOfBirth, F.naturalPlaceOfBirth].map(
        (f) => formField(f.path),
      ),
    ]);
    const company = schema.safeParse({ ...EMPTY_BENEFICIARY, kind: 'legalPerson' });
    expect(errorPaths(company)).toEqual(
      [F.legalName, F.legalTown, F.legalCountry, F.legalNationalId, F.legalNationalIdType, F.legalCountryOfRegistration].map((f) => formField(f.path)),
    );
    expect(company.success ? null : company.error.issues.find((i) => i.path.join('.') === 'legalPerson.geographicAddress.0.townName')?.message).toBe(
      'Northwind Digital requires this',
    );
  });

  it('checks values by IVMS101 rules: a real past date, a country code, a place with a date', () => {
    const schema = beneficiarySchema([], 'X');
    const future = schema.safeParse(
      person((v) => {
        v.naturalPerson.name.nameIdentifier[0].primaryIdentifier = 'Okafor';
        v.naturalPerson.dateAndPlaceOfBirth.dateOfBirth = '2999-01-01';
      }),
    );
    expect(future.success ? [] : future.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['naturalPerson.dateAndPlaceOfBirth.dateOfBirth', 'must be in the past (and less than 150 years ago)'],
      ['naturalPerson.dateAndPlaceOfBirth.placeOfBirth', 'placeOfBirth is required'],
    ]);
    const february = schema.safeParse(
      person((v) => {
        v.naturalPerson.name.nameIdentifier[0].primaryIdentifier = 'Okafor';
        v.naturalPerson.dateAndPlaceOfBirth.dateOfBirth = '1990-02-30';
        v.naturalPerson.dateAndPlaceOfBirth.placeOfBirth = 'Bern';
      }),
    );
    expect(errorPaths(february)).toEqual(['naturalPerson.dateAndPlaceOfBirth.dateOfBirth']);
  });

  it('leaves out what was left empty and lists exactly the fields it fills', () => {
    const parsed = beneficiarySchema(FULL, 'Northwind Digital').parse(filledPerson);
    const { payload, filledFields } = beneficiaryUploadOf(parsed);
    expect(BeneficiaryPayload.parse(payload)).toEqual(payload);
    expect(payload.beneficiary.beneficiaryPerson[0]).toEqual({
      naturalPerson: {
        name: { nameIdentifier: [{ primaryIdentifier: 'Okafor', secondaryIdentifier: 'Daniel', naturalPersonNameIdentifierType: 'LEGL' }] },
        geographicAddress: [{ addressType: 'HOME', townName: 'Genève', country: 'CH' }],
        nationalIdentification: { nationalIdentifier: 'X4821937', nationalIdentifierType: 'CCPT' },
        dateAndPlaceOfBirth: { dateOfBirth: '1986-04-17', placeOfBirth: 'Lausanne' },
      },
    });
    expect(missingRequiredPaths(FULL, filledFields)).toEqual([]);
    expect(filledFields).toContain('Beneficiary.beneficiaryPerson[].naturalPerson.geographicAddress[].addressType');
    expect(filledFields).not.toContain('Beneficiary.beneficiaryPerson[].naturalPerson.geographicAddress[].streetName');
  });

  it('encrypts for the VASP’s public key: only its private key reads the payload back', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { payload } = beneficiaryUploadOf(beneficiarySchema(FULL, 'X').parse(filledPerson));
    const data = await encryptForVasp(publicKey.export({ type: 'spki', format: 'pem' }).toString(), payload);
    const jwe = Buffer.from(data, 'base64').toString();
    expect(decodeProtectedHeader(jwe)).toMatchObject({ alg: 'RSA-OAEP-256', enc: 'A256GCM' });
    expect(jwe).not.toContain('Okafor');
    const { plaintext } = await compactDecrypt(jwe, privateKey);
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual(payload);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    await expect(compactDecrypt(jwe, other)).rejects.toThrow();
  });
});

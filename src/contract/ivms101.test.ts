import { describe, expect, it } from 'vitest';
import { BENEFICIARY_FIELDS, beneficiaryFilledFields, BeneficiaryPayload, isFilled, missingRequiredPaths, valuesAt } from './ivms101';

const payload = {
  beneficiary: {
    beneficiaryPerson: [
      { naturalPerson: { name: { nameIdentifier: [{ primaryIdentifier: 'Okafor', secondaryIdentifier: '  ', naturalPersonNameIdentifierType: 'LEGL' }] } } },
      { naturalPerson: { name: { nameIdentifier: [{ primaryIdentifier: 'Okafor-Brandt', naturalPersonNameIdentifierType: 'LEGL' }] } } },
    ],
  },
};

describe('IVMS101 field paths', () => {
  it('finds every value along arrays, matching the entity without regard to case', () => {
    expect(valuesAt(payload, BENEFICIARY_FIELDS.naturalFamilyName.path)).toEqual(['Okafor', 'Okafor-Brandt']);
    expect(isFilled(payload, BENEFICIARY_FIELDS.naturalFamilyName.path)).toBe(true);
    // Blank text does not fill a field.
    expect(isFilled(payload, BENEFICIARY_FIELDS.naturalGivenNames.path)).toBe(false);
    expect(valuesAt(payload, 'Originator.originatorPerson[].naturalPerson.name')).toEqual([]);
    expect(valuesAt('not an object', BENEFICIARY_FIELDS.naturalFamilyName.path)).toEqual([]);
  });

  it('takes either complete alternative, natural or legal, and otherwise names the closer one’s gaps', () => {
    const required = [
      BENEFICIARY_FIELDS.naturalFamilyName,
      BENEFICIARY_FIELDS.naturalTown,
      BENEFICIARY_FIELDS.legalName,
      BENEFICIARY_FIELDS.legalTown,
      BENEFICIARY_FIELDS.legalCountry,
    ].map((f) => f.path);
    expect(missingRequiredPaths(required, [BENEFICIARY_FIELDS.naturalFamilyName.path, BENEFICIARY_FIELDS.naturalTown.path])).toEqual([]);
    expect(
      missingRequiredPaths(required, [BENEFICIARY_FIELDS.legalName.path, BENEFICIARY_FIELDS.legalTown.path, BENEFICIARY_FIELDS.legalCountry.path]),
    ).toEqual([]);
    expect(missingRequiredPaths(required, [BENEFICIARY_FIELDS.naturalFamilyName.path])).toEqual([BENEFICIARY_FIELDS.naturalTown.path]);
    expect(missingRequiredPaths(required, [])).toEqual([BENEFICIARY_FIELDS.naturalFamilyName.path, BENEFICIARY_FIELDS.naturalTown.path]);
    // A path outside beneficiaryPerson is always needed.
    expect(missingRequiredPaths(['Beneficiary.accountNumber[]', BENEFICIARY_FIELDS.legalName.path], [BENEFICIARY_FIELDS.legalName.path])).toEqual([
      'Beneficiary.accountNumber[]',
    ]);
  });

  it('lists the leaves a payload fills, as TRLink writes paths', () => {
    const valid = BeneficiaryPayload.parse({
      beneficiary: {
        beneficiaryPerson: [
          {
            legalPerson: {
              name: { nameIdentifier: [{ legalPersonName: 'Harbourview Ltd', legalPersonNameIdentifierType: 'LEGL' }] },
              countryOfRegistration: 'GB',
            },
          },
        ],
      },
    });
    expect(beneficiaryFilledFields(valid)).toEqual([
      'Beneficiary.beneficiaryPerson[].legalPerson.name.nameIdentifier[].legalPersonName',
      'Beneficiary.beneficiaryPerson[].legalPerson.name.nameIdentifier[].legalPersonNameIdentifierType',
      'Beneficiary.beneficiaryPerson[].legalPerson.countryOfRegistration',
    ]);
  });

  it('refuses a person that is both natural and legal, and unknown fields', () => {
    const both = BeneficiaryPayload.safeParse({
      beneficiary: {
        beneficiaryPerson: [
          {
            naturalPerson: { name: { nameIdentifier: [{ primaryIdentifier: 'A', naturalPersonNameIdentifierType: 'LEGL' }] } },
            legalPerson: { name: { nameIdentifier: [{ legalPersonName: 'B', legalPersonNameIdentifierType: 'LEGL' }] } },
          },
        ],
      },
    });
    expect(both.success).toBe(false);
    expect(BeneficiaryPayload.safeParse({ beneficiary: { beneficiaryPerson: [] }, extra: 1 }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { fieldName, formLabel } from './ivms-field-labels';

describe('fieldName', () => {
  it('names a filled field with the beneficiary form’s own label, for the originator and the beneficiary alike', () => {
    expect(fieldName('Beneficiary.beneficiaryPerson[].naturalPerson.geographicAddress[].addressType')).toBe('Type of address (person)');
    expect(fieldName('Originator.originatorPerson[].naturalPerson.name.nameIdentifier[].primaryIdentifier')).toBe(
      `${formLabel('naturalPerson.name.nameIdentifier.0.primaryIdentifier')} (person)`,
    );
    expect(fieldName('Beneficiary.beneficiaryPerson[].legalPerson.geographicAddress[].townName')).toBe('Town of registered address (company)');
    expect(fieldName('Beneficiary.beneficiaryPerson[].naturalPerson.dateAndPlaceOfBirth.dateOfBirth')).toBe('Date of birth (person)');
    expect(fieldName('Beneficiary.accountNumber[]')).toBe('Account number');
  });

  it('shows a path the form has no field for as it is', () => {
    const path = 'Beneficiary.beneficiaryPerson[].naturalPerson.geographicAddress[].addressLine[]';
    expect(fieldName(path)).toBe(path);
  });
});

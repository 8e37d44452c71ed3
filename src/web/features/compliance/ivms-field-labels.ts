/**
 * What the beneficiary form calls each IVMS101 field, by the field's name in the form
 * (`naturalPerson.name.nameIdentifier.0.primaryIdentifier`): the form's inputs are labelled from
 * here, and a message's filled and required fields are named with the same words, so a reader finds
 * in the form the field a message lists.
 */
export const IVMS_FIELD_LABELS: Record<string, string> = {
  'naturalPerson.name.nameIdentifier.0.primaryIdentifier': 'Family name',
  'naturalPerson.name.nameIdentifier.0.secondaryIdentifier': 'Given names',
  'naturalPerson.geographicAddress.0.streetName': 'Street',
  'naturalPerson.geographicAddress.0.buildingNumber': 'Building number',
  'naturalPerson.geographicAddress.0.postCode': 'Post code',
  'naturalPerson.geographicAddress.0.townName': 'Town',
  'naturalPerson.geographicAddress.0.country': 'Country',
  // Not an input: the form sets it (a home address), but a message lists it among the fields filled.
  'naturalPerson.geographicAddress.0.addressType': 'Type',
  'naturalPerson.countryOfResidence': 'Country of residence',
  'naturalPerson.nationalIdentification.nationalIdentifierType': 'Type of identifier',
  'naturalPerson.nationalIdentification.nationalIdentifier': 'Identifier',
  'naturalPerson.nationalIdentification.countryOfIssue': 'Country of issue',
  'naturalPerson.dateAndPlaceOfBirth.dateOfBirth': 'Date of birth',
  'naturalPerson.dateAndPlaceOfBirth.placeOfBirth': 'Place of birth',
  'legalPerson.name.nameIdentifier.0.legalPersonName': 'Legal name',
  'legalPerson.geographicAddress.0.streetName': 'Street',
  'legalPerson.geographicAddress.0.buildingNumber': 'Building number',
  'legalPerson.geographicAddress.0.postCode': 'Post code',
  'legalPerson.geographicAddress.0.townName': 'Town',
  'legalPerson.geographicAddress.0.country': 'Country',
  // As for a person: set by the form (a business address).
  'legalPerson.geographicAddress.0.addressType': 'Type',
  'legalPerson.countryOfRegistration': 'Country of registration',
  'legalPerson.nationalIdentification.nationalIdentifierType': 'Type of identifier',
  'legalPerson.nationalIdentification.nationalIdentifier': 'Identifier',
  // Not in the form either, but named in messages from other services.
  'naturalPerson.customerIdentification': 'Customer identification',
  'legalPerson.customerIdentification': 'Customer identification',
  'accountNumber.0': 'Account number',
};

/** The form's headings of the address of each kind of person, which name address fields outside the form. */
export const ADDRESS_LEGENDS = { naturalPerson: 'Address', legalPerson: 'Registered address' } as const;

/** The form's label of a field, by its name in the form. */
export function formLabel(name: string): string {
  const label = IVMS_FIELD_LABELS[name];
  if (label === undefined) throw new Error(`No label for the form field ${name}`);
  return label;
}

// Where the person's fields start in a path of the originator's or the beneficiary's.
const PERSON_PREFIX = /^(Originator\.originatorPersons?|Beneficiary\.beneficiaryPersons?)\[\]\./;

/**
 * "Town of address (person)" for `Beneficiary.beneficiaryPerson[].naturalPerson.geographicAddress[].townName`,
 * in the form's words; the path itself when the form has no such field.
 */
export function fieldName(path: string): string {
  const name = path
    .replace(PERSON_PREFIX, '')
    .replace(/^(Originator|Beneficiary)\./, '')
    .replace(/\[\]/g, '.0');
  const label = IVMS_FIELD_LABELS[name];
  if (label === undefined) return path;
  const kind = name.startsWith('naturalPerson.') ? 'naturalPerson' : name.startsWith('legalPerson.') ? 'legalPerson' : null;
  if (kind === null) return label;
  const words = name.includes('.geographicAddress.') ? `${label} of ${ADDRESS_LEGENDS[kind].toLowerCase()}` : label;
  return `${words} (${kind === 'naturalPerson' ? 'person' : 'company'})`;
}

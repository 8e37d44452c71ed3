import type { TrmDirection, TrmStatus } from '../../../contract/travel-rule';

export const STATUS_LABELS: Record<TrmStatus, { label: string; color: string; meaning: string }> = {
  PENDING: { label: 'Pending', color: 'yellow', meaning: 'Waiting for information before the counterparty can decide.' },
  ACCEPTED: { label: 'Accepted', color: 'teal', meaning: 'The counterparty accepted the Travel Rule information.' },
  REJECTED: { label: 'Rejected', color: 'red', meaning: 'The counterparty refused the information it was sent.' },
  FAILED: { label: 'Failed', color: 'gray', meaning: 'The message could not be processed.' },
};

export const DIRECTION_LABELS: Record<TrmDirection, string> = { in: 'Inbound', out: 'Outbound' };

// The last meaningful segments of an IVMS101 path, in words.
const FIELD_WORDS: [RegExp, string][] = [
  [/\.name\.nameIdentifier\[\]\.primaryIdentifier$/, 'family name'],
  [/\.name\.nameIdentifier\[\]\.secondaryIdentifier$/, 'given names'],
  [/\.name\.nameIdentifier\[\]\.legalPersonName$/, 'legal name'],
  [/\.geographicAddress\[\]\.streetName$/, 'street'],
  [/\.geographicAddress\[\]\.buildingNumber$/, 'building number'],
  [/\.geographicAddress\[\]\.postCode$/, 'post code'],
  [/\.geographicAddress\[\]\.townName$/, 'town'],
  [/\.geographicAddress\[\]\.country$/, 'country of address'],
  [/\.nationalIdentification\.nationalIdentifierType$/, 'type of national identifier'],
  [/\.nationalIdentification\.nationalIdentifier$/, 'national identifier'],
  [/\.nationalIdentification\.countryOfIssue$/, 'country of issue'],
  [/\.dateAndPlaceOfBirth\.dateOfBirth$/, 'date of birth'],
  [/\.dateAndPlaceOfBirth\.placeOfBirth$/, 'place of birth'],
  [/\.countryOfResidence$/, 'country of residence'],
  [/\.countryOfRegistration$/, 'country of registration'],
  [/\.accountNumber\[\]$/, 'account number'],
  [/\.customerIdentification$/, 'customer identification'],
];

/** "date of birth (person)" for `Beneficiary.beneficiaryPerson[].naturalPerson.dateAndPlaceOfBirth.dateOfBirth`; the path itself when unknown. */
export function fieldName(path: string): string {
  const words = FIELD_WORDS.find(([pattern]) => pattern.test(path))?.[1];
  if (!words) return path;
  const kind = path.includes('.naturalPerson.') ? ' (person)' : path.includes('.legalPerson.') ? ' (company)' : '';
  return `${words}${kind}`;
}

import { z } from 'zod';
import {
  type BeneficiaryPayload,
  beneficiaryFilledFields,
  isFilled,
  LegalPerson,
  NaturalPerson,
  type PersonKind,
  personKindOf,
} from '../../../contract/ivms101';

/**
 * The beneficiary form's values mirror IVMS101 (the field names are the payload's paths), so the
 * contract's schemas validate them and their messages land on the right inputs. Text inputs give
 * empty strings; before validation those become "not given", and optional parts left empty go.
 */
export interface BeneficiaryFormValues {
  kind: PersonKind;
  naturalPerson: {
    name: { nameIdentifier: [{ primaryIdentifier: string; secondaryIdentifier: string; naturalPersonNameIdentifierType: 'LEGL' }] };
    geographicAddress: [{ addressType: 'HOME'; streetName: string; buildingNumber: string; postCode: string; townName: string; country: string }];
    nationalIdentification: { nationalIdentifier: string; nationalIdentifierType: string; countryOfIssue: string };
    dateAndPlaceOfBirth: { dateOfBirth: string; placeOfBirth: string };
    countryOfResidence: string;
  };
  legalPerson: {
    name: { nameIdentifier: [{ legalPersonName: string; legalPersonNameIdentifierType: 'LEGL' }] };
    geographicAddress: [{ addressType: 'BIZZ'; streetName: string; buildingNumber: string; postCode: string; townName: string; country: string }];
    nationalIdentification: { nationalIdentifier: string; nationalIdentifierType: string };
    countryOfRegistration: string;
  };
}

export const EMPTY_BENEFICIARY: BeneficiaryFormValues = {
  kind: 'naturalPerson',
  naturalPerson: {
    name: { nameIdentifier: [{ primaryIdentifier: '', secondaryIdentifier: '', naturalPersonNameIdentifierType: 'LEGL' }] },
    geographicAddress: [{ addressType: 'HOME', streetName: '', buildingNumber: '', postCode: '', townName: '', country: '' }],
    nationalIdentification: { nationalIdentifier: '', nationalIdentifierType: '', countryOfIssue: '' },
    dateAndPlaceOfBirth: { dateOfBirth: '', placeOfBirth: '' },
    countryOfResidence: '',
  },
  legalPerson: {
    name: { nameIdentifier: [{ legalPersonName: '', legalPersonNameIdentifierType: 'LEGL' }] },
    geographicAddress: [{ addressType: 'BIZZ', streetName: '', buildingNumber: '', postCode: '', townName: '', country: '' }],
    nationalIdentification: { nationalIdentifier: '', nationalIdentifierType: '' },
    countryOfRegistration: '',
  },
};

const given = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};
const anyGiven = (record: Record<string, string | undefined>, except: string[] = []) =>
  Object.entries(record).some(([key, value]) => !except.includes(key) && given(value) !== undefined);

function addressInput(address: BeneficiaryFormValues['naturalPerson']['geographicAddress'][0] | BeneficiaryFormValues['legalPerson']['geographicAddress'][0]) {
  if (!anyGiven(address, ['addressType'])) return {};
  return {
    geographicAddress: [
      {
        addressType: address.addressType,
        streetName: given(address.streetName),
        buildingNumber: given(address.buildingNumber),
        postCode: given(address.postCode),
        townName: given(address.townName),
        country: given(address.country),
      },
    ],
  };
}

/** The person the form describes, in IVMS101, with what was left empty left out. */
export function personInput(values: BeneficiaryFormValues) {
  if (values.kind === 'naturalPerson') {
    const p = values.naturalPerson;
    const [name] = p.name.nameIdentifier;
    const id = p.nationalIdentification;
    const birth = p.dateAndPlaceOfBirth;
    return {
      name: {
        nameIdentifier: [
          {
            primaryIdentifier: given(name.primaryIdentifier),
            secondaryIdentifier: given(name.secondaryIdentifier),
            naturalPersonNameIdentifierType: name.naturalPersonNameIdentifierType,
          },
        ],
      },
      ...addressInput(p.geographicAddress[0]),
      ...(anyGiven(id)
        ? {
            nationalIdentification: {
              nationalIdentifier: given(id.nationalIdentifier),
              nationalIdentifierType: given(id.nationalIdentifierType),
              countryOfIssue: given(id.countryOfIssue),
            },
          }
        : {}),
      ...(anyGiven(birth) ? { dateAndPlaceOfBirth: { dateOfBirth: given(birth.dateOfBirth), placeOfBirth: given(birth.placeOfBirth) } } : {}),
      ...(given(p.countryOfResidence) ? { countryOfResidence: given(p.countryOfResidence) } : {}),
    };
  }
  const p = values.legalPerson;
  const [name] = p.name.nameIdentifier;
  const id = p.nationalIdentification;
  return {
    name: { nameIdentifier: [{ legalPersonName: given(name.legalPersonName), legalPersonNameIdentifierType: name.legalPersonNameIdentifierType }] },
    ...addressInput(p.geographicAddress[0]),
    ...(anyGiven(id)
      ? { nationalIdentification: { nationalIdentifier: given(id.nationalIdentifier), nationalIdentifierType: given(id.nationalIdentifierType) } }
      : {}),
    ...(given(p.countryOfRegistration) ? { countryOfRegistration: given(p.countryOfRegistration) } : {}),
  };
}

/** The form's name for an IVMS101 path: `naturalPerson.name.nameIdentifier.0.primaryIdentifier`. */
export function formField(path: string): string {
  return path.replace(/^Beneficiary\.beneficiaryPerson\[\]\./, '').replace(/\[\]/g, '.0');
}

export type ValidBeneficiary = { kind: 'naturalPerson'; naturalPerson: NaturalPerson } | { kind: 'legalPerson'; legalPerson: LegalPerson };

const personOf = (beneficiary: ValidBeneficiary) =>
  beneficiary.kind === 'naturalPerson' ? { naturalPerson: beneficiary.naturalPerson } : { legalPerson: beneficiary.legalPerson };

const payloadOf = (beneficiary: ValidBeneficiary): BeneficiaryPayload => ({
  beneficiary: { beneficiaryPerson: [personOf(beneficiary)] },
  payloadMetadata: { payloadVersion: '101.2023' },
});

/**
 * The form's schema: the contract's IVMS101 person, plus the fields the counterparty requires for
 * the kind of beneficiary chosen, each reported on its own input.
 */
export function beneficiarySchema(requiredPaths: readonly string[], counterpartyName: string) {
  const requireFields = (kind: PersonKind) => (value: unknown, ctx: z.RefinementCtx) => {
    const payload = payloadOf(value as ValidBeneficiary);
    for (const path of requiredPaths.filter((p) => personKindOf(p) === kind)) {
      if (!isFilled(payload, path)) ctx.addIssue({ code: 'custom', path: formField(path).split('.'), message: `${counterpartyName} requires this` });
    }
  };
  return z.preprocess(
    (values: BeneficiaryFormValues) => ({ kind: values.kind, [values.kind]: personInput(values) }),
    z.discriminatedUnion('kind', [
      // Checked even when other fields are invalid, so every missing field is shown at once.
      z.object({ kind: z.literal('naturalPerson'), naturalPerson: NaturalPerson }).superRefine(requireFields('naturalPerson'), { when: () => true }),
      z.object({ kind: z.literal('legalPerson'), legalPerson: LegalPerson }).superRefine(requireFields('legalPerson'), { when: () => true }),
    ]),
  );
}

/** What is encrypted for the counterparty, and the paths it fills. */
export function beneficiaryUploadOf(beneficiary: ValidBeneficiary): { payload: BeneficiaryPayload; filledFields: string[] } {
  // A round trip through JSON drops the keys of what was left empty, as the wire will.
  const payload = JSON.parse(JSON.stringify(payloadOf(beneficiary))) as BeneficiaryPayload;
  return { payload, filledFields: beneficiaryFilledFields(payload) };
}

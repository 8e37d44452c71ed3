import { z } from 'zod';
import { COUNTRY_CODES } from './country-codes';

/**
 * IVMS101 (interVASP Messaging Standard, 2023 edition): the beneficiary part that a VASP uploads to
 * resolve UPLOAD_BENEFICIARY_PII. The simulated counterparty validates a decrypted payload with
 * these schemas, and the console's beneficiary form is built from them.
 *
 * Field paths follow TRLink: the IVMS101 entity in PascalCase, then the JSON names, with `[]` for
 * every array (`Beneficiary.beneficiaryPerson[].naturalPerson.name.nameIdentifier[].primaryIdentifier`).
 * The payload itself uses the IVMS101 JSON names (`beneficiary`); the entity segment of a path is
 * matched without regard to case.
 */

export const IVMS101_VERSIONS = ['IVMS101.2023', '101.2023'] as const;

const COUNTRY_SET = new Set(COUNTRY_CODES);

export const NATURAL_PERSON_NAME_TYPES = ['LEGL', 'ALIA', 'BIRT', 'MAID', 'MISC'] as const;
export const LEGAL_PERSON_NAME_TYPES = ['LEGL', 'SHRT', 'TRAD'] as const;
export const ADDRESS_TYPES = ['HOME', 'BIZZ', 'GEOG'] as const;
/** National identifier types a natural person may use (IVMS101: not LEIX). */
export const NATURAL_PERSON_ID_TYPES = ['CCPT', 'IDCD', 'DRLC', 'SOCS', 'TXID', 'ARNU', 'MISC'] as const;
/** National identifier types a legal person may use (IVMS101: LEIX, RAID, TXID, MISC). */
export const LEGAL_PERSON_ID_TYPES = ['LEIX', 'RAID', 'TXID', 'MISC'] as const;

const text = (name: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be text`) })
    .trim()
    .min(1, { error: `${name} must not be empty` })
    .max(max, { error: `${name} must be at most ${max} characters` });

export const CountryCode = z
  .string({ error: 'country must be a two-letter ISO 3166 code' })
  .refine((value) => COUNTRY_SET.has(value), { error: 'must be a two-letter ISO 3166 country code, e.g. DE' });

/** YYYY-MM-DD, a real calendar day, in the past and not more than 150 years ago. */
export const DateOfBirth = z
  .string({ error: 'dateOfBirth must be a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date written YYYY-MM-DD' })
  .refine(
    (value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
    },
    { error: 'must be a real calendar date' },
  )
  .refine(
    (value) => {
      const day = Date.parse(`${value}T00:00:00Z`);
      const now = Date.now();
      return day < now && day > now - 150 * 365.25 * 24 * 60 * 60 * 1000;
    },
    { error: 'must be in the past (and less than 150 years ago)' },
  );

export const Address = z.strictObject({
  addressType: z.enum(ADDRESS_TYPES, { error: `addressType must be one of ${ADDRESS_TYPES.join(', ')}` }),
  department: text('department', 50).optional(),
  streetName: text('streetName', 70).optional(),
  buildingNumber: text('buildingNumber', 16).optional(),
  buildingName: text('buildingName', 35).optional(),
  postCode: text('postCode', 16).optional(),
  townName: text('townName', 35),
  countrySubDivision: text('countrySubDivision', 35).optional(),
  addressLine: z.array(text('addressLine', 70)).max(3, { error: 'at most 3 address lines' }).optional(),
  country: CountryCode,
});
export type Address = z.infer<typeof Address>;

const nationalIdentification = <T extends readonly [string, ...string[]]>(types: T) =>
  z.strictObject({
    nationalIdentifier: text('nationalIdentifier', 35),
    nationalIdentifierType: z.enum(types, { error: `nationalIdentifierType must be one of ${types.join(', ')}` }),
    countryOfIssue: CountryCode.optional(),
    registrationAuthority: z
      .string()
      .regex(/^RA\d{6}$/, { error: 'must be a GLEIF registration authority code such as RA000548' })
      .optional(),
  });

export const NaturalPerson = z.strictObject({
  name: z.strictObject({
    nameIdentifier: z
      .array(
        z.strictObject({
          primaryIdentifier: text('primaryIdentifier', 100),
          secondaryIdentifier: text('secondaryIdentifier', 100).optional(),
          naturalPersonNameIdentifierType: z.enum(NATURAL_PERSON_NAME_TYPES, {
            error: `naturalPersonNameIdentifierType must be one of ${NATURAL_PERSON_NAME_TYPES.join(', ')}`,
          }),
        }),
      )
      .min(1, { error: 'at least one name is required' })
      .max(5, { error: 'at most 5 names' }),
  }),
  geographicAddress: z.array(Address).max(5, { error: 'at most 5 addresses' }).optional(),
  nationalIdentification: nationalIdentification(NATURAL_PERSON_ID_TYPES).optional(),
  customerIdentification: text('customerIdentification', 50).optional(),
  dateAndPlaceOfBirth: z
    .strictObject({
      dateOfBirth: DateOfBirth,
      placeOfBirth: text('placeOfBirth', 70),
    })
    .optional(),
  countryOfResidence: CountryCode.optional(),
});
export type NaturalPerson = z.infer<typeof NaturalPerson>;

export const LegalPerson = z.strictObject({
  name: z.strictObject({
    nameIdentifier: z
      .array(
        z.strictObject({
          legalPersonName: text('legalPersonName', 100),
          legalPersonNameIdentifierType: z.enum(LEGAL_PERSON_NAME_TYPES, {
            error: `legalPersonNameIdentifierType must be one of ${LEGAL_PERSON_NAME_TYPES.join(', ')}`,
          }),
        }),
      )
      .min(1, { error: 'at least one name is required' })
      .max(3, { error: 'at most 3 names' }),
  }),
  geographicAddress: z.array(Address).max(5, { error: 'at most 5 addresses' }).optional(),
  nationalIdentification: nationalIdentification(LEGAL_PERSON_ID_TYPES).optional(),
  customerIdentification: text('customerIdentification', 50).optional(),
  countryOfRegistration: CountryCode.optional(),
});
export type LegalPerson = z.infer<typeof LegalPerson>;

export const Person = z
  .strictObject({
    naturalPerson: NaturalPerson.optional(),
    legalPerson: LegalPerson.optional(),
    accountNumber: z.array(text('accountNumber', 100)).max(20).optional(),
  })
  .refine((p) => (p.naturalPerson === undefined) !== (p.legalPerson === undefined), {
    error: 'a person is either a naturalPerson or a legalPerson (exactly one of them)',
  });
export type Person = z.infer<typeof Person>;

/** What UPLOAD_BENEFICIARY_PII carries once decrypted: the beneficiary, in IVMS101.2023 JSON. */
export const BeneficiaryPayload = z.strictObject({
  beneficiary: z.strictObject({
    beneficiaryPerson: z.array(Person).min(1, { error: 'at least one beneficiary person is required' }).max(10),
    accountNumber: z.array(text('accountNumber', 100)).max(20).optional(),
  }),
  payloadMetadata: z
    .strictObject({
      payloadVersion: z.literal('101.2023', { error: 'payloadVersion must be 101.2023' }),
      transliterationMethod: z.array(z.string().max(4)).max(5).optional(),
    })
    .optional(),
});
export type BeneficiaryPayload = z.infer<typeof BeneficiaryPayload>;

/** How to fill a required field: free text, a YYYY-MM-DD date, an ISO 3166 country code, or a code from a list. */
export const REQUIRED_FIELD_TYPES = ['text', 'date', 'country', 'code'] as const;
export type RequiredFieldType = (typeof REQUIRED_FIELD_TYPES)[number];

const NATURAL = 'Beneficiary.beneficiaryPerson[].naturalPerson';
const LEGAL = 'Beneficiary.beneficiaryPerson[].legalPerson';

/** Every beneficiary field a counterparty may require, and how it is filled. */
export const BENEFICIARY_FIELDS = {
  naturalFamilyName: { type: 'text', path: `${NATURAL}.name.nameIdentifier[].primaryIdentifier` },
  naturalGivenNames: { type: 'text', path: `${NATURAL}.name.nameIdentifier[].secondaryIdentifier` },
  naturalTown: { type: 'text', path: `${NATURAL}.geographicAddress[].townName` },
  naturalCountry: { type: 'country', path: `${NATURAL}.geographicAddress[].country` },
  naturalStreet: { type: 'text', path: `${NATURAL}.geographicAddress[].streetName` },
  naturalNationalId: { type: 'text', path: `${NATURAL}.nationalIdentification.nationalIdentifier` },
  naturalNationalIdType: { type: 'code', path: `${NATURAL}.nationalIdentification.nationalIdentifierType` },
  naturalDateOfBirth: { type: 'date', path: `${NATURAL}.dateAndPlaceOfBirth.dateOfBirth` },
  naturalPlaceOfBirth: { type: 'text', path: `${NATURAL}.dateAndPlaceOfBirth.placeOfBirth` },
  naturalCountryOfResidence: { type: 'country', path: `${NATURAL}.countryOfResidence` },
  legalName: { type: 'text', path: `${LEGAL}.name.nameIdentifier[].legalPersonName` },
  legalTown: { type: 'text', path: `${LEGAL}.geographicAddress[].townName` },
  legalCountry: { type: 'country', path: `${LEGAL}.geographicAddress[].country` },
  legalStreet: { type: 'text', path: `${LEGAL}.geographicAddress[].streetName` },
  legalNationalId: { type: 'text', path: `${LEGAL}.nationalIdentification.nationalIdentifier` },
  legalNationalIdType: { type: 'code', path: `${LEGAL}.nationalIdentification.nationalIdentifierType` },
  legalCountryOfRegistration: { type: 'country', path: `${LEGAL}.countryOfRegistration` },
} as const satisfies Record<string, { type: RequiredFieldType; path: string }>;

export type PersonKind = 'naturalPerson' | 'legalPerson';

/** Which person a beneficiary path describes, or null for a path outside beneficiaryPerson. */
export function personKindOf(path: string): PersonKind | null {
  if (path.startsWith(`${NATURAL}.`)) return 'naturalPerson';
  if (path.startsWith(`${LEGAL}.`)) return 'legalPerson';
  return null;
}

/** A dotted IVMS101 field path as TRLink writes them (segments of letters and digits, `[]` after arrays). */
export const FIELD_PATH = /^[A-Za-z][A-Za-z0-9]*(\[\])?(\.[A-Za-z][A-Za-z0-9]*(\[\])?)*$/;

/**
 * The values found at a field path in an IVMS101 payload (every element of every array along the
 * way). The first segment names the IVMS101 entity and is matched without regard to case.
 */
export function valuesAt(payload: unknown, path: string): unknown[] {
  let current: unknown[] = [payload];
  path.split('.').forEach((raw, index) => {
    const isArray = raw.endsWith('[]');
    const name = isArray ? raw.slice(0, -2) : raw;
    const next: unknown[] = [];
    for (const node of current) {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
      const record = node as Record<string, unknown>;
      const key = index === 0 ? Object.keys(record).find((k) => k.toLowerCase() === name.toLowerCase()) : name;
      const value = key === undefined ? undefined : record[key];
      if (value === undefined || value === null) continue;
      if (isArray) {
        if (Array.isArray(value)) next.push(...value);
      } else next.push(value);
    }
    current = next;
  });
  return current;
}

/** A path is filled when at least one value there is a non-empty string (or a number). */
export function isFilled(payload: unknown, path: string): boolean {
  return valuesAt(payload, path).some((v) => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number');
}

/**
 * Every field path a beneficiary payload fills (its non-empty leaves), written as TRLink writes
 * them: what an upload names in `filledFields`.
 */
export function beneficiaryFilledFields(payload: BeneficiaryPayload): string[] {
  const paths = new Set<string>();
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) node.forEach((item) => walk(item, `${path}[]`));
    else if (node !== null && typeof node === 'object') for (const [key, value] of Object.entries(node)) walk(value, `${path}.${key}`);
    else if ((typeof node === 'string' && node.trim() !== '') || typeof node === 'number') paths.add(path);
  };
  walk(payload.beneficiary, 'Beneficiary');
  return [...paths];
}

/**
 * Whether `filled` covers what is required: the requirements list alternatives for a natural and a
 * legal person, and one complete set is enough. Paths outside beneficiaryPerson are always needed.
 */
export function missingRequiredPaths(required: readonly string[], filled: readonly string[]): string[] {
  const have = new Set(filled);
  const missing = required.filter((path) => !have.has(path));
  const common = missing.filter((path) => personKindOf(path) === null);
  const natural = missing.filter((path) => personKindOf(path) === 'naturalPerson');
  const legal = missing.filter((path) => personKindOf(path) === 'legalPerson');
  const anyNatural = required.some((path) => personKindOf(path) === 'naturalPerson');
  const anyLegal = required.some((path) => personKindOf(path) === 'legalPerson');
  // One complete alternative is enough; report the one closer to complete.
  let personMissing: string[] = [];
  if (anyNatural && anyLegal) personMissing = natural.length === 0 || legal.length === 0 ? [] : natural.length <= legal.length ? natural : legal;
  else personMissing = [...natural, ...legal];
  return [...common, ...personMissing];
}

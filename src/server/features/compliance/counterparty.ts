import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { compactDecrypt } from 'jose';
import { z } from 'zod';
import { BENEFICIARY_FIELDS, BeneficiaryPayload, isFilled } from '../../../contract/ivms101';
import type { RequiredField } from '../../../contract/travel-rule';
import type { DirectoryEntry } from './directory';
import { PII_CONTENT_ENCRYPTION, PII_KEY_ALGORITHM } from './jwe';
import { serverFile } from '../../server-file';

/**
 * The simulated counterparties: every VASP of the directory answers like a real one would, with
 * its own private key (data/simulated-counterparties.json, demo data only) and its policy of what
 * it requires of a beneficiary. It decrypts what is sent to it and accepts or rejects it.
 */
const Counterparty = z.object({ privateKeyPem: z.string(), requirements: z.enum(['STANDARD', 'FULL']) });
type Counterparty = z.infer<typeof Counterparty> & { key?: KeyObject };

let network: Map<string, Counterparty> | undefined;

function counterparty(vaspId: string): Counterparty | undefined {
  if (!network) {
    const raw = JSON.parse(readFileSync(serverFile('features/compliance/data/simulated-counterparties.json'), 'utf8')) as unknown;
    network = new Map(Object.entries(z.record(z.string(), Counterparty).parse(raw)));
  }
  return network.get(vaspId);
}

/** The private key of a simulated VASP (tests and the demo encrypt and decrypt as it would). */
export function simulatedPrivateKey(vaspId: string): KeyObject {
  const party = counterparty(vaspId);
  if (!party) throw new Error(`no simulated counterparty for ${vaspId}`);
  party.key ??= createPrivateKey(party.privateKeyPem);
  return party.key;
}

const F = BENEFICIARY_FIELDS;
const STANDARD: RequiredField[] = [F.naturalFamilyName, F.naturalGivenNames, F.naturalTown, F.naturalCountry, F.legalName, F.legalTown, F.legalCountry];
/** What a VASP of FULL requirements asks of a natural person's details, and of a legal person's. */
export const FULL_NATURAL: readonly RequiredField[] = [
  F.naturalFamilyName,
  F.naturalGivenNames,
  F.naturalTown,
  F.naturalCountry,
  F.naturalNationalId,
  F.naturalNationalIdType,
  F.naturalDateOfBirth,
  F.naturalPlaceOfBirth,
];
export const FULL_LEGAL: readonly RequiredField[] = [
  F.legalName,
  F.legalTown,
  F.legalCountry,
  F.legalNationalId,
  F.legalNationalIdType,
  F.legalCountryOfRegistration,
];
const FULL = [...FULL_NATURAL, ...FULL_LEGAL];

/** What this VASP requires of a beneficiary: a natural person's fields or a legal person's. */
export function beneficiaryRequirements(vaspId: string): RequiredField[] {
  const party = counterparty(vaspId);
  return (party?.requirements === 'FULL' ? FULL : STANDARD).map((f) => ({ ...f }));
}

export type Decision = { status: 'ACCEPTED' | 'REJECTED' | 'FAILED'; reason: string };

/**
 * The counterparty receives beneficiary PII: it decrypts the JWE with its own key, checks the
 * IVMS101 payload and that every field named in filledFields is really there, and decides.
 */
export async function receiveBeneficiaryPii(vasp: DirectoryEntry, jwe: string, filledFields: readonly string[]): Promise<Decision> {
  let plaintext: string;
  try {
    const { plaintext: bytes } = await compactDecrypt(jwe, simulatedPrivateKey(vasp.id), {
      keyManagementAlgorithms: [PII_KEY_ALGORITHM],
      contentEncryptionAlgorithms: [PII_CONTENT_ENCRYPTION],
    });
    plaintext = new TextDecoder().decode(bytes);
  } catch {
    return {
      status: 'FAILED',
      reason: `${vasp.name} could not decrypt the beneficiary PII: it was not encrypted for its public key (fingerprint ${vasp.publicKeyFingerprint.slice(0, 23)}…)`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(plaintext);
  } catch {
    return { status: 'REJECTED', reason: `${vasp.name} rejected the beneficiary PII: the decrypted payload is not JSON` };
  }
  const parsed = BeneficiaryPayload.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    const message = issue.code === 'unrecognized_keys' ? `${issue.keys.join(', ')} is not an IVMS101 field here` : issue.message;
    return { status: 'REJECTED', reason: `${vasp.name} rejected the beneficiary PII: IVMS101 ${where}${message}` };
  }
  const unfilled = filledFields.filter((path) => !isFilled(parsed.data, path));
  if (unfilled.length > 0) {
    return {
      status: 'REJECTED',
      reason: `${vasp.name} rejected the beneficiary PII: filledFields names ${unfilled.join(', ')}, which the payload does not fill`,
    };
  }
  return { status: 'ACCEPTED', reason: `${vasp.name} accepted the beneficiary PII` };
}

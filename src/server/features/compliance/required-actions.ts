import { missingRequiredPaths, personKindOf } from '../../../contract/ivms101';
import type { RequiredAction, RequiredField } from '../../../contract/travel-rule';

export interface ActionInputs {
  status: string;
  filledFields: readonly string[];
  requiredBeneficiaryFields: readonly RequiredField[];
}

/** The beneficiary paths still missing: each alternative (natural, legal person) lists what it lacks. */
export function missingBeneficiaryFields(trm: ActionInputs, extra: readonly string[] = []): RequiredField[] {
  const filled = new Set([...trm.filledFields, ...extra]);
  const missing = missingRequiredPaths(
    trm.requiredBeneficiaryFields.map((f) => f.path),
    [...filled],
  );
  if (missing.length === 0) return [];
  return trm.requiredBeneficiaryFields.filter((f) => !filled.has(f.path));
}

/**
 * What a message needs now. Only a PENDING message needs anything: UPLOAD_BENEFICIARY_PII while
 * the beneficiary fields its counterparty requires are not all filled.
 */
export function requiredActions(trm: ActionInputs, counterpartyName: string): RequiredAction[] {
  if (trm.status !== 'PENDING') return [];
  const missing = missingBeneficiaryFields(trm);
  if (missing.length === 0) return [];
  const both = missing.some((f) => personKindOf(f.path) === 'naturalPerson') && missing.some((f) => personKindOf(f.path) === 'legalPerson');
  return [
    {
      type: 'UPLOAD_BENEFICIARY_PII',
      description:
        `${counterpartyName} needs the beneficiary's identity in IVMS101, encrypted for its public key (JWE, RSA-OAEP-256 with A256GCM).` +
        (both ? ' Fill every naturalPerson field for a person, or every legalPerson field for a company.' : ''),
      data: { beneficiaryRequiredFields: missing, originatorRequiredFields: [] },
    },
  ];
}

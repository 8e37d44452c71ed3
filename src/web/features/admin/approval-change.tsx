import { DataList } from '@mantine/core';
import type { ApprovalRequest } from '../../../contract/admin';
import { ROLE_LABELS } from '../../../contract/role-labels';
import { Role } from '../../../contract/roles';

// The contract leaves `change` open so that new kinds of request need no new console; known
// fields get words, unknown ones are still shown under their own name.
const FIELD_LABELS: Record<string, string> = {
  adminQuorumThreshold: 'New threshold',
  before: 'Threshold when raised',
  name: 'Name',
  role: 'Role',
  coSignerSetupType: 'Co-signer setup',
  coSignerSetupIsFirstUser: 'First user of the co-signer',
  adminsRequirePasskeys: 'Require passkeys of admins',
};

/** Fields whose meaning depends on the kind of request: `before` is the value the change replaces. */
const KIND_FIELD_LABELS: Partial<Record<ApprovalRequest['kind'], Record<string, string>>> = {
  PASSKEY_POLICY: { before: 'Required when raised' },
};

function describeValue(field: string, value: unknown): string {
  if (field === 'role') {
    const role = Role.safeParse(value);
    if (role.success) return ROLE_LABELS[role.data];
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** What a request would change, field by field. */
export function ApprovalChange({ change, kind }: { change: ApprovalRequest['change']; kind: ApprovalRequest['kind'] }) {
  return (
    <DataList size="sm" gap={4}>
      {Object.entries(change).map(([field, value]) => (
        <DataList.Item key={field}>
          <DataList.ItemLabel>{KIND_FIELD_LABELS[kind]?.[field] ?? FIELD_LABELS[field] ?? field}</DataList.ItemLabel>
          <DataList.ItemValue>{describeValue(field, value)}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

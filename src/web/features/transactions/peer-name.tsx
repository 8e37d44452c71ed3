import { Text } from '@mantine/core';
import type { PeerPath } from '../../../contract/transactions';
import { VaultAccountLink } from '../../components/vault-account-link';
import { peerLabel } from './labels';

/** A transfer's source or destination by name: a vault account links to its page. */
export function PeerName({ peer, vaultNames, fw }: { peer: PeerPath; vaultNames: ReadonlyMap<string, string>; fw?: number }) {
  const label = peerLabel(peer, vaultNames);
  if (peer.type === 'VAULT_ACCOUNT' && peer.id)
    return (
      <VaultAccountLink id={peer.id}>
        <Text span size="sm" fw={fw}>
          {label}
        </Text>
      </VaultAccountLink>
    );
  return (
    <Text size="sm" fw={fw}>
      {label}
    </Text>
  );
}

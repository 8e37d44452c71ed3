import { FINAL_TRANSACTION_STATUSES, type PeerPath, type TransactionStatus } from '../../../contract/transactions';

const SUB_STATUS_LABELS: Record<string, string> = {
  PENDING_BLOCKCHAIN_CONFIRMATIONS: 'Waiting for block confirmations',
  CONFIRMED: 'Confirmed on chain',
  BLOCKED_BY_POLICY: 'Blocked by the transaction policy',
  CANCELLED_BY_USER: 'Cancelled by a user',
  REJECTED_BY_USER: 'Rejected by a user',
  REJECTED_AML_SCREENING: 'Rejected by AML screening',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  INSUFFICIENT_FUNDS_FOR_FEE: 'Insufficient funds for the fee',
  INVALID_ADDRESS: 'Invalid address',
  TIMEOUT: 'Timed out',
  DROPPED_BY_BLOCKCHAIN: 'Dropped by the blockchain',
  INTERNAL_ERROR: 'Internal error',
};

/** The sub-status in words; one this console does not know yet is shown as the service sent it. */
export const subStatusLabel = (subStatus: string): string => SUB_STATUS_LABELS[subStatus] ?? subStatus;

export const isFinal = (status: TransactionStatus): boolean => FINAL_TRANSACTION_STATUSES.includes(status);

const PEER_TYPE_LABELS: Record<PeerPath['type'], string> = {
  VAULT_ACCOUNT: 'Vault account',
  EXCHANGE_ACCOUNT: 'Exchange account',
  INTERNAL_WALLET: 'Internal wallet',
  EXTERNAL_WALLET: 'External wallet',
  UNMANAGED_WALLET: 'Unmanaged wallet',
  ONE_TIME_ADDRESS: 'One-time address',
  NETWORK_CONNECTION: 'Network connection',
  FIAT_ACCOUNT: 'Fiat account',
  GAS_STATION: 'Gas station',
  UNKNOWN: 'Unknown',
  CONTRACT: 'Contract',
  MULTI_DESTINATION: 'Several destinations',
};

/**
 * "Vault account Treasury (0)", "One-time address": what a person needs to tell peers apart. A
 * vault account the service did not name is named from `vaultNames` when the console knows it.
 */
export function peerLabel(peer: PeerPath, vaultNames?: ReadonlyMap<string, string>): string {
  const type = PEER_TYPE_LABELS[peer.type];
  const name = peer.name || (peer.type === 'VAULT_ACCOUNT' && peer.id ? vaultNames?.get(peer.id) : undefined);
  if (name && peer.id) return `${type} ${name} (${peer.id})`;
  if (name || peer.id) return `${type} ${name ?? peer.id}`;
  return type;
}

export const SIMULATION_LABELS: Record<string, string> = {
  COMPLETED: 'Completes normally',
  REJECTED_AML_SCREENING: 'Rejected by AML screening',
  BLOCKED_BY_POLICY: 'Blocked by policy',
  DROPPED_BY_BLOCKCHAIN: 'Dropped by the blockchain',
  STUCK: 'Stuck while confirming',
};

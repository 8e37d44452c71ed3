import { plain } from '../../../contract/decimal-arithmetic';
import type { ExecutionStep, Fee, OrderDetails, OrderStatus, OrderSummary, ParticipantsIdentification } from '../../../contract/trading';
import type { OrderRow } from './store';

export interface SettlementPlan {
  payAsset: string;
  payAmount: string;
  receiveAsset: string;
  receiveAmount: string;
  orderFee: string;
  networkFee: string;
}

const iso = (d: Date) => d.toISOString();
const opt = <T>(value: T | null | undefined) => (value === null || value === undefined ? undefined : value);

export function viaOf(row: OrderRow): OrderDetails['via'] {
  return row.viaType === 'PROVIDER_ACCOUNT'
    ? { type: 'PROVIDER_ACCOUNT', providerId: row.providerId, accountId: row.accountId ?? '' }
    : { type: 'PROVIDER', providerId: row.providerId };
}

export function toOrderDetails(row: OrderRow): OrderDetails {
  return {
    id: row.id,
    via: viaOf(row),
    status: row.status as OrderStatus,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    expiresAt: row.expiresAt ? iso(row.expiresAt) : undefined,
    executionSteps: row.executionSteps as ExecutionStep[],
    executionResponseDetails: { ...(row.execution as Record<string, unknown>), quoteAmount: plain(row.quoteAmount), price: plain(row.price) },
    settlement: row.settlement as Record<string, unknown>,
    participantsIdentification: opt(row.participants as ParticipantsIdentification | null),
    sourceOfFunds: opt(row.sourceOfFunds as OrderDetails['sourceOfFunds'] | null),
    paymentInstructions: opt(row.paymentInstructions as OrderDetails['paymentInstructions'] | null),
    generalFees: row.generalFees as Fee[],
    receipt: opt(row.receipt as OrderDetails['receipt'] | null),
    failure: row.failureReason ? { reason: row.failureReason as NonNullable<OrderDetails['failure']>['reason'] } : undefined,
    createdBy: row.createdBy,
    customerInternalReferenceId: opt(row.customerInternalReferenceId),
    note: opt(row.note),
    timeline: row.timeline as OrderDetails['timeline'],
  };
}

export function toOrderSummary(row: OrderRow): OrderSummary {
  const settlement = row.settlement as { destinationAccount?: Record<string, unknown>; sourceAccount?: Record<string, unknown> };
  return {
    id: row.id,
    via: viaOf(row),
    side: row.side as OrderSummary['side'],
    baseAmount: plain(row.baseAmount),
    baseAssetId: row.baseAssetId,
    quoteAssetId: row.quoteAssetId,
    quoteAmount: plain(row.quoteAmount),
    status: row.status as OrderStatus,
    destination: settlement.destinationAccount,
    source: settlement.sourceAccount,
    createdAt: iso(row.createdAt),
  };
}

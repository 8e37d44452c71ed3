import type { MantineColor } from '@mantine/core';
import { ORDER_STATUS_LABELS } from '../../../contract/order-states';
import { EXECUTION_TYPE_LABELS, SETTLEMENT_TYPE_LABELS } from '../../../contract/trading-labels';
import type {
  EXECUTION_TYPES,
  FAILURE_REASONS,
  FEE_TYPES,
  OrderStatus,
  REASONS_FOR_PAYMENT,
  RELATIONSHIP_TYPES,
  SETTLEMENT_TYPES,
  SIDES,
  STEP_STATUSES,
  STEP_TYPES,
} from '../../../contract/trading';

type LabelsOf<T extends readonly string[]> = Record<T[number], string>;

/** The contract's names of the statuses (the same words the audit log uses for each step). */
export const STATUS_LABELS: Record<OrderStatus, string> = ORDER_STATUS_LABELS;

export const STATUS_COLORS: Record<OrderStatus, MantineColor> = {
  CREATED: 'gray',
  AWAITING_PAYMENT: 'yellow',
  AWAITING_INFORMATION: 'yellow',
  PENDING_USER_ACTION: 'yellow',
  PROCESSING: 'blue',
  CANCELED: 'gray',
  COMPLETED: 'teal',
  FAILED: 'red',
};

export const SIDE_LABELS: LabelsOf<typeof SIDES> = { BUY: 'Buy', SELL: 'Sell' };

/** The contract's names, which the manifest checks' messages use too. */
export const EXECUTION_LABELS: LabelsOf<typeof EXECUTION_TYPES> = EXECUTION_TYPE_LABELS;

export const EXECUTION_DESCRIPTIONS: LabelsOf<typeof EXECUTION_TYPES> = {
  MARKET: 'At the provider’s price when it executes.',
  QUOTE: 'At a price the provider quotes now and holds for 60 seconds.',
  LIMIT: 'Only at your price or better, fill or kill.',
};

export const SETTLEMENT_LABELS: LabelsOf<typeof SETTLEMENT_TYPES> = SETTLEMENT_TYPE_LABELS;

export const SETTLEMENT_DESCRIPTIONS: LabelsOf<typeof SETTLEMENT_TYPES> = {
  DVP: 'The provider takes payment from a vault account and delivers at the same time.',
  PREFUNDED: 'You send the payment to the provider’s deposit address first; it delivers once it sees it.',
  POST_ORDER: 'The provider executes first and settles with you afterwards.',
};

export const RELATIONSHIP_LABELS: LabelsOf<typeof RELATIONSHIP_TYPES> = {
  FirstParty: 'First party (this workspace or its own customer)',
  SecondParty: 'Second party (the counterparty)',
  ThirdParty: 'Third party',
};

export const REASON_LABELS: LabelsOf<typeof REASONS_FOR_PAYMENT> = {
  INVOICE_PAYMENT: 'Invoice payment',
  GOODS_PURCHASE: 'Purchase of goods',
  SERVICES_PAYMENT: 'Payment for services',
  SALARY: 'Salary',
  INVESTMENT: 'Investment',
  SAVINGS: 'Savings',
  LOAN_REPAYMENT: 'Loan repayment',
  FAMILY_SUPPORT: 'Family support',
  GIFT: 'Gift',
  OTHER: 'Other',
};

export const FAILURE_LABELS: LabelsOf<typeof FAILURE_REASONS> = {
  INSUFFICIENT_FUNDS: 'The source account could not pay for the order.',
  ORDER_EXPIRED: 'The quote or the payment window ran out before the order could execute.',
  QUOTE_NOT_READY: 'The provider’s quote was not ready.',
  UNSUPPORTED_CONVERSION: 'The provider does not convert between these assets.',
  FAILED_BY_PROVIDER: 'The provider did not fill the order (for a limit order: the market was not at the limit price).',
  UNKNOWN_REASON: 'The provider gave no reason.',
};

export const STEP_LABELS: LabelsOf<typeof STEP_TYPES> = {
  APPROVE: 'Approve',
  PERMIT: 'Permit',
  CONTRACT_CALL: 'Contract call',
  EXECUTE: 'Execute',
  SETTLEMENT: 'Settlement',
  DELIVERY: 'Delivery',
};

export const STEP_STATUS_LABELS: LabelsOf<typeof STEP_STATUSES> = {
  WAITING: 'Waiting',
  PROCESSING: 'Processing',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

export const FEE_LABELS: LabelsOf<typeof FEE_TYPES> = { ORDER: 'Order fee', NETWORK: 'Network fee', SPREAD: 'Spread', REBATE: 'Rebate' };

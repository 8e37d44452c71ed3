import { type OrderStatus, TERMINAL_ORDER_STATUSES } from './trading';

/**
 * The order state machine, written once: the engine moves orders only along these transitions,
 * the cancel operation takes only the cancellable states, and the console shows the same names
 * and the same expected next step.
 *
 *   CREATED ─PREFUNDED──▶ AWAITING_PAYMENT ─deposit seen──▶ PROCESSING
 *   CREATED ─DVP, POST_ORDER──────────────────────────────▶ PROCESSING
 *   PROCESSING: one execution step completes per tick; the last settles ─▶ COMPLETED (receipt)
 *   CREATED | AWAITING_PAYMENT ─cancel──▶ CANCELED
 *   any non-final ─▶ FAILED (INSUFFICIENT_FUNDS, ORDER_EXPIRED, FAILED_BY_PROVIDER)
 */

/** Each status's name: the console's label and the audit event of the step that reaches it. */
export const ORDER_STATUS_LABELS = {
  CREATED: 'Created',
  AWAITING_PAYMENT: 'Awaiting payment',
  AWAITING_INFORMATION: 'Awaiting information',
  PENDING_USER_ACTION: 'Pending user action',
  PROCESSING: 'Processing',
  CANCELED: 'Canceled',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
} as const satisfies Record<OrderStatus, string>;

/** The statuses an order may be cancelled in: before the provider executes it. */
export const CANCELLABLE_ORDER_STATUSES = ['CREATED', 'AWAITING_PAYMENT'] as const satisfies readonly OrderStatus[];

/** Where an order may go from each status. AWAITING_INFORMATION and PENDING_USER_ACTION are the spec's, never reached here. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  CREATED: ['AWAITING_PAYMENT', 'PROCESSING', 'CANCELED', 'FAILED'],
  AWAITING_PAYMENT: ['PROCESSING', 'CANCELED', 'FAILED'],
  AWAITING_INFORMATION: [],
  PENDING_USER_ACTION: [],
  PROCESSING: ['COMPLETED', 'FAILED'],
  CANCELED: [],
  COMPLETED: [],
  FAILED: [],
};

export const mayMoveOrder = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

export const isFinalOrderStatus = (status: OrderStatus) => TERMINAL_ORDER_STATUSES.includes(status);

export const isCancellableOrderStatus = (status: OrderStatus) => (CANCELLABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** The status an order reaches next when all goes well, or null once nothing more happens to it. */
export function nextOrderStatus(status: OrderStatus, settlementType: string): OrderStatus | null {
  switch (status) {
    case 'CREATED':
      return settlementType === 'PREFUNDED' ? 'AWAITING_PAYMENT' : 'PROCESSING';
    case 'AWAITING_PAYMENT':
      return 'PROCESSING';
    case 'PROCESSING':
      return 'COMPLETED';
    default:
      return null;
  }
}

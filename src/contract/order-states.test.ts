import { describe, expect, it } from 'vitest';
import {
  CANCELLABLE_ORDER_STATUSES,
  isCancellableOrderStatus,
  isFinalOrderStatus,
  mayMoveOrder,
  nextOrderStatus,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
} from './order-states';
import { ORDER_STATUSES } from './trading';

describe('the order state machine', () => {
  it('names every status, and lets a final status go nowhere', () => {
    expect(Object.keys(ORDER_STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES.filter(isFinalOrderStatus)) expect(ORDER_TRANSITIONS[status]).toEqual([]);
  });

  it('cancels only before execution, and cancelling is a transition of the machine', () => {
    expect(ORDER_STATUSES.filter(isCancellableOrderStatus)).toEqual(['CREATED', 'AWAITING_PAYMENT']);
    for (const status of CANCELLABLE_ORDER_STATUSES) expect(mayMoveOrder(status, 'CANCELED')).toBe(true);
    expect(mayMoveOrder('PROCESSING', 'CANCELED')).toBe(false);
    expect(mayMoveOrder('COMPLETED', 'FAILED')).toBe(false);
    expect(mayMoveOrder('PROCESSING', 'AWAITING_PAYMENT')).toBe(false);
  });

  it('expects the next status along the way to COMPLETED, which the transitions allow', () => {
    expect(nextOrderStatus('CREATED', 'PREFUNDED')).toBe('AWAITING_PAYMENT');
    expect(nextOrderStatus('CREATED', 'DVP')).toBe('PROCESSING');
    expect(nextOrderStatus('CREATED', 'POST_ORDER')).toBe('PROCESSING');
    expect(nextOrderStatus('AWAITING_PAYMENT', 'PREFUNDED')).toBe('PROCESSING');
    expect(nextOrderStatus('PROCESSING', 'DVP')).toBe('COMPLETED');
    for (const status of ORDER_STATUSES) {
      for (const settlement of ['PREFUNDED', 'DVP', 'POST_ORDER']) {
        const next = nextOrderStatus(status, settlement);
        if (next) expect(mayMoveOrder(status, next)).toBe(true);
        else expect(['AWAITING_INFORMATION', 'PENDING_USER_ACTION', 'CANCELED', 'COMPLETED', 'FAILED']).toContain(status);
      }
    }
  });
});

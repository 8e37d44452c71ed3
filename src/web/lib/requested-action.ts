import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { OperationId } from '../../contract/operations';

/**
 * The history state with which a link asks the page it opens to start an action, such as opening
 * its "New transfer" dialog (the command palette's actions). It rides in the history entry rather
 * than the address: a dialog is not a view somebody should bookmark or share.
 */
export interface ActionRequest {
  action: OperationId;
}

export const requestAction = (action: OperationId): ActionRequest => ({ action });

const asks = (state: unknown, action: OperationId) => typeof state === 'object' && state !== null && (state as Partial<ActionRequest>).action === action;

/**
 * Calls `start` when the page was opened with a request for `action` (also when the page was on
 * screen already), then drops the request from the history entry, so that going back to it or
 * reloading it does not start the action again.
 */
export function useRequestedAction(action: OperationId, start: () => void) {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const requested = asks(state, action);
  const startRequested = useEffectEvent(() => {
    start();
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  });
  useEffect(() => {
    if (requested) startRequested();
  }, [requested]);
}

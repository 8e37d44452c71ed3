import type { SessionUser } from '../../../contract/auth';
import { useSessionState } from '../../lib/use-session-state';

/** The signed-in user, for components that only render inside the signed-in shell. */
export function useSignedInUser(): SessionUser {
  const state = useSessionState();
  if (state.status !== 'signed-in') throw new Error('useSignedInUser is only usable inside the signed-in shell');
  return state.user;
}

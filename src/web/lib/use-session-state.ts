import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../../contract/auth';
import { session, type SessionState } from './session';

/** The console's session as React state: shared components read who is signed in from here, as the shell does. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}

/** The signed-in user, for components that only render inside the signed-in shell. */
export function useSignedInUser(): SessionUser {
  const state = useSessionState();
  if (state.status !== 'signed-in') throw new Error('useSignedInUser is only usable inside the signed-in shell');
  return state.user;
}

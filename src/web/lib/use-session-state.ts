import { useSyncExternalStore } from 'react';
import { session, type SessionState } from './session';

/** The console's session as React state: shared components read who is signed in from here, as the shell does. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}

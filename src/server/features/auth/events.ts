import type { AuditEntry } from '../audit/record';

/**
 * The audit events of signing in and of sessions, in one place for the code that writes them (the
 * password and passkey sign-ins, refresh and sign-out) and the code that reads them back (a person's
 * last sign-in, in the admin store).
 */

/** A sign-in attempt and its outcome (`Signed in`, `Sign-in failed`, `Sign-in throttled`). */
export const signInEvent = (event: string, detail: Record<string, unknown> = {}): AuditEntry => ({ category: 'Security', subject: 'Sign-in', event, detail });

/** What happened to a session after it began (`Signed out`, `Session revoked`). */
export const sessionEvent = (event: string, detail: Record<string, unknown> = {}): AuditEntry => ({ category: 'Security', subject: 'Session', event, detail });

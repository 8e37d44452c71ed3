import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { StepUpOptionsRequest } from '../../contract/passkeys';
import { api } from './api';
import { passkeyKeys } from './query-keys';

// Every signed-in screen's shell reaches this module (the approvals badge's area guards its
// decisions), so the passkeys contract, its operations and the ceremony are imported when first needed.
const contract = () => import('../../contract/passkeys');
const operations = () => import('../../contract/routes/passkeys');

/**
 * The signed-in person's passkeys and whether the workspace requires them: the security page
 * lists them, and every guarded write asks them whether to confirm with one (stepUpHeaders).
 */
export const myPasskeysQuery = () =>
  queryOptions({
    queryKey: passkeyKeys.mine,
    queryFn: async ({ signal }) => api((await operations()).listPasskeys, { signal }),
  });

/** UTF-8 text as base64url, without padding (the header's encoding). */
function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The step-up of a guarded write (the contract's STEP_UP_OPERATIONS): when I have a passkey, the
 * service issues a challenge bound to this exact request (the operation, its resource and body;
 * for a decision, the approval request as the service stores it), one of my passkeys signs it,
 * and the header carrying the assertion goes with the write. Without a passkey nothing is asked:
 * the service accepts the write unless the workspace requires passkeys of me, and then refuses
 * it with its own reason (add a passkey on the security page).
 *
 * Each area's mutation hooks call this in their mutationFn, so the assertion is made for the very
 * body they send, and a new one for every attempt (a challenge is single-use).
 */
export async function stepUpHeaders(queryClient: QueryClient, request: StepUpOptionsRequest): Promise<Record<string, string>> {
  // Fresh enough for a decision made on this page; a passkey added elsewhere invalidates it.
  const mine = await queryClient.fetchQuery({ ...myPasskeysQuery(), staleTime: 60_000 });
  if (mine.passkeys.length === 0) return {};
  const { PASSKEY_ASSERTION_HEADER } = await contract();
  const { challengeId, options } = await api((await operations()).startStepUp, { body: request });
  const { assertWithPasskey } = await import('./passkey-ceremony');
  const response = await assertWithPasskey(options);
  // The passkey's last use moved: the security page shows it.
  void queryClient.invalidateQueries({ queryKey: passkeyKeys.mine });
  return { [PASSKEY_ASSERTION_HEADER]: base64url(JSON.stringify({ challengeId, response })) };
}

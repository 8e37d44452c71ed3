import { type QueryKey, useMutation, type UseMutationOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { isApiError } from './api-client';

// getRandomValues, unlike randomUUID, also works on a console served without TLS.
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per logical write (docs/architecture.md, "Forms"): sending the same request again
 * after the service could not be heard from reuses the key, so a write that did happen is answered
 * with its first response instead of being made twice. Any answer from the service ends the key.
 * (The same rule as the administration area's hook, shared here for the other areas.)
 */
export function useIdempotencyKey() {
  const current = useRef<{ request: string; key: string } | null>(null);

  const keyFor = useCallback((request: unknown): string => {
    const fingerprint = JSON.stringify(request);
    // A changed request under the old key would be refused as a different request.
    if (current.current?.request !== fingerprint) current.current = { request: fingerprint, key: newKey() };
    return current.current.key;
  }, []);

  const settle = useCallback((error: unknown) => {
    if (!(isApiError(error) && error.status === 0)) current.current = null;
  }, []);

  return { keyFor, settle };
}

type IdempotentMutationOptions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn' | 'onSettled'> & {
  /** The write, sending `keyFor(request)` as its Idempotency-Key. */
  mutationFn: (variables: TVariables, keyFor: (request: unknown) => string) => Promise<TData>;
  /** What the write changes: read again once the service has answered, also after a failure (a 409 says the page is behind). */
  invalidates: readonly QueryKey[];
};

/** A write of the console: one Idempotency-Key per request until the service answers, then what it changed is read again. */
export function useIdempotentMutation<TData, TVariables = void>({ mutationFn, invalidates, ...options }: IdempotentMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    ...options,
    mutationFn: (variables: TVariables) => mutationFn(variables, idempotency.keyFor),
    onSettled: (_data, error) => {
      idempotency.settle(error);
      return Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

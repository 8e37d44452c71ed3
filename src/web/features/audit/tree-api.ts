import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { AuditLogData } from '../../../contract/audit';
import { getAuditConsistencyProof, getAuditInclusionProof, listAuditTreeHeads } from '../../../contract/routes/audit-tree';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/api-client';
import { auditQueries } from './api';
import { fetchServiceKeys } from './service-keys';
import { type ConsistencyVerdict, type InclusionVerdict, verifyEventInclusion, verifyHeadConsistency } from './tree-verify';

/*
 * The verifiable log's queries: each proof is fetched and verified in the browser in one query, so a
 * verdict is cached with the answer it judged. This module and the verifier are loaded only by the
 * event drawer's proof (lazily) and the integrity page, never with the audit log's first screen.
 */

/** A verdict and how long the browser took to reach it (signature, leaf and proof; not the network). */
type Timed<V> = V & { ms: number };

async function timed<V>(verify: () => Promise<V>): Promise<Timed<V>> {
  const start = performance.now();
  const verdict = await verify();
  return { ...verdict, ms: performance.now() - start };
}

/**
 * An event's proof: not in a signed head yet (the service answers 409 while the event waits to be
 * sequenced and until the next head includes it, seconds in all), or the verdict. An event listed
 * while it waited (hash null) is verified as shown once a head includes it: its leaf is its fields
 * and its place, never its hash.
 */
export type EventProof = { signed: false } | ({ signed: true } & Timed<InclusionVerdict>);

/** How often the drawer asks again for the proof of an event no signed head includes yet: heads are signed every 2 s. */
const UNSIGNED_POLL_MS = 2_000;

const publicKeys = (client: QueryClient) => client.fetchQuery(treeQueries.keys());

export const treeQueries = {
  keys: () =>
    queryOptions({
      queryKey: [...auditQueries.all, 'tree-keys'] as const,
      queryFn: ({ signal }) => fetchServiceKeys(signal),
      // A key is added rarely and never removed: a minute's copy serves every check meanwhile.
      staleTime: 60_000,
    }),
  /** The event as displayed (all of it in the key: it is what the leaf is checked against), proved in the latest signed tree head. */
  eventProof: (event: AuditLogData) =>
    queryOptions({
      queryKey: [...auditQueries.all, 'inclusion', event] as const,
      queryFn: async ({ signal, client }): Promise<EventProof> => {
        const proof = await api(getAuditInclusionProof, { params: { id: event.id }, signal }).catch((error: unknown) => {
          if (isApiError(error) && error.status === 409) return null;
          throw error;
        });
        if (!proof) return { signed: false };
        const keys = await publicKeys(client);
        return { signed: true, ...(await timed(() => verifyEventInclusion(event, proof, keys))) };
      },
      refetchInterval: (query) => (query.state.data?.signed === false ? UNSIGNED_POLL_MS : false),
      // Checked each time the drawer opens on it (a later head proves it again), not on focus meanwhile.
      staleTime: Infinity,
      gcTime: 0,
    }),
  heads: () =>
    infiniteQueryOptions({
      queryKey: [...auditQueries.all, 'tree-heads'] as const,
      queryFn: ({ pageParam, signal }) => api(listAuditTreeHeads, { query: { pageCursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next,
    }),
  /** Whether the log of `first` events is a prefix of the log of `second`, `first` ≤ `second`, checked in the browser. */
  consistency: (first: number, second: number) =>
    queryOptions({
      queryKey: [...auditQueries.all, 'consistency', first, second] as const,
      queryFn: async ({ signal, client }): Promise<Timed<ConsistencyVerdict>> => {
        const proof = await api(getAuditConsistencyProof, { query: { first, second }, signal });
        const keys = await publicKeys(client);
        return timed(() => verifyHeadConsistency(proof, keys));
      },
      // Asked for by a click (the page refetches on each one), never again by itself.
      staleTime: Infinity,
      gcTime: 0,
    }),
};

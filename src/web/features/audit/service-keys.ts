import { z } from 'zod';
import { JWKS_PATH } from '../../../contract/webhooks';
import { session } from '../../lib/session';

/**
 * The service's published keys (/.well-known/jwks.json, the webhooks' and the tree heads'), as far
 * as a tree head's check reads them; each kept whole, so an export carries its key as published.
 */
const Jwks = z.object({
  keys: z.array(
    z.looseObject({ kid: z.string().optional(), alg: z.string().optional(), kty: z.string().optional(), crv: z.string().optional(), x: z.string().optional() }),
  ),
});

/** Read with the console's client, without a session: the keys are public. */
export async function fetchServiceKeys(signal?: AbortSignal) {
  return (await session.api.request(JWKS_PATH, Jwks, { anonymous: true, signal })).keys;
}

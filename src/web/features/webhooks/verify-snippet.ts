import { JWKS_PATH, SIGNATURE_HEADER } from '../../../contract/webhooks';

/** Where this service publishes its signing keys, as a receiver elsewhere must write it. */
export const jwksUrl = (origin: string) => new URL(JWKS_PATH, origin).toString();

/**
 * A complete Node receiver (node:http and jose) that checks the detached JWS over the raw body
 * before it trusts a delivery, and drops a delivery it has already handled.
 */
export function verifySnippet(jwks: string): string {
  return `// npm install jose        (Node 20 or later)
import { createServer } from 'node:http';
import { createRemoteJWKSet, flattenedVerify } from 'jose';

// The service's public keys; jose fetches and caches them, and refetches for an unknown key id.
const JWKS = createRemoteJWKSet(new URL('${jwks}'));

// Delivery is at least once: remember handled event ids (use a table with a unique key in production).
const handled = new Set();

createServer(async (req, res) => {
  // The raw bytes as they arrived: the signature covers exactly these, not a re-serialised JSON.
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks);

  // ${SIGNATURE_HEADER}: a detached JWS, "<protected header>..<signature>" (RS512, kid in the header).
  const [protectedHeader, , signature] = String(req.headers['${SIGNATURE_HEADER.toLowerCase()}'] ?? '').split('.');
  try {
    await flattenedVerify(
      { protected: protectedHeader, payload: body.toString('base64url'), signature },
      JWKS,
      { algorithms: ['RS512'] },
    );
  } catch {
    res.writeHead(401).end();
    return;
  }

  const event = JSON.parse(body.toString('utf8'));
  res.writeHead(200).end(); // answer at once; slow work belongs after the answer

  if (handled.has(event.id)) return; // a retry or a resend of what was already handled
  handled.add(event.id);
  console.log(event.eventType, event.resourceId, event.data);
}).listen(8443);
`;
}

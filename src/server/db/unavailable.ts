/** The network's errors for a server that is not there, or that went away mid-conversation. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's own: class 08 (connection exception), 57P01-57P03 (the server shutting down, crashed,
 * or starting up and not accepting connections yet), 53300 (no connection slot left) and 25006 (a
 * write on a read-only server: a connection made to a primary that a failover or a switchover has
 * just turned into a replica, before the balancer cut it; the write goes to the new primary once it
 * has).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|25006)$/;

/** node-postgres's errors for a connection that ended or never came, which carry no code. */
const DRIVER_MESSAGES = ['Connection terminated', 'timeout exceeded when trying to connect', 'is not queryable'];

/**
 * Whether `error` (or what it wraps: drizzle puts the driver's error in `cause`) says the database
 * could not be reached, rather than that a statement failed: the server is down, restarting, out of
 * connections, or the connection to it dropped. Such a failure is nobody's fault in the request, and
 * is answered 503: the same request is expected to succeed once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (DRIVER_MESSAGES.some((message) => e instanceof Error && e.message.includes(message))) return true;
    // Node's connection to every address of a host name failed.
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * Whether the database rolled the transaction back to break a deadlock (40P01) or a serialization
 * conflict (40001): two writes met at the same moment, nothing of this one committed, and the same
 * request run again succeeds. So it is answered as an outage is (503, the key given up for the retry),
 * never as a 500, which would burn the request's Idempotency-Key.
 */
export function isTransactionConflict(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

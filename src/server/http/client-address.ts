import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { TrustProxy } from '../env';

/** Longer than any address with a zone id a real interface has, short enough to store and count by. */
const MAX_ADDRESS_LENGTH = 64;

const blockLists = new WeakMap<readonly string[], BlockList>();

/** A `BlockList` of the trusted proxies, built once per setting. */
function proxyList(proxies: readonly string[]): BlockList {
  let list = blockLists.get(proxies);
  if (!list) {
    list = new BlockList();
    for (const entry of proxies) {
      const [address = '', prefix] = entry.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
    blockLists.set(proxies, list);
  }
  return list;
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is checked as `10.0.0.1`. */
const plain = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

function isTrustedProxy(address: string, proxies: readonly string[]): boolean {
  const ip = plain(address);
  const version = isIP(ip);
  return version !== 0 && proxyList(proxies).check(ip, version === 6 ? 'ipv6' : 'ipv4');
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Requests dispatched in-process (app.request in tests) have no socket.
    return 'unknown';
  }
}

/**
 * The caller's network address: the address the nearest trusted proxy saw. The chain is the
 * `X-Forwarded-For` entries followed by the socket's peer; walking it from the service outwards,
 * each trusted hop is skipped, and the first one that is not trusted is the client. A hop is taken
 * only when it is an IP address of reasonable length: it is written into the audit log and keys
 * the throttles, so arbitrary text from a header must not get there (the peer stands in for it).
 */
export function clientAddress(c: Context, trust: TrustProxy): string {
  const peer = socketAddress(c);
  if (!trust) return peer;
  const forwarded = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  let i = chain.length - 1;
  if ('hops' in trust) i = Math.max(0, i - trust.hops);
  else while (i > 0 && isTrustedProxy(chain[i]!, trust.proxies)) i--;
  const hop = chain[i]!;
  return hop.length <= MAX_ADDRESS_LENGTH && isIP(plain(hop)) !== 0 ? hop : peer;
}

/** Whether the socket's peer is a trusted proxy, whose X-Forwarded-Proto and -Host can be believed. */
function fromTrustedProxy(c: Context, trust: TrustProxy): boolean {
  if (!trust) return false;
  return 'hops' in trust ? trust.hops > 0 : isTrustedProxy(socketAddress(c), trust.proxies);
}

/** A forwarded header's value as the nearest proxy wrote it (the last of a list, when proxies append). */
export function forwardedHeader(c: Context, trust: TrustProxy, name: 'X-Forwarded-Proto' | 'X-Forwarded-Host'): string | undefined {
  if (!fromTrustedProxy(c, trust)) return undefined;
  return c.req.header(name)?.split(',').at(-1)?.trim() || undefined;
}

/** How much of a request path is kept in the audit log and the logs. */
export const MAX_RECORDED_PATH = 256;

/**
 * The request path as it may be stored or logged: cut to MAX_RECORDED_PATH characters (with an
 * ellipsis), so a long or hostile URI costs the same few bytes as any other.
 */
export function recordedPath(c: Context): string {
  const { path } = c.req;
  return path.length > MAX_RECORDED_PATH ? `${path.slice(0, MAX_RECORDED_PATH)}…` : path;
}

export function isSecureRequest(c: Context, trust: TrustProxy): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return forwardedHeader(c, trust, 'X-Forwarded-Proto') === 'https';
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_ERRORS } from '../../../contract/webhooks';
import { badRequest } from '../../http/errors';

/**
 * Where webhooks may point. A webhook makes this service send requests to a URL a customer chose,
 * so an unchecked URL would let a workspace reach the service's own network (SSRF). URLs must be
 * https and must not resolve to a loopback, private, link-local or otherwise internal address,
 * unless the operator allows local receivers for development (WEBHOOK_ALLOW_LOCAL), which also
 * permits plain http to loopback. The check runs at registration and again at every delivery,
 * on the addresses actually connected to, so a name that later resolves inward is still refused.
 */

const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

/** True for an address a webhook must not reach: loopback, private, link-local, CGNAT, multicast... */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // IPv4-mapped (::ffff:a.b.c.d) and the like are judged by the IPv4 address inside.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return INTERNAL.check(mapped[1]!, 'ipv4');
    return INTERNAL.check(address, 'ipv6');
  }
  return INTERNAL.check(address, 'ipv4');
}

const isLoopbackHost = (host: string) => host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

export interface UrlPolicy {
  allowLocal: boolean;
}

const refused = (message: string) => badRequest(message, WEBHOOK_ERRORS.refusedAddress);
const invalidUrl = (message: string) => badRequest(message, WEBHOOK_ERRORS.invalidUrl);

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));
}

/** Checks a webhook URL as given at registration; answers the normalised URL or throws a 400 naming the problem. */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl('url must be an absolute URL such as https://hooks.example.com/fireblocks');
  }
  if (url.username || url.password) throw invalidUrl('url must not contain a user name or password: put credentials in the path or use the signature headers');
  if (url.hash) throw invalidUrl('url must not contain a #fragment');
  const host = url.hostname;
  if (url.protocol === 'http:') {
    if (!(policy.allowLocal && isLoopbackHost(host))) {
      throw invalidUrl(policy.allowLocal ? 'url must use https (plain http is allowed only to localhost or 127.0.0.1)' : 'url must use https');
    }
  } else if (url.protocol !== 'https:') {
    throw invalidUrl('url must use https');
  }
  if (!policy.allowLocal) {
    const literal = host.startsWith('[') ? host.slice(1, -1) : host;
    let addresses: string[];
    if (isIP(literal)) addresses = [literal];
    else {
      try {
        addresses = (await resolveAll(literal)).map((a) => a.address);
      } catch {
        throw invalidUrl(`url's host ${host} does not resolve`);
      }
    }
    const inward = addresses.find(isInternalAddress);
    if (inward) throw refused(`url's host ${host} resolves to ${inward}, a loopback, private or link-local address, which webhooks may not reach`);
  }
  return url.toString();
}

/** A dns.lookup for outgoing deliveries that refuses internal addresses unless local receivers are allowed. */
export function guardedLookup(policy: UrlPolicy): typeof dnsLookup {
  const lookup = (hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...(options as object), all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err);
      const inward = policy.allowLocal ? undefined : addresses.find((a) => isInternalAddress(a.address));
      if (inward) return callback(Object.assign(new Error(`${hostname} resolves to the internal address ${inward.address}`), { code: 'EREFUSEDADDRESS' }));
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return lookup as unknown as typeof dnsLookup;
}

/** The same rule for a URL whose host is an IP literal, which node connects to without a lookup. */
export function literalRefused(url: URL, policy: UrlPolicy): boolean {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return !policy.allowLocal && isIP(host) !== 0 && isInternalAddress(host);
}

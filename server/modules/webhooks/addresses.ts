// Where the shop may post: the rules of an endpoint's URL. http(s) only; never to the shop's own
// network (loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses,
// `localhost`), unless WEBHOOKS_ALLOW_PRIVATE=1, so an admin's URL cannot make the server reach
// what only it can reach. A literal address is judged when the URL is written; a name, when the
// worker resolves it just before each attempt (worker.ts).
import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** Whether `address` (a literal IPv4 or IPv6 address) is one the shop must not post to. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return PRIVATE.check(bare, 'ipv4');
  if (family !== 6) return false;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1, or its hex form) is judged as IPv4.
  const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(bare);
  if (mapped) {
    const v4 = mapped[1] ?? [parseInt(mapped[2], 16), parseInt(mapped[3], 16)].flatMap((n) => [n >> 8, n & 255]).join('.');
    return PRIVATE.check(v4, 'ipv4');
  }
  return PRIVATE.check(bare, 'ipv6');
}

/** A host name that always means this machine. */
export const isLocalName = (hostname: string): boolean => /(^|\.)localhost\.?$/i.test(hostname);

/**
 * Why the URL's host may not be posted to, or undefined when it may (a name is judged again when
 * it is resolved). `hostname` as URL parses it: an IPv4 address in any form is written as a
 * dotted quad, an IPv6 one in brackets.
 */
export function refusedHost(hostname: string): string | undefined {
  if (isLocalName(hostname)) return `${hostname} is this machine`;
  if (isPrivateAddress(hostname)) return `${hostname} is a private, loopback or reserved address`;
  return undefined;
}

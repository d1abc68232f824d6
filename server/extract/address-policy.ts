import { BlockList, isIP } from 'node:net';

/**
 * Which addresses /extraer may connect to. A page, a redirect or a prompt
 * must not turn SOMA into a way to reach the laptop's own services or the
 * home router, so everything that is not a public unicast address is refused.
 */

const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and the deprecated IPv4-compatible block
  ['64:ff9b::', 96], // NAT64: would reach an IPv4 address we did not check
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/**
 * True for a public unicast IP. IPv4-mapped IPv6 (`::ffff:127.0.0.1`, also
 * written `::ffff:7f00:1`) is judged by its IPv4 address: Node's BlockList
 * matches the IPv4 rules for it. Anything that is not an IP is not public.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The IP written in a URL's host (`[::1]` loses its brackets), or null for a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}

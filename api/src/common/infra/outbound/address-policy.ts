import ipaddr from 'ipaddr.js';

type Ip = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Cloud metadata services: refused even when OUTBOUND_ALLOW_CIDRS covers them (AWS/GCP/Azure/OpenStack, AWS ECS task
 * metadata, Alibaba, AWS over IPv6).
 */
const METADATA_ADDRESSES: readonly Ip[] = ['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254'].map((a) => ipaddr.parse(a));

/** Names of metadata services, refused before any lookup (they resolve to the addresses above inside a cloud). */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** Strips the brackets of an IPv6 URL host and a trailing dot of a name. */
export function bareHost(hostname: string): string {
  const h = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return h.replace(/\.$/, '').toLowerCase();
}

/** The IPv4 address in the last 32 bits of IPv6 parts (NAT64, IPv4-compatible, RFC 6145) or in bits 16-48 (6to4). */
const v4At = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

/**
 * Which addresses tenant-controlled requests may reach: public unicast only, classified by ipaddr.js (loopback,
 * private, link-local, CGNAT, multicast, unspecified, broadcast, reserved, documentation and benchmarking ranges are
 * all "not unicast" there), IPv4 inside IPv6 (mapped, compatible, NAT64, 6to4) judged by the IPv4 it carries, and
 * the ranges OUTBOUND_ALLOW_CIDRS lists let through. Metadata addresses never pass.
 */
export class AddressPolicy {
  private readonly allowed: [Ip, number][];

  constructor(allowCidrs: readonly string[] = []) {
    this.allowed = allowCidrs.map((c) => {
      if (ipaddr.isValidCIDR(c)) return ipaddr.parseCIDR(c);
      const ip = ipaddr.parse(c);
      return [ip, ip.kind() === 'ipv4' ? 32 : 128];
    });
  }

  /** Null when a request may go to this name (before resolving it), else why not. */
  nameRefusal(host: string): string | null {
    const h = bareHost(host);
    return METADATA_NAMES.has(h) ? 'cloud metadata service' : null;
  }

  /** Null when a request may connect to `address` (an IP address, as DNS answers it), else why not. */
  refusal(address: string): string | null {
    const bare = bareHost(address);
    if (!ipaddr.isValid(bare)) return 'not an IP address';
    let ip: Ip = ipaddr.parse(bare);
    // ::ffff:a.b.c.d is a.b.c.d: the allow list and the IPv4 rules apply to it.
    if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
    if (METADATA_ADDRESSES.some((m) => m.kind() === ip.kind() && m.toNormalizedString() === ip.toNormalizedString())) return 'cloud metadata address';
    if (this.allowed.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits))) return null;
    return ip.kind() === 'ipv4' ? v4Refusal(ip as ipaddr.IPv4) : v6Refusal(ip as ipaddr.IPv6);
  }
}

function v4Refusal(ip: ipaddr.IPv4): string | null {
  const range = ip.range();
  return range === 'unicast' ? null : `${range} address`;
}

function v6Refusal(ip: ipaddr.IPv6): string | null {
  const p = ip.parts;
  const range = ip.range();
  if (range === 'unicast') {
    // ::a.b.c.d (IPv4-compatible, deprecated): ipaddr.js calls it unicast; it carries an IPv4 address.
    if (p.slice(0, 6).every((x) => x === 0)) return 'IPv4-compatible address';
    return null;
  }
  // 64:ff9b::/96 (NAT64, RFC 6052) reaches the IPv4 it carries; the local-use 64:ff9b:1::/48 is local.
  if (range === 'rfc6052') {
    if (p[2] !== 0 || p[3] !== 0 || p[4] !== 0 || p[5] !== 0) return 'local NAT64 address';
    const why = v4Refusal(v4At(p[6], p[7]));
    return why ? `NAT64 of a ${why}` : null;
  }
  // 2002:V4::/48 (6to4) reaches the IPv4 in bits 16-48.
  if (range === '6to4') {
    const why = v4Refusal(v4At(p[1], p[2]));
    return why ? `6to4 of a ${why}` : null;
  }
  return `${range} address`;
}

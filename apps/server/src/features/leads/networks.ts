import ipaddr from "ipaddr.js";

/**
 * The network a sign-up came from, never its address: the IPv4 /24 (203.0.113.0/24) or the IPv6
 * /48 (2001:db8:1::/48), enough to see many referrals arrive from one place and too coarse to
 * point at one device. IPv4-mapped IPv6 addresses count as IPv4. Null for anything unparsable.
 */
export function networkPrefix(address: string | undefined): string | null {
  if (!address) return null;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return null;
  }
  if (parsed.kind() === "ipv4") {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (parsed as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, 0, 0, 0, 0, 0]).toString()}/48`;
}

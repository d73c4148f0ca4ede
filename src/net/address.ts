// Address classification: is an IP address globally routable, or inside an explicitly allowed CIDR?

import type Ipaddr from 'ipaddr.js'
import {cjs} from '../cjs.js'

/** ipaddr.js, for this module and proxy-route.ts: CommonJS, so loaded with `require` (see cjs.ts). */
export const ipaddr = cjs<typeof Ipaddr>('ipaddr.js')

export type IP = Ipaddr.IPv4 | Ipaddr.IPv6

/** `allowed`: the private range of an address that `allowPrivate` let through. */
export type AddressVerdict = {ok: true; allowed?: string} | {ok: false; range: string}

/** IPv6 global unicast space (RFC 4291 §2.4); anything outside it is not routable on the internet. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3')

/**
 * NAT64's well-known prefix (RFC 6052): on an IPv6-only network (a DNS64 resolver: AWS IPv6-only subnets, mobile
 * networks) every IPv4-only host's answer is 64:ff9b::a.b.c.d, which the gateway translates to a.b.c.d.
 */
const NAT64_V6 = ipaddr.IPv6.parseCIDR('64:ff9b::/96')

/**
 * The address policy applied to literal hosts and to every resolved address.
 *
 * Allowed: ipaddr.js `range() === 'unicast'` (IPv6 additionally inside 2000::/3).
 * IPv4-mapped IPv6 (`::ffff:a.b.c.d`) and NAT64's well-known prefix (`64:ff9b::a.b.c.d`) are
 * converted and rechecked as the IPv4 address they reach: refused as a whole, NAT64 made every
 * citation unsafe on an IPv6-only network. 6to4, Teredo and NAT64's local-use prefix (which embed
 * IPv4 addresses, the last where its operator chooses) are refused by their range.
 * `allowPrivate` lists CIDRs that pass anyway: the explicit, unsafe opt-in for
 * tests and benchmarks (e.g. `['127.0.0.0/8', '::1/128']`). A bare address counts
 * as a single-address CIDR.
 */
export class AddressPolicy {
  readonly allowPrivate: readonly string[]
  /**
   * Host names resolved to a private address that `allowPrivate` let through, and that address: a report keeps it
   * (`Hop.address`), so a run allowing less, sharing the cache, checks it again.
   */
  readonly privateHosts = new Map<string, string>()
  private readonly allowed: Array<[IP, number]>

  constructor(allowPrivate: string[] = []) {
    if (!Array.isArray(allowPrivate)) {
      throw new TypeError('allowPrivate must be an array of CIDR strings such as "127.0.0.0/8"')
    }
    this.allowed = allowPrivate.map(parseAllowedCidr)
    this.allowPrivate = Object.freeze([...allowPrivate])
  }

  /** Classify `ip` (canonical IPv4 dotted quad or IPv6, brackets and zone id tolerated). */
  check(ip: string): AddressVerdict {
    const parsed = parseStrict(ip)
    if (!parsed) return {ok: false, range: 'invalid'}
    const address = reachedIPv4(parsed)
    const range = privateRange(address)
    if (range === undefined) return {ok: true}
    for (const [network, bits] of this.allowed) {
      if (network.kind() === address.kind() && address.match(network, bits)) return {ok: true, allowed: range}
    }
    return {ok: false, range}
  }
}

/** The IPv4 address an IPv4-mapped or NAT64 (64:ff9b::/96) address reaches; any other as it is. */
function reachedIPv4(address: IP): IP {
  if (address.kind() !== 'ipv6') return address
  const v6 = address as Ipaddr.IPv6
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address()
  return v6.match(NAT64_V6) ? ipaddr.fromByteArray(v6.toByteArray().slice(12)) : address
}

/** The range of an address that is not globally routable; undefined for a public one. */
function privateRange(address: IP): string | undefined {
  const range = address.range()
  if (range !== 'unicast') return range
  return address.kind() === 'ipv6' && !address.match(GLOBAL_UNICAST_V6) ? 'reserved' : undefined
}

/** True when `value` is an IP literal (IPv4 dotted quad, or IPv6 with or without brackets). */
export function isIpLiteral(value: string): boolean {
  return parseStrict(value) !== undefined
}

/** Parse only canonical forms: four-part decimal IPv4 (no hex/octal/short forms) or IPv6. */
function parseStrict(value: string): IP | undefined {
  if (typeof value !== 'string') return undefined
  let text = value.trim()
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1)
  if (text.includes(':')) {
    return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text) : undefined
  }
  // Only digits and dots make a four-part decimal: a host name skips ipaddr.js, which throws and catches to say no
  // (15 µs per name, paid for every host of every cached hop). Other spellings (`0x7f.1`, `0177.0.0.1`) are not
  // literals here either way; as hosts they never get here, the URL parser writes them as the dotted quad.
  if (/[^\d.]/.test(text)) return undefined
  return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : undefined
}

function parseAllowedCidr(entry: unknown, index: number): [IP, number] {
  const bad = (why: string): Error =>
    new Error(
      `allowPrivate[${index}] ${JSON.stringify(entry)} is not a valid CIDR (${why}); ` +
        'expected e.g. "127.0.0.0/8" or "::1/128"',
    )
  if (typeof entry !== 'string' || entry.trim() === '') throw bad('not a non-empty string')
  const text = entry.trim()
  const slash = text.indexOf('/')
  const addressText = slash === -1 ? text : text.slice(0, slash)
  const address = parseStrict(addressText)
  if (!address) throw bad('address part is not a canonical IPv4 or IPv6 address')
  const max = address.kind() === 'ipv4' ? 32 : 128
  let bits = max
  if (slash !== -1) {
    const prefix = text.slice(slash + 1)
    if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) throw bad(`prefix must be 0 to ${max}`)
    bits = Number(prefix)
  }
  return unmappedRange([address, bits])
}

/** An IPv4-mapped IPv6 network as the IPv4 network it maps, since addresses are compared unmapped; others as they are. */
export function unmappedRange([address, bits]: [IP, number]): [IP, number] {
  if (address.kind() === 'ipv6' && (address as Ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(address as Ipaddr.IPv6).toIPv4Address(), bits - 96]
  }
  return [address, bits]
}

// Special-use host names (RFC 6761, RFC 2606, RFC 8375, RFC 7686): which names never go to DNS.

/** Lower-case, without one trailing dot (`localhost.` → `localhost`). */
export function normalizeHostname(hostname: string): string {
  const lower = hostname.toLowerCase()
  return lower.endsWith('.') ? lower.slice(0, -1) : lower
}

/** `localhost`, `*.localhost` (with or without a trailing dot): always loopback (RFC 6761 §6.3). */
export function isLocalhostName(hostname: string): boolean {
  const name = normalizeHostname(hostname)
  return name === 'localhost' || name.endsWith('.localhost')
}

/**
 * Suffixes that never name a public host: reserved for documentation and tests
 * (`.invalid`, `.test`, `.example`), link-local multicast DNS (`.local`), private
 * use (`.internal`, `.home.arpa`, `.lan`... only the standardised ones here) and Tor (`.onion`).
 */
const UNRESOLVABLE_SUFFIXES = ['invalid', 'test', 'example', 'local', 'internal', 'home.arpa', 'onion']

/** True when the default resolver must answer "no such host" without asking DNS. */
export function isUnresolvableName(hostname: string): boolean {
  const name = normalizeHostname(hostname)
  return UNRESOLVABLE_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))
}

/**
 * The entry of `table` for `hostname`: its own, else the nearest `*.parent` entry (`*.corp.example` covers
 * `wiki.corp.example` and `a.b.corp.example`, not `corp.example` itself). `table`'s keys are normalised (see
 * normalizeHostname); so is `hostname` here: `github.com.` is github.com.
 */
export function entryForHost<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  const hostname = normalizeHostname(name)
  const own = table[hostname]
  if (own !== undefined) return own
  for (let dot = hostname.indexOf('.'); dot !== -1; dot = hostname.indexOf('.', dot + 1)) {
    const wildcard = table[`*${hostname.slice(dot)}`]
    if (wildcard !== undefined) return wildcard
  }
  return undefined
}

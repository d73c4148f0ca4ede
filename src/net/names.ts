// Special-use host names (RFC 6761, RFC 2606, RFC 8375, RFC 7686): which names never go to DNS.

/** Lower-case, without one trailing dot (`localhost.` → `localhost`). */
export function normalizeHostname(hostname: string): string {
  const lower = hostname.toLowerCase()
  return lower.endsWith('.') ? lower.slice(0, -1) : lower
}

/**
 * What `localhost` names stand for: both loopback addresses, as the system's resolver answers. A dev server that
 * listens on `::1` only (Node's `listen('localhost')` where `::1` comes first) is reached as a browser reaches it.
 */
export const LOCALHOST_ANSWER: ReadonlyArray<{address: string; family: 4 | 6}> = [
  {address: '127.0.0.1', family: 4},
  {address: '::1', family: 6}
]

/** `localhost`, `*.localhost` (with or without a trailing dot): always loopback (RFC 6761 §6.3). */
export function isLocalhostName(hostname: string): boolean {
  const name = normalizeHostname(hostname)
  return name === 'localhost' || name.endsWith('.localhost')
}

/**
 * Suffixes of one network's own hosts, never a public one: link-local multicast DNS (`.local`, also many Active
 * Directory domains) and private use (`.internal`, `.home.arpa`; `.lan`... only the standardised ones here).
 */
const PRIVATE_USE_SUFFIXES = ['local', 'internal', 'home.arpa']

/**
 * Suffixes that never name a public host: reserved for documentation and tests (`.invalid`, `.test`, `.example`),
 * Tor (`.onion`), and those of private use.
 */
const UNRESOLVABLE_SUFFIXES = ['invalid', 'test', 'example', 'onion', ...PRIVATE_USE_SUFFIXES]

function hasSuffix(hostname: string, suffixes: readonly string[]): boolean {
  const name = normalizeHostname(hostname)
  return suffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))
}

/** True when the default resolver must answer "no such host" without asking DNS (see {@link isPrivateUseName}). */
export function isUnresolvableName(hostname: string): boolean {
  return hasSuffix(hostname, UNRESOLVABLE_SUFFIXES)
}

/** A Tor onion service (RFC 7686): it exists or not on Tor alone, which DNS cannot say. */
export function isOnionName(hostname: string): boolean {
  return hasSuffix(hostname, ['onion'])
}

/** A name of private use (`wiki.corp.internal`, `nas.home.arpa`, `printer.local`), which an intranet's DNS answers. */
export function isPrivateUseName(hostname: string): boolean {
  return hasSuffix(hostname, PRIVATE_USE_SUFFIXES)
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

// The resolver pinned into each connection: resolve, vet every address, hand only vetted ones to the socket.

import {promises as dns} from 'node:dns'
import type {LookupAddress, LookupOptions} from 'node:dns'
import {isIP, type LookupFunction} from 'node:net'
import type {AddressPolicy} from './address.js'
import {shorten} from '../page/text.js'
import {show} from '../validate.js'
import {isLocalhostName, isOnionName, isPrivateUseName, isUnresolvableName, LOCALHOST_ANSWER} from './names.js'

/**
 * An injectable resolver: every address a host name stands for. `family` is not read (each address's own form says
 * it), so Node's `dns.promises.lookup(name, {all: true})`, whose `family` is a number, fits as it is.
 */
export type Resolve = (hostname: string) => Promise<Array<{address: string; family: number}>>

/** Error codes as Node's resolver uses them, plus EPRIVATE for policy refusals. */
export interface LookupError extends Error {
  code: 'ENOTFOUND' | 'EPRIVATE' | string
  hostname: string
}

export function lookupError(code: string, hostname: string, message: string): LookupError {
  return Object.assign(new Error(message), {code, hostname})
}

/**
 * The system's resolver: `getaddrinfo` (`dns.lookup`, all addresses, in the order given). Special-use names never
 * reach it: `localhost` and `*.localhost` answer 127.0.0.1 and ::1; `.invalid`, `.test` and `.example`
 * names fail with ENOTFOUND without a query; `.onion` ones with EONION, as only Tor could say whether they exist (a
 * newspaper's onion address in docs is no dead link). Names of private use (`.local`, `.internal`, `.home.arpa`) are refused
 * as private (EPRIVATE), as a private address is: `host.docker.internal` or `api.svc.cluster.local` in docs is some
 * network's own host, which public DNS cannot call gone. With `privateUse` they are looked up: where private ranges
 * are allowed (intranet docs), as their hosts are the intranet's; their answers are checked as any other's.
 */
export function systemResolve(privateUse: boolean): Resolve {
  return async (hostname) => {
    if (isIP(hostname)) return [{address: hostname, family: isIP(hostname) === 6 ? 6 : 4}]
    if (isLocalhostName(hostname)) return LOCALHOST_ANSWER.map((entry) => ({...entry}))
    if (isOnionName(hostname)) throw lookupError('EONION', hostname, `${hostname} is a Tor onion service, reachable only through Tor`)
    if (isPrivateUseName(hostname)) {
      if (!privateUse) throw lookupError('EPRIVATE', hostname, `${hostname} is a name of private use, not looked up`)
    } else if (isUnresolvableName(hostname)) {
      throw lookupError('ENOTFOUND', hostname, `no such host ${hostname} (special-use name, not looked up)`)
    }
    const answers = await dns.lookup(hostname, {all: true, verbatim: true})
    return answers.map((answer) => ({address: answer.address, family: answer.family === 6 ? 6 : 4}))
  }
}

/**
 * A `net.LookupFunction` (usable as undici `connect.lookup`) that resolves with
 * `resolve` and refuses the connection (code EPRIVATE) when ANY answer is refused
 * by `addresses`: a mixed public/private answer is a rebinding signal, so the
 * whole answer is refused rather than filtered. Supports both the `{all: true}`
 * form (used by Node's Happy Eyeballs) and the single-address form.
 * `localhost` names always stand for the loopback addresses, whatever `resolve` would say.
 */
export function createLookup(resolve: Resolve, addresses: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    vetHost(resolve, addresses, hostname, options).then(
      (answers) => {
        process.nextTick(() => {
          if (options?.all) {
            callback(null, answers)
          } else {
            const first = answers[0] as LookupAddress
            callback(null, first.address, first.family)
          }
        })
      },
      (error: unknown) => {
        process.nextTick(() => callback(asLookupError(error, hostname), ''))
      },
    )
  }
}

/**
 * The addresses `hostname` stands for, each accepted by `addresses` (else EPRIVATE), of the family `options` asks
 * for (else ENOTFOUND). Also vets a proxy's target, whose name the proxy resolves again (proxy.ts).
 */
export async function vetHost(
  resolve: Resolve,
  addresses: AddressPolicy,
  hostname: string,
  options?: LookupOptions,
): Promise<LookupAddress[]> {
  const answers = isLocalhostName(hostname) ? allowedLoopback(addresses) : await resolve(hostname)
  // Only a custom `resolve` answers out of shape (`dns.promises.resolve4` gives bare strings): its author's mistake,
  // which says nothing of the host, so it must not call every citation dead.
  if (!Array.isArray(answers)) throw resolverMistake(hostname, answers)
  if (answers.length === 0) throw lookupError('ENOTFOUND', hostname, `no such host ${hostname} (no addresses)`)
  const list: LookupAddress[] = []
  for (const answer of answers) {
    const address = typeof answer?.address === 'string' ? answer.address : ''
    const family = isIP(address)
    if (family === 0) throw resolverMistake(hostname, answers)
    const verdict = addresses.check(address)
    if (!verdict.ok) {
      throw lookupError('EPRIVATE', hostname, `${hostname} resolves to private address ${address} (${verdict.range})`)
    }
    if (verdict.allowed) addresses.privateHosts.set(hostname, address)
    list.push({address, family})
  }
  const wanted = familyOf(options?.family)
  const matching = wanted === 0 ? list : list.filter((entry) => entry.family === wanted)
  if (matching.length === 0) {
    throw lookupError('ENOTFOUND', hostname, `no IPv${wanted} address for ${hostname}`)
  }
  return matching
}

/** An answer of a custom resolver that is not `[{address, family}]` with IP addresses: unverifiable, not "no such host". */
function resolverMistake(hostname: string, answer: unknown): LookupError {
  return lookupError('ERESOLVE', hostname, `the resolve option gave ${hostname} ${shorten(show(answer), 60)}, expected [{address, family}] with IP addresses`)
}

/**
 * The loopback addresses `addresses` allow, or all of them when it allows none (to be refused, naming 127.0.0.1). Not
 * a rebinding signal, unlike a mixed answer from DNS: these are ours, and `allowPrivateAddresses: ['127.0.0.1/32']`
 * allows `localhost` as before.
 */
function allowedLoopback(addresses: AddressPolicy): ReadonlyArray<{address: string; family: 4 | 6}> {
  const allowed = LOCALHOST_ANSWER.filter((answer) => addresses.check(answer.address).ok)
  return allowed.length > 0 ? allowed : LOCALHOST_ANSWER
}

function familyOf(family: LookupOptions['family'] | undefined): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4
  if (family === 6 || family === 'IPv6') return 6
  return 0
}

/** Keep the resolver's own error (and code) when it gave one; a code-less failure stays code-less (EOTHER later). */
function asLookupError(error: unknown, hostname: string): NodeJS.ErrnoException {
  if (error instanceof Error) return error
  return Object.assign(new Error(`lookup of ${hostname} failed: ${String(error)}`), {hostname})
}

// How one hop is fetched: the live network, or recorded fixtures; the verifier does not care which.

import type {Dispatcher} from 'undici'
import {entryForHost} from '../net/names.js'
import {fetchHop, type HopResponse} from '../net/fetch-hop.js'
import type {Proxies} from '../net/proxy.js'

export type {HopResponse}

/**
 * Fetches exactly one hop (no redirect following); throws NetError when no response arrives. `maxBytes`, when
 * given, reads less of the body than the configured cap (the rules that are on need only the top of the page).
 * `headers` override the page defaults (registries: `Accept` and a User-Agent with a contact).
 */
export type Transport = (url: URL, maxBytes?: number, headers?: Record<string, string>) => Promise<HopResponse>

export interface LiveNetwork {
  /** Direct connections. */
  agent: Dispatcher
  /** When the environment or the options name a proxy. */
  proxies: Proxies | undefined
  /** The user's headers by host name (`hosts[h].headers`): sent to that host only, over the caller's. */
  hostHeaders: Record<string, Record<string, string>>
  timeoutMs: number
  maxBytes: number
}

export function liveTransport({agent, proxies, hostHeaders, timeoutMs, maxBytes}: LiveNetwork): Transport {
  return async (url, less, given) => {
    const own = entryForHost(hostHeaders, url.hostname)
    const headers = own ? {...given, ...own} : given
    const options = {timeoutMs, maxBytes: Math.min(less ?? maxBytes, maxBytes), ...(headers ? {headers} : {})}
    // No await where there is no proxy: a turn per hop on the path every request takes.
    const proxied = proxies ? await proxies.hop(url) : undefined
    if (!proxied) return fetchHop(url, {agent, ...options})
    return proxied.fetch((dispatcher) => fetchHop(url, {agent: dispatcher, ...options}))
  }
}

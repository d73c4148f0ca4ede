// How one hop is fetched: the live network, or recorded fixtures; the verifier does not care which.

import type {Dispatcher} from 'undici'
import {fetchHop, type HopResponse} from '../net/fetch-hop.js'

export type {HopResponse}

/**
 * Fetches exactly one hop (no redirect following); throws NetError when no response arrives. `maxBytes`, when
 * given, reads less of the body than the configured cap (the rules that are on need only the top of the page).
 * `headers` override the page defaults (registries: `Accept` and a User-Agent with a contact).
 */
export type Transport = (url: URL, maxBytes?: number, headers?: Record<string, string>) => Promise<HopResponse>

export function liveTransport(agent: Dispatcher, timeoutMs: number, maxBytes: number): Transport {
  return (url, less, headers) =>
    fetchHop(url, {agent, timeoutMs, maxBytes: Math.min(less ?? maxBytes, maxBytes), ...(headers ? {headers} : {})})
}

// How one hop is fetched: the live network, or recorded fixtures; the verifier does not care which.

import type {Dispatcher} from 'undici'
import {fetchHop, type HopResponse} from '../net/fetch-hop.js'

export type {HopResponse}

/** Fetches exactly one hop (no redirect following); throws NetError when no response arrives. */
export type Transport = (url: URL) => Promise<HopResponse>

export function liveTransport(agent: Dispatcher, timeoutMs: number, maxBytes: number): Transport {
  return (url) => fetchHop(url, {agent, timeoutMs, maxBytes})
}

// The undici Agent every fetch goes through: pinned, vetted DNS, and a guard on literal-IP hosts.

import type {buildConnector as BuildConnector} from 'undici'
import {constants} from 'node:crypto'
import {isIP} from 'node:net'
import type {AddressPolicy} from './address.js'
import {createLookup, lookupError, type Resolve} from './lookup.js'
import {Agent, buildConnector} from './undici.js'

export interface AgentOptions {
  resolve: Resolve
  addresses: AddressPolicy
  /** TCP (+ TLS) connect limit, name lookup included. */
  connectTimeoutMs: number
  /** undici's own limits; fetchHop's whole-hop deadline is normally shorter. Default {@link answerLimits}. */
  headersTimeoutMs?: number
  bodyTimeoutMs?: number
}

/**
 * TLS to a source as browsers make it, direct or through a proxy's tunnel: a server without secure renegotiation
 * (RFC 5746; old load balancers in front of many government and university sites) is connected to, as OpenSSL 1.1
 * (Node 16) did. OpenSSL 3 refuses it ('unsafe legacy renegotiation disabled'), so a page every reader opens was
 * flagged unverifiable. Renegotiating with such a server stays refused: the attack RFC 5746 closed needs it.
 */
export const sourceTls = {secureOptions: constants.SSL_OP_LEGACY_SERVER_CONNECT}

/** Keep-alive of pooled connections, direct or through a proxy (ms). */
export const keepAlive = {keepAliveTimeout: 4_000, keepAliveMaxTimeout: 30_000}

/**
 * undici's limits on an answer, direct or through a proxy. Waiting for its headers and between its body's chunks
 * (ms), in place of its 300 s: fetchHop's whole-hop deadline is normally shorter, these bound a request nobody waits
 * for. Its headers' size (bytes), in place of Node's 16 KB, which pages browsers open exceed (a shop's cookies and
 * policy headers, 20-30 KB): Chrome's 256 KB, so a page is never "unverifiable" for headers a browser takes.
 */
export const answerLimits = {headersTimeout: 30_000, bodyTimeout: 30_000, maxHeaderSize: 256 * 1024}

/**
 * A keep-alive undici Agent whose connections use {@link createLookup}, so a
 * socket connects only to an address the policy accepted, with no second
 * resolution. Node skips `lookup` for literal-IP hosts, so those are checked
 * here again before connecting (defence in depth: callers run checkUrl first).
 * Never installed as the global dispatcher.
 */
export function createAgent(options: AgentOptions): Agent {
  const {resolve, addresses, connectTimeoutMs} = options
  if (!Number.isFinite(connectTimeoutMs) || connectTimeoutMs <= 0) {
    throw new RangeError(`connectTimeoutMs must be a positive number of milliseconds, got ${String(connectTimeoutMs)}`)
  }
  const connector = buildConnector({lookup: createLookup(resolve, addresses), timeout: connectTimeoutMs, ...sourceTls})
  const connect: BuildConnector.connector = (connectOptions, callback) => {
    const host = unbracket(connectOptions.hostname)
    if (isIP(host)) {
      const verdict = addresses.check(host)
      if (!verdict.ok) {
        const error = lookupError('EPRIVATE', host, `private address ${host} (${verdict.range})`)
        process.nextTick(() => callback(error, null))
        return
      }
    }
    connector(connectOptions, callback)
  }
  return new Agent({
    connect,
    ...keepAlive,
    headersTimeout: options.headersTimeoutMs ?? answerLimits.headersTimeout,
    bodyTimeout: options.bodyTimeoutMs ?? answerLimits.bodyTimeout,
    maxHeaderSize: answerLimits.maxHeaderSize,
  })
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

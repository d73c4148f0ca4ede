// Proxies: where a network reaches the web only through one (self-hosted CI runners, company networks).
//
// Read as curl reads them: `https_proxy` for https: URLs, `http_proxy` for http: URLs (either case, lower case
// first), `no_proxy` for the hosts reached directly; or the `proxy` option, one proxy for both schemes. Requests go
// through an HTTP CONNECT tunnel (undici's ProxyAgent), so TLS is end to end and the proxy sees only host and port.
// An http: target whose tunnel an http proxy refuses as a method (403, 405, 501: Squid's stock rules allow CONNECT
// to port 443 only) is asked as browsers and curl ask for http: through a proxy, the whole URL in the request line;
// that proxy and port are then asked so from the start. An answer the proxy itself made there (it says so in
// `X-Squid-Error` or RFC 9209's `Proxy-Status`) is the proxy's, not the site's.
//
// The proxy resolves the target's name, not us, so the private-address guard runs here first: a target whose
// addresses our resolver knows is vetted as on a direct connection (a private answer is refused, and the proxy is
// never asked). A name our resolver cannot answer goes to the proxy, since on such networks only the proxy may
// know outside names; a special-use name (`.test`, `.example`, …) never does. A tunnel the proxy refuses is
// "no such host" only when our resolver said so too, and only when the proxy's answer can mean that (502, or
// its own DNS error): a 407 (the proxy's password) or a 403 (its policy) says nothing of the host.
//
// The tunnel's opening is bounded as a direct connection is: a proxy that takes the CONNECT and never answers
// gives up within `timeout`, and a run's end destroys the agents of such tunnels instead of waiting for them.
// Sooner still, a tunnel still opening when the last hop waiting for it has passed its deadline is abandoned
// (its socket to the proxy closed): a long-lived process (the editor server) keeps none for nobody.

import {isIP} from 'node:net'
import type {buildConnector, Client, Dispatcher, Pool, ProxyAgent} from 'undici'
import {answerLimits, keepAlive, sourceTls} from './agent.js'
import {NetError} from './errors.js'
import type {HopResponse} from './fetch-hop.js'
import {isUnresolvableName} from './names.js'
import type {AddressPolicy} from './address.js'
import {vetHost, type Resolve} from './lookup.js'
import {percentDecode} from './parse-url.js'
import {proxied, type ProxyRoute} from './proxy-route.js'
import {redactUrl} from './redact.js'

/** One hop through a proxy. */
export interface ProxiedHop {
  /**
   * The hop's answer, through the proxy, from `send` with the dispatcher to use: asked in the whole-URL form when the
   * proxy refuses the tunnel to an http: target. Errors come explained: a tunnel refused with 502 or 504, or the
   * proxy's own DNS error, is "no such host" when our resolver found no such name either; any other refusal, and an
   * answer the proxy made itself, is EPROXY (flagged, never cached).
   */
  fetch(send: (dispatcher: Dispatcher) => Promise<HopResponse>): Promise<HopResponse>
}

/** The proxies of a route, one keep-alive ProxyAgent per proxy URL and form (tunnel or whole URL), made when first used. */
export class Proxies {
  readonly #agents = new Map<string, Promise<Tracked>>()
  /** `proxy port` of the http: targets whose tunnels a proxy refused: asked in the whole-URL form from then on. */
  readonly #untunnelled = new Set<string>()
  /**
   * undici's whole entry, which the verifier does not load for direct requests (see undici.ts): a ProxyAgent's
   * tunnel uses what it adds to every dispatcher. Loaded from the start, so the first hops find it ready.
   */
  readonly #undici = import('undici')

  constructor(
    private readonly route: ProxyRoute,
    private readonly resolve: Resolve,
    private readonly addresses: AddressPolicy,
    /** TCP (+ TLS) connect limit, to the proxy and through the tunnel; also bounds our own lookup of the target. */
    private readonly connectTimeoutMs: number
  ) {}

  /**
   * How `url` is fetched through a proxy, or undefined when it goes direct. Throws NetError EPRIVATE when the
   * target is a private address, and ENOTFOUND for a special-use name, without asking the proxy.
   */
  async hop(url: URL): Promise<ProxiedHop | undefined> {
    const proxy = proxied(this.route, url)
    if (!proxy) return undefined
    const host = url.hostname.replace(/^\[|\]$/g, '')
    let notFound = false
    if (isIP(host)) {
      const verdict = this.addresses.check(host)
      if (!verdict.ok) throw new NetError('EPRIVATE', `private address ${host} (${verdict.range})`)
    } else {
      try {
        // Bounded: where only the proxy knows outside names, a resolver may take its time to say nothing.
        await bounded(vetHost(this.resolve, this.addresses, host), this.connectTimeoutMs)
      } catch (error) {
        const code = (error as {code?: unknown}).code
        if (code === 'EPRIVATE') throw new NetError('EPRIVATE', (error as Error).message)
        notFound = code === 'ENOTFOUND'
        if (notFound && isUnresolvableName(host)) throw new NetError('ENOTFOUND', (error as Error).message)
      }
    }
    // Only an http proxy takes an http: target's whole URL (undici's ProxyAgent asks an https one by tunnel only).
    const untunnelled = url.protocol === 'http:' && new URL(proxy).protocol === 'http:' ? `${proxy} ${url.port || '80'}` : undefined
    const explain = (error: NetError): NetError => {
      const status = error.code === 'EPROXY' ? tunnelStatus(error) : undefined
      if (status !== undefined) return notFound && NO_SUCH_NAME.has(status) ? noSuchHost(host, error) : error
      // Through a proxy only the proxy is looked up and connected to: these are about the proxy, not the source.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOTFOUND' || error.code === 'EDNS') {
        return new NetError('EPROXY', `cannot reach the proxy ${redactUrl(proxy)}: ${error.message}`, {cause: error})
      }
      return error
    }
    const through = async (send: (dispatcher: Dispatcher) => Promise<HopResponse>, whole: boolean): Promise<HopResponse> => {
      const tracked = await this.#agent(proxy, whole)
      const done = tracked.waiting(url.origin)
      let answer: HopResponse
      try {
        answer = await send(tracked.agent)
      } catch (error) {
        throw error instanceof NetError ? explain(error) : error
      } finally {
        done()
      }
      const own = whole ? proxysOwn(answer) : undefined
      if (!own) return answer
      // Its error names the failure, so only its DNS failure is one (a 504 `ERR_READ_TIMEOUT` is a slow site).
      const error = new NetError('EPROXY', `the proxy answered ${answer.status} (${own.error})`)
      throw notFound && own.dns ? noSuchHost(host, error) : error
    }
    return {
      fetch: async (send) => {
        if (untunnelled && this.#untunnelled.has(untunnelled)) return through(send, true)
        try {
          return await through(send, false)
        } catch (error) {
          const status = untunnelled && error instanceof NetError && error.code === 'EPROXY' ? tunnelStatus(error) : undefined
          if (status === undefined || !NO_TUNNEL.has(status)) throw error
          this.#untunnelled.add(untunnelled!)
          return through(send, true)
        }
      }
    }
  }

  /**
   * Closes the agents. One with a request still under way is destroyed, not closed: at the end of a run every hop
   * has had its answer or its deadline, so such a request (a tunnel the proxy took and never answered) is one
   * nobody waits for, and a graceful close would wait for it.
   */
  async close(): Promise<void> {
    // An agent that could not be made was reported by the hop that asked for it.
    await Promise.all([...this.#agents.values()].map((agent) => agent.then((made) => (made.busy() ? made.agent.destroy() : made.agent.close()), () => undefined)))
  }

  /** The agent for `proxy`: tunnels, or (`whole`) http: requests with the whole URL in the request line. */
  #agent(proxy: string, whole: boolean): Promise<Tracked> {
    const key = `${whole ? 'whole ' : ''}${proxy}`
    let agent = this.#agents.get(key)
    if (!agent) {
      const timeout = this.connectTimeoutMs
      agent = this.#undici.then(({ProxyAgent, Pool, Client}) => {
        // Every dispatcher the agent made, but those closed (undici's agent drops an unused one so) with nothing left.
        const pools = new Set<Pool | Client>()
        const made = <T extends Pool | Client>(pool: T): T => {
          for (const old of pools) if ((old.closed || old.destroyed) && !underWay(old)) pools.delete(old)
          pools.add(pool)
          return pool
        }
        // By origin: the hops under way, and the tunnels still opening (each CONNECT with a signal to abandon it).
        const hops = new Map<string, number>()
        const opening = new Map<string, Set<AbortController>>()
        const tunnels = (origin: string, given: Pool.Options): Pool.Options => {
          const open = given.connect
          if (typeof open !== 'function') return given
          const connect: buildConnector.connector = (connection, callback) => {
            const tunnel = new AbortController()
            const set = opening.get(origin) ?? new Set()
            opening.set(origin, set.add(tunnel))
            const opened: buildConnector.Callback = (...answer) => {
              set.delete(tunnel)
              if (set.size === 0 && opening.get(origin) === set) opening.delete(origin)
              // undici takes a connection that fails with UND_ERR_SOCKET as recoverable and opens another at once: a
              // proxy that closes the CONNECT unanswered got thousands a second until the hop's deadline.
              if ((answer[0] as {code?: unknown} | null)?.code === 'UND_ERR_SOCKET') {
                return callback(new NetError('EPROXY', 'the proxy closed the connection without answering the tunnel', {cause: answer[0]}), null)
              }
              callback(...answer)
            }
            // undici's ProxyAgent sends its CONNECT with the `signal` it is given here.
            open({...connection, signal: tunnel.signal} as buildConnector.Options, opened)
          }
          return {...given, connect}
        }
        const waiting = (origin: string): (() => void) => {
          hops.set(origin, (hops.get(origin) ?? 0) + 1)
          let over = false
          return () => {
            if (over) return
            over = true
            const left = (hops.get(origin) ?? 1) - 1
            if (left > 0) return void hops.set(origin, left)
            hops.delete(origin)
            // The requests queued for these tunnels are those of hops past their deadline.
            for (const tunnel of opening.get(origin) ?? []) tunnel.abort()
          }
        }
        const options: ProxyAgent.Options = {
          uri: proxy,
          ...credentials(proxy),
          // TCP (+ TLS) to the proxy, and TLS through the tunnel.
          proxyTls: {timeout},
          requestTls: {timeout, ...sourceTls},
          ...keepAlive,
          // Requests through the tunnel: the direct agent's limits (the hop's own deadline is normally shorter).
          ...answerLimits,
          // The CONNECT: its answer is the tunnel's opening, within `timeout` as a direct connection's is.
          clientFactory: (origin, given) => made(new Pool(origin, {...given, headersTimeout: timeout, bodyTimeout: timeout})),
          // undici's own factory, with each dispatcher kept to see whether it has requests under way, and each
          // tunnel to be abandoned when no hop waits for it. Asking with the whole URL, undici makes one pool to the
          // proxy per target with nothing but its connector: the limits on an answer are given here.
          factory: (origin, given: Pool.Options) => {
            if (whole) return made(new Pool(origin, {...keepAlive, ...answerLimits, ...given}))
            const options = tunnels(String(origin), given)
            return made(options.connections === 1 ? new Client(origin, options) : new Pool(origin, options))
          },
          proxyTunnel: !whole
        }
        return {
          agent: new ProxyAgent(options),
          busy: () => [...pools].some(underWay),
          waiting
        }
      })
      this.#agents.set(key, agent)
    }
    return agent
  }
}

/** A proxy's agent, and whether a request through it is under way. */
interface Tracked {
  agent: ProxyAgent
  busy(): boolean
  /** A hop to `origin` begins; the function returned ends it (see `ProxiedHop.done`). */
  waiting(origin: string): () => void
}

/** Whether a dispatcher has requests queued, waiting for a connection (a tunnel) or sent. */
function underWay(pool: Pool | Client): boolean {
  return !pool.destroyed && pool.stats.size > 0
}

/**
 * Tunnel answers that can mean the proxy found no such name: 502, the gateway error a proxy answers when it could not
 * reach the target, a name it could not resolve among them. Not 504: a gateway timeout is a site that did not answer
 * in time (Squid's `ERR_CONNECT_FAIL` on a timeout), and a live site down for a moment must not be dead, unlinked by
 * `--fix`. A 401, 403 or 407 is about the proxy's rules or its password, and anything else says nothing of the host.
 */
const NO_SUCH_NAME = new Set([502])

/** Tunnel refusals that are about the method, not the target: an http: target is then asked with its whole URL. */
const NO_TUNNEL = new Set([403, 405, 501])

/** The status the proxy answered with, from undici's message (`Proxy response (407) !== 200 …`) or ours. */
function tunnelStatus(error: unknown): number | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth++) {
    const found = /^Proxy response \((\d{3})\)/.exec(current.message) ?? /^the proxy answered (\d{3})/.exec(current.message)
    if (found) return Number(found[1])
  }
  return undefined
}

function noSuchHost(host: string, cause: NetError): NetError {
  return new NetError('ENOTFOUND', `no such host ${host}`, {cause})
}

/**
 * The error an answer says the proxy made itself, rather than passed on from the site: Squid's `X-Squid-Error:
 * ERR_DNS_FAIL 0`, or RFC 9209's `Proxy-Status: proxy.example; error=dns_error`. `dns` when it is the proxy's lookup
 * of the name that failed.
 */
function proxysOwn(answer: HopResponse): {error: string; dns: boolean} | undefined {
  const squid = /^ERR_[A-Z_]+/.exec(answer.headers['x-squid-error'] ?? '')?.[0]
  if (squid) return {error: squid, dns: squid === 'ERR_DNS_FAIL'}
  const status = /;\s*error=("?)([a-z_]+)\1/i.exec(answer.headers['proxy-status'] ?? '')?.[2]?.toLowerCase()
  if (status) return {error: status, dns: status === 'dns_error' || status === 'destination_not_found'}
  return undefined
}

/**
 * The proxy URL's credentials as curl sends them: a user name alone (`http://token@proxy:3128`) as `token:`, and a
 * `%` that starts no escape as itself. undici sends them only when both are given, and its decoding throws on such a
 * `%`, which made every citation an internal error.
 */
function credentials(proxy: string): {token?: string} {
  const {username, password} = new URL(proxy)
  if (!username && !password) return {}
  return {token: `Basic ${Buffer.from(`${percentDecode(username)}:${percentDecode(password)}`).toString('base64')}`}
}

/** `work`, or a rejection with no code (so: not known, go through the proxy) after `ms`. */
function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no DNS answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

// Proxies: where a network reaches the web only through one (self-hosted CI runners, company networks).
//
// Read as curl reads them: `https_proxy` for https: URLs, `http_proxy` for http: URLs (either case, lower case
// first), `no_proxy` for the hosts reached directly; or the `proxy` option, one proxy for both schemes. Requests go
// through an HTTP CONNECT tunnel (undici's ProxyAgent), so TLS is end to end and the proxy sees only host and port.
//
// The proxy resolves the target's name, not us, so the private-address guard runs here first: a target whose
// addresses our resolver knows is vetted as on a direct connection (a private answer is refused, and the proxy is
// never asked). A name our resolver cannot answer goes to the proxy, since on such networks only the proxy may
// know outside names; a special-use name (`.test`, `.example`, …) never does. A tunnel the proxy refuses is
// "no such host" only when our resolver said so too.

import {isIP} from 'node:net'
import type {ProxyAgent} from 'undici'
import {keepAlive} from './agent.js'
import {NetError} from './errors.js'
import {isUnresolvableName} from './names.js'
import type {AddressPolicy} from './address.js'
import {vetHost, type Resolve} from './lookup.js'
import {proxied, type ProxyRoute} from './proxy-route.js'
import {redactUrl} from './redact.js'

/** One hop through a proxy: its dispatcher, and what to make of a tunnel it refuses. */
export interface ProxiedHop {
  dispatcher: ProxyAgent
  /** The hop's error, explained: a refused tunnel is "no such host" when our resolver found no such name either. */
  explain(error: NetError): NetError
}

/** The proxies of a route, one keep-alive ProxyAgent per proxy URL, made when first used. */
export class Proxies {
  readonly #agents = new Map<string, Promise<ProxyAgent>>()
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
    return {
      dispatcher: await this.#agent(proxy),
      explain: (error) => {
        if (error.code === 'EPROXY') return notFound ? new NetError('ENOTFOUND', `no such host ${host}`, {cause: error}) : error
        // Through a tunnel only the proxy is looked up and connected to: these are about the proxy, not the source.
        if (error.code === 'ECONNREFUSED' || error.code === 'ENOTFOUND' || error.code === 'EDNS') {
          return new NetError('EPROXY', `cannot reach the proxy ${redactUrl(proxy)}: ${error.message}`, {cause: error})
        }
        return error
      }
    }
  }

  async close(): Promise<void> {
    // An agent that could not be made was reported by the hop that asked for it.
    await Promise.all([...this.#agents.values()].map((agent) => agent.then((made) => made.close(), () => undefined)))
  }

  #agent(proxy: string): Promise<ProxyAgent> {
    let agent = this.#agents.get(proxy)
    if (!agent) {
      // The hop's own deadline (fetch-hop.ts) bounds headers and body.
      const options = {uri: proxy, proxyTls: {timeout: this.connectTimeoutMs}, requestTls: {timeout: this.connectTimeoutMs}, ...keepAlive}
      agent = this.#undici.then(({ProxyAgent}) => new ProxyAgent(options))
      this.#agents.set(proxy, agent)
    }
    return agent
  }
}

/** `work`, or a rejection with no code (so: not known, go through the proxy) after `ms`. */
function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no DNS answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

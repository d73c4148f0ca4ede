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

import ipaddr from 'ipaddr.js'
import {isIP} from 'node:net'
import {ProxyAgent} from 'undici'
import {keepAlive} from './agent.js'
import {NetError} from './errors.js'
import {isUnresolvableName, normalizeHostname} from './names.js'
import type {AddressPolicy} from './address.js'
import {vetHost, type Resolve} from './lookup.js'
import {redactUrl} from './redact.js'

export interface ProxyRoute {
  /** Proxy URL for http: targets; undefined: direct. */
  http: string | undefined
  /** Proxy URL for https: targets; undefined: direct. */
  https: string | undefined
  /** Targets reached directly (`no_proxy`). */
  noProxy: NoProxy
}

/** `'*'`: every host; else names (matching their subdomains too) and address ranges, each with an optional port. */
type NoProxy = '*' | Array<{name?: string; range?: [ipaddr.IPv4 | ipaddr.IPv6, number]; port?: number}>

/** The first set variable of `names` in `env`, with its name. */
function fromEnv(env: NodeJS.ProcessEnv, names: string[]): {value: string; name: string} | undefined {
  for (const name of names) {
    const value = env[name]?.trim()
    if (value) return {value, name}
  }
  return undefined
}

/**
 * The route for the `proxy` option (`false`: direct, ignoring the environment; a URL: that proxy for both schemes;
 * undefined: the environment). `no_proxy` applies to both. Throws a TypeError naming the option or the variable
 * for a value that is not an http(s) URL.
 */
export function proxyRoute(option: string | false | undefined, env: NodeJS.ProcessEnv): ProxyRoute | undefined {
  if (option === false) return undefined
  const given = option === undefined ? undefined : {value: option, name: 'the `proxy` option'}
  const http = given ?? fromEnv(env, ['http_proxy', 'HTTP_PROXY'])
  const https = given ?? fromEnv(env, ['https_proxy', 'HTTPS_PROXY'])
  if (!http && !https) return undefined
  return {
    http: http && proxyUrl(http.value, http.name),
    https: https && proxyUrl(https.value, https.name),
    noProxy: parseNoProxy(fromEnv(env, ['no_proxy', 'NO_PROXY'])?.value ?? '')
  }
}

function proxyUrl(value: string, from: string): string {
  let url: URL | undefined
  try {
    // `proxy.internal:3128`, as many set it, means http.
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `http://${value}`)
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new TypeError(`Unexpected proxy \`${redactUrl(value)}\` from ${from}, expected an http:// or https:// URL such as \`http://proxy.internal:3128\``)
  }
  return url.href
}

function parseNoProxy(value: string): NoProxy {
  const entries = value.split(/[\s,]+/).filter(Boolean)
  if (entries.includes('*')) return '*'
  return entries.map((entry) => {
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry)
    const [host, port] = bracketed ? [bracketed[1]!, bracketed[2]] : splitPort(entry)
    const portNumber = port === undefined ? undefined : Number(port)
    if (ipaddr.isValidCIDR(host)) return {range: ipaddr.parseCIDR(host), port: portNumber}
    if (ipaddr.isValid(host)) {
      // As targets are compared: `::ffff:10.0.0.1` is 10.0.0.1.
      const address = ipaddr.process(host)
      return {range: [address, address.kind() === 'ipv4' ? 32 : 128], port: portNumber}
    }
    // `.example.com` and `*.example.com` mean example.com and its subdomains, as `example.com` does.
    return {name: normalizeHostname(host.replace(/^\*?\./, '')), port: portNumber}
  })
}

function splitPort(entry: string): [string, string | undefined] {
  const match = /^(.*?):(\d+)$/.exec(entry)
  // An IPv6 address without brackets has colons of its own.
  return match && !match[1]!.includes(':') ? [match[1]!, match[2]] : [entry, undefined]
}

/** The proxy `url` goes through: its scheme's, unless `no_proxy` names the host; undefined: direct. */
function proxied(route: ProxyRoute, url: URL): string | undefined {
  const proxy = url.protocol === 'https:' ? route.https : url.protocol === 'http:' ? route.http : undefined
  if (!proxy) return undefined
  if (route.noProxy === '*') return undefined
  const host = normalizeHostname(url.hostname.replace(/^\[|\]$/g, ''))
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80)
  const address = ipaddr.isValid(host) ? ipaddr.process(host) : undefined
  const direct = route.noProxy.some((entry) => {
    if (entry.port !== undefined && entry.port !== port) return false
    if (entry.range) return address !== undefined && address.kind() === entry.range[0].kind() && address.match(entry.range)
    return host === entry.name || host.endsWith(`.${entry.name}`)
  })
  return direct ? undefined : proxy
}

/** One hop through a proxy: its dispatcher, and what to make of a tunnel it refuses. */
export interface ProxiedHop {
  dispatcher: ProxyAgent
  /** The hop's error, explained: a refused tunnel is "no such host" when our resolver found no such name either. */
  explain(error: NetError): NetError
}

/** The proxies of a route, one keep-alive ProxyAgent per proxy URL, made when first used. */
export class Proxies {
  readonly #agents = new Map<string, ProxyAgent>()

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
      dispatcher: this.#agent(proxy),
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
    await Promise.all([...this.#agents.values()].map((agent) => agent.close()))
  }

  #agent(proxy: string): ProxyAgent {
    let agent = this.#agents.get(proxy)
    if (!agent) {
      // The hop's own deadline (fetch-hop.ts) bounds headers and body.
      agent = new ProxyAgent({uri: proxy, proxyTls: {timeout: this.connectTimeoutMs}, requestTls: {timeout: this.connectTimeoutMs}, ...keepAlive})
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

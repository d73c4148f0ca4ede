// Which proxy a request goes through: the `proxy` option, or `https_proxy`, `http_proxy` and `no_proxy` read as curl
// reads them. Apart from the dispatchers (proxy.ts), so that validating options loads no HTTP client.

import {ipaddr, unmappedRange, type IP} from './address.js'
import {normalizeHostname} from './names.js'
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
type NoProxy = '*' | Array<{name?: string; range?: [IP, number]; port?: number}>

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
    // As targets are compared: `::ffff:10.0.0.0/104` is 10.0.0.0/8.
    if (ipaddr.isValidCIDR(host)) return {range: unmappedRange(ipaddr.parseCIDR(host)), port: portNumber}
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
export function proxied(route: ProxyRoute, url: URL): string | undefined {
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


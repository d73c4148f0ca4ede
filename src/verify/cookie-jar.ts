// The cookies one redirect chain was given, sent back as a browser would for the rest of the chain (a consent or
// session check redirects to itself, or back from a host of its own, once it set one); kept nowhere else.

import {isIP} from 'node:net'
import {getPublicSuffix} from '../judge/public-suffix.js'

/**
 * Cookies by the hosts they go to: the host that set one, or with `Domain`, that domain and its subdomains (a check
 * on `sso.site.example` sets `Domain=site.example` and sends the reader back to `www.site.example`, which wants the
 * cookie). Other attributes are ignored: the chain is one visit.
 */
export class CookieJar {
  /** By `host` for a host-only cookie, `.domain` for a domain cookie; then by name. */
  readonly #scopes = new Map<string, Map<string, string>>()

  /** `Set-Cookie` lines from `host`. */
  take(host: string, setCookie: string | undefined): void {
    for (const line of setCookie?.split('\n') ?? []) {
      const pair = /^\s*([^=;\s]+)=([^;]*)/.exec(line)
      if (!pair) continue
      const scope = scopeOf(host, line)
      if (scope === undefined) continue
      let jar = this.#scopes.get(scope)
      if (!jar) this.#scopes.set(scope, (jar = new Map()))
      jar.set(pair[1]!, pair[2]!.trim())
    }
  }

  /** The `Cookie` header for `host`, when it has any. */
  header(host: string): string | undefined {
    const pairs: string[] = []
    for (const [scope, jar] of this.#scopes) {
      if (scope !== host && !(scope.startsWith('.') && `.${host}`.endsWith(scope))) continue
      for (const [name, value] of jar) pairs.push(`${name}=${value}`)
    }
    return pairs.length > 0 ? pairs.join('; ') : undefined
  }
}

/**
 * Where a cookie `host` set goes (RFC 6265 §5.3): `host` alone, or `.domain` for a `Domain` that `host` is in and
 * that is not a public suffix (`Domain=co.uk`, `Domain=github.io` would go to every site there); undefined for a cookie browsers drop.
 */
function scopeOf(host: string, line: string): string | undefined {
  // The last `Domain` counts, as the last of any attribute does.
  const attribute = [...line.matchAll(/;\s*domain\s*=\s*([^;]*)/gi)].at(-1)?.[1]?.trim().replace(/^\./, '').toLowerCase()
  if (!attribute || isIP(host.replace(/^\[|\]$/g, '')) !== 0) return host
  if (host !== attribute && !host.endsWith(`.${attribute}`)) return undefined
  if (getPublicSuffix(attribute, {allowPrivateDomains: true}) === attribute) return host === attribute ? host : undefined
  return `.${attribute}`
}

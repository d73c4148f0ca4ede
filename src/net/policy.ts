// The pre-connection URL policy: scheme, credentials, secrets and literal or local hosts.

import {AddressPolicy, isIpLiteral} from './address.js'
import {isLocalhostName, LOCALHOST_ANSWER, normalizeHostname} from './names.js'
import {isSecretParam, redactUrlPart, secretFragmentParams, secretParams} from './redact.js'
import {holdsSecretValue} from './secret-values.js'
import {shorten} from '../page/text.js'

export type PolicyCode = 'malformed' | 'scheme' | 'userinfo' | 'secret' | 'private-address'

export type PolicyVerdict = {ok: true; url: URL} | {ok: false; code: PolicyCode; reason: string}

/** The longest host name DNS holds, in characters (without a trailing dot). */
const maxHostLength = 253


/**
 * Check one URL before any connection is made (call it again on every redirect hop).
 * Order: malformed → scheme → userinfo → secret → private-address.
 * Host names other than `localhost` pass here; their resolved addresses are
 * checked by the pinned lookup at connection time.
 */
export function checkUrl(raw: string, addresses: AddressPolicy): PolicyVerdict {
  return check(raw, addresses, true)
}

/**
 * {@link checkUrl} for one hop of a fetch. On redirect hops (`first` false) a
 * secret anywhere in the URL is allowed: the server issued that URL (a presigned
 * download link, a session id in the path, say); the document did not leak it.
 * Everything else (scheme, credentials, addresses) is checked on every hop.
 */
export function checkHop(raw: string, addresses: AddressPolicy, first = true): PolicyVerdict {
  return check(raw, addresses, first)
}

function check(raw: string, addresses: AddressPolicy, secrets: boolean): PolicyVerdict {
  const verdict = checkAlone(raw, secrets)
  return verdict.ok ? checkHost(verdict.url, addresses) : verdict
}

/** What {@link checkUrl} refuses whatever the options: a malformed URL, another scheme, credentials, a secret. */
function checkAlone(raw: string, secrets: boolean): PolicyVerdict {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return refuse('malformed', 'not a valid URL')
  }
  // DNS names no longer host (RFC 1035); the URL parser takes any length, and a 100 kB host written in a document
  // (`www.www.…`) took minutes of matching its suffixes against the host and credibility tables before DNS said no.
  if (normalizeHostname(url.hostname).length > maxHostLength) {
    return refuse('malformed', `host name longer than ${maxHostLength} characters`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refuse('scheme', `scheme ${shorten(url.protocol, 64)} is not http(s)`)
  }
  if (url.username !== '' || url.password !== '') {
    return refuse('userinfo', 'credentials in the URL')
  }
  const secret = secrets ? (querySecret(url) ?? fragmentSecret(url) ?? hiddenSecret(url.pathname, 'path') ?? hostSecret(url)) : undefined
  if (secret) return refuse('secret', secret)
  return {ok: true, url}
}

/** Why the query holds a secret, if it does: a parameter named so, or one redaction finds in a value. */
function querySecret(url: URL): string | undefined {
  const names = secretParams(url)
  if (names.length > 0) return `secret in query ${named(names)}`
  return hiddenSecret(url.search, 'query')
}

/** Why the fragment holds a secret, if it does (`#access_token=…`: an OAuth implicit-flow callback). */
function fragmentSecret(url: URL): string | undefined {
  const names = secretFragmentParams(url)
  if (names.length > 0) return `secret in fragment ${named(names)}`
  return hiddenSecret(url.hash, 'fragment')
}

/**
 * Whether the fragment of a URL as written holds a secret the policy refuses. A fragment is never sent, so a
 * citation is fetched without it; the policy is handed the URL with its fragment when this says so (check.ts).
 */
export function holdsFragmentSecret(raw: string): boolean {
  const hash = raw.indexOf('#')
  if (hash === -1 || !mayHide(raw.slice(hash))) return false
  try {
    return fragmentSecret(new URL(raw)) !== undefined
  } catch {
    return false
  }
}

/**
 * The address part of the policy alone: a literal or `localhost` host the current `addresses` refuse. The one part
 * that depends on the options, so the one a cached report's hops are checked against again.
 */
export function checkHost(url: URL, addresses: AddressPolicy): PolicyVerdict {
  const host = url.hostname
  if (isIpLiteral(host)) {
    const verdict = addresses.check(host)
    if (!verdict.ok) return refuse('private-address', `private address ${unbracket(host)} (${verdict.range})`)
  } else if (isLocalhostName(host)) {
    // Allowed when one of the loopback addresses it stands for is; refused naming the first.
    const [first, ...others] = LOCALHOST_ANSWER.map(({address}) => ({address, verdict: addresses.check(address)}))
    if (first && !first.verdict.ok && !others.some(({verdict}) => verdict.ok)) {
      return refuse('private-address', `private address ${first.address} (${first.verdict.range}) for host ${shorten(host, 64)}`)
    }
  }
  return {ok: true, url}
}

/**
 * Redaction hides the values of pairs, credentials and credential-shaped values: text without `=` or `@` (`#intro`)
 * and without such a value holds nothing it would.
 */
function mayHide(part: string): boolean {
  return /[=@]/.test(part) || holdsSecretValue(part)
}

/** A credential-shaped host label (a token a URL should have held in its path), which redaction hides too. */
function hostSecret(url: URL): string | undefined {
  return holdsSecretValue(url.hostname) ? 'secret in host' : undefined
}

/**
 * Why the query, fragment or path (`part`, with its `?`, `#` or `/`) holds a secret that redaction hides though no
 * parameter name says so, if it does: a credential-shaped value (`?t=ghp_…`, a webhook's path); a URL nested in a
 * value, with a secret parameter or credentials, raw or percent-encoded
 * (`?next=https%3A%2F%2Fb.example%2F%3Ftoken%3Dx`); in the path, any pair redaction hides (`/app;jsessionid=…`,
 * `/token=…/`). Redaction itself judges, so a URL whose reports would hide something is never fetched. The reason
 * names the query or fragment parameters holding such a value, or none.
 */
function hiddenSecret(part: string, where: 'query' | 'fragment' | 'path'): string | undefined {
  if (!mayHide(part) || redactUrlPart(part) === part) return undefined
  const held = new Set<string>()
  const nested = new Set<string>()
  // A path's pairs end at `/` too, as redaction reads them (`/a=1/token=x`: no secret nested in `a`).
  for (const pair of part.slice(1).split(where === 'path' ? /[&;/]/ : /[&;]/)) {
    const written = `${part[0]}${pair}`
    const equals = pair.indexOf('=')
    const redacted = redactUrlPart(written)
    // Named only when redaction changed the value alone: a name it touched holds the secret.
    if (equals === -1 || redacted === written || !redacted.startsWith(written.slice(0, equals + 2))) continue
    // The name as redaction reads it, after any path in the part (`#/callback?next=…`).
    const name = pair.slice(0, equals).replace(/^.*[/?#]/, '')
    if (name === '' || isSecretParam(name)) continue
    // A credential-shaped value in a path's pair is `secret in path`, as one under a secret name is.
    if (!holdsSecretValue(pair.slice(equals + 1))) nested.add(name)
    else if (where !== 'path') held.add(name)
  }
  if (held.size > 0) return `secret in ${where} ${named([...held])}`
  return nested.size === 0 ? `secret in ${where}` : `secret nested in ${where} ${named([...nested])}`
}

/** `parameter a` or `parameters a, b`. */
function named(names: string[]): string {
  return `${names.length === 1 ? 'parameter' : 'parameters'} ${names.map((name) => shorten(name, 64)).join(', ')}`
}

function refuse(code: PolicyCode, reason: string): PolicyVerdict {
  return {ok: false, code, reason}
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}


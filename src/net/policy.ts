// The pre-connection URL policy: scheme, credentials, secrets and literal or local hosts.

import {AddressPolicy, isIpLiteral} from './address.js'
import {isLocalhostName} from './names.js'
import {secretFragmentParams, secretParams} from './redact.js'

export type PolicyCode = 'malformed' | 'scheme' | 'userinfo' | 'secret' | 'private-address'

export type PolicyVerdict = {ok: true; url: URL} | {ok: false; code: PolicyCode; reason: string}

/** The address a `localhost` name stands for when the policy is applied before any lookup. */
const LOCALHOST_ADDRESS = '127.0.0.1'

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
 * secret-looking query parameter is allowed: the server issued that URL (a
 * presigned download link, say); the document did not leak it. Everything else
 * (scheme, credentials, addresses) is checked on every hop.
 */
export function checkHop(raw: string, addresses: AddressPolicy, first = true): PolicyVerdict {
  return check(raw, addresses, first)
}

function check(raw: string, addresses: AddressPolicy, secrets: boolean): PolicyVerdict {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return refuse('malformed', 'not a valid URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refuse('scheme', `scheme ${clip(url.protocol)} is not http(s)`)
  }
  if (url.username !== '' || url.password !== '') {
    return refuse('userinfo', 'credentials in the URL')
  }
  const query = secrets ? secretParams(url) : []
  if (query.length > 0) {
    return refuse('secret', `secret in query ${plural(query, 'parameter')} ${query.map(clip).join(', ')}`)
  }
  const fragment = secrets ? secretFragmentParams(url) : []
  if (fragment.length > 0) {
    return refuse('secret', `secret in fragment ${plural(fragment, 'parameter')} ${fragment.map(clip).join(', ')}`)
  }
  return checkHost(url, addresses)
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
    const verdict = addresses.check(LOCALHOST_ADDRESS)
    if (!verdict.ok) {
      return refuse('private-address', `private address ${LOCALHOST_ADDRESS} (${verdict.range}) for host ${clip(host)}`)
    }
  }
  return {ok: true, url}
}

function refuse(code: PolicyCode, reason: string): PolicyVerdict {
  return {ok: false, code, reason}
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

function plural(list: string[], word: string): string {
  return list.length === 1 ? word : `${word}s`
}

/** Keep reasons short even for absurd input. */
function clip(text: string): string {
  return text.length > 64 ? `${text.slice(0, 63)}…` : text
}

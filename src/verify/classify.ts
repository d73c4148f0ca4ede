// The liveness class of a URL from its last answer: dead, alive, or one of the "cannot tell" states.

import type {NetError} from '../net/errors.js'
import {statusLine} from '../net/status-line.js'
import {consentPage} from '../page/consent.js'
import {wallTitle} from '../page/paywall.js'
import {quote} from '../page/text.js'
import type {Liveness, PageFacts} from '../types.js'

export interface Classified {
  liveness: Liveness
  reason: string
}

/**
 * `url`: where the answer came from; `redirectedTo`: the final URL, when the answer ended a redirect chain that led to
 * another page than the one asked for.
 */
export function classifyResponse(status: number, statusText: string, page: PageFacts | undefined, url: string, redirectedTo?: string): Classified {
  const line = statusLine(status, statusText)
  if (page?.botWall) return {liveness: 'blocked', reason: `${page.botWall} bot wall, ${line}`}
  if (redirectedTo !== undefined && status >= 200 && status < 300) {
    // A cited page that sends the reader to sign in is a login wall, however the sign-in page itself answers (an
    // OAuth `/consent` page with its `redirect_uri` too).
    if (page?.paywall?.startsWith('login')) return {liveness: 'paywalled', reason: `redirected to sign in (${page.paywall}), ${line}`}
    // The consent page stands in for the cited one, whose title and text the checker never sees.
    const consent = consentPage(redirectedTo)
    if (consent !== undefined) return {liveness: 'blocked', reason: `redirected to a cookie consent page on ${consent}, ${line}`}
  }
  if (status >= 200 && status < 300) {
    // A wall answered in the cited page's place: the page itself is never seen, so nothing about it can be verified.
    const wall = page && wallTitle(page, url)
    if (wall !== undefined) return {liveness: 'paywalled', reason: `login title ${quote(wall)} in the page's place, ${line}`}
    return {liveness: 'alive', reason: line}
  }
  if (status === 404 || status === 410) return {liveness: 'dead', reason: line}
  if (status === 401 || status === 402 || status === 403) {
    if (page?.paywall || status === 402) return {liveness: 'paywalled', reason: withStatus(page?.paywall, status, line)}
    return {liveness: 'forbidden', reason: line}
  }
  if (status === 999) return {liveness: 'blocked', reason: `bot wall, ${line}`}
  if (status === 429) return {liveness: 'blocked', reason: `rate limited, ${line}`}
  if (status >= 500) return {liveness: 'server-error', reason: line}
  if (status >= 300 && status < 400) return {liveness: 'unexpected-status', reason: `${line} without a location`}
  return {liveness: 'unexpected-status', reason: line}
}

export function classifyError(error: NetError, host: string, timeoutMs: number): Classified {
  switch (error.code) {
    case 'ENOTFOUND':
      return {liveness: 'dead', reason: `no such host ${host}`}
    case 'EDNS':
      return {liveness: 'network-error', reason: `no DNS answer for ${host} (resolver unavailable)`}
    case 'EPAUSED':
      return {liveness: 'blocked', reason: `rate limited, ${error.message}`}
    case 'EPROXY':
      return {liveness: 'network-error', reason: error.message}
    case 'ECONNREFUSED':
      return {liveness: 'dead', reason: `connection refused by ${host}`}
    case 'ETIMEDOUT':
      return {liveness: 'timeout', reason: `no answer within ${formatSeconds(timeoutMs)}`}
    case 'EPRIVATE':
      return {liveness: 'unsafe', reason: error.message}
    case 'EONION':
      return {liveness: 'unverified', reason: error.message}
    case 'ECONNRESET':
      return {liveness: 'network-error', reason: `connection reset by ${host}`}
    case 'ETLS':
      return {liveness: 'network-error', reason: `TLS failed: ${error.message}`}
    case 'EPROTOCOL':
      return {liveness: 'network-error', reason: `broken HTTP answer: ${error.message}`}
    default:
      return {liveness: 'network-error', reason: error.message}
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`
}

/** `login form, 403 Forbidden`; a reason that already names the status is not repeated. */
function withStatus(reason: string | undefined, status: number, line: string): string {
  if (!reason) return line
  return reason.startsWith(String(status)) ? reason : `${reason}, ${line}`
}

// Liveness verdict for one citation: status, action, which rule speaks, and its message. Pure.

import {getDomain} from 'tldts'
import {parseUrl} from '../net/parse-url.js'
import {redactUrl} from '../net/redact.js'
import {statusLine} from '../net/status-line.js'
import type {Citation, SourceReport, Status} from '../types.js'
import type {RuleName, Verdict} from './verdict.js'

export type LivenessRule = Extract<RuleName, 'citation-alive' | 'citation-reachable' | 'citation-url-safety'>

export interface LivenessOptions {
  timeoutAction: 'flagged' | 'removed'
  /** Hosts whose job is to redirect elsewhere. */
  redirectResolvers: string[]
}

export function judgeLiveness(citation: Citation, report: SourceReport, options: LivenessOptions): Verdict {
  const url = '`' + redactUrl(citation.url) + '`'
  const reason = '`' + report.reason + '`'
  switch (report.liveness) {
    case 'alive':
      return judgeRedirect(url, report, options)
    case 'malformed':
      return removed('citation-url-safety', `Unexpected malformed URL ${url}, expected a valid absolute URL`)
    case 'unsafe':
      return removed('citation-url-safety', `Unexpected unsafe citation ${url}, expected a public http(s) URL (${reason})`)
    case 'dead':
      return removed('citation-alive', `Unexpected dead citation ${url}, expected a live source (${reason})`)
    case 'timeout':
      return options.timeoutAction === 'removed'
        ? removed('citation-alive', `Unexpected dead citation ${url}, expected a live source (${reason})`)
        : flagged('blocked', `Unexpected unanswered citation ${url}, expected a source that answers (${reason})`)
    case 'paywalled':
      return flagged('paywalled', `Unexpected paywalled citation ${url}, expected a source readers can open (${reason})`)
    case 'blocked':
      return flagged('blocked', `Unexpected blocked citation ${url}, expected a source that lets the checker read it (${reason})`)
    case 'too-many-redirects':
      return flagged('blocked', `Unexpected redirect chain at citation ${url}, expected a source within the redirect limit (${reason})`)
    default:
      return flagged('blocked', `Unexpected unverifiable citation ${url}, expected a source that can be checked (${reason})`)
  }
}

/** An answered URL is fine unless its redirects left the site for another one. */
function judgeRedirect(url: string, report: SourceReport, options: LivenessOptions): Verdict {
  if (!report.hops.some((hop) => hop.location) || sameSite(report.url, report.finalUrl, options.redirectResolvers)) {
    return {status: 'valid', action: 'ok', rule: undefined, message: ''}
  }
  const first = report.hops[0]!
  return {
    status: 'valid',
    action: 'flagged',
    rule: 'citation-reachable',
    message: `Unexpected redirect of citation ${url} to another site \`${report.finalUrl}\`, expected the cited source (\`${statusLine(first.status)}\`)`,
    ...(report.permanentRedirect ? {expected: report.finalUrl} : {})
  }
}

/** Same registrable domain (so http→https and www. are fine), or a start on a redirecting resolver. */
export function sameSite(from: string, to: string, resolvers: string[]): boolean {
  const start = hostOf(from)
  const end = hostOf(to)
  if (start === undefined || end === undefined) return false
  if (resolvers.some((resolver) => start === resolver || start.endsWith('.' + resolver))) return true
  return (getDomain(start) ?? start) === (getDomain(end) ?? end)
}

function hostOf(url: string): string | undefined {
  return parseUrl(url)?.hostname.replace(/\.$/, '')
}

function removed(rule: LivenessRule, message: string): Verdict {
  return {status: 'invalid', action: 'removed', rule, message}
}

function flagged(status: Status, message: string): Verdict {
  return {status, action: 'flagged', rule: 'citation-reachable', message}
}

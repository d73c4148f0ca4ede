// Liveness verdict for one citation: status, action, which rule speaks, and its message. Pure.

import {parseUrl, percentDecode, withoutTrailingSlashes} from '../net/parse-url.js'
import {statusLine} from '../net/status-line.js'
import {recordUrl} from '../resolve/endpoints.js'
import type {Identifier} from '../resolve/identifiers.js'
import type {SnapshotLookup} from '../verify/works.js'
import type {Citation, Hop, SourceReport, Status, Work} from '../types.js'
import {getDomain} from './public-suffix.js'
import {redirectEnd} from './tracking.js'
import {shownUrl, type RuleName, type Verdict} from './verdict.js'

export type LivenessRule = Extract<RuleName, 'citation-alive' | 'citation-reachable' | 'citation-url-safety'>

export interface LivenessOptions {
  timeoutAction: 'flagged' | 'removed'
  /** Hosts whose job is to redirect elsewhere. */
  redirectResolvers: string[]
}

/**
 * A paper (DOI, arXiv id, PubMed id) is judged by its registry when one answered: an identifier nobody registered
 * is `removed`, a registered one is alive whatever its landing page says (publishers' bot walls and paywalls say
 * nothing about the paper). Without a registry's answer the landing page decides, as for any other page.
 */
export function judgeLiveness(citation: Citation, report: SourceReport, options: LivenessOptions): Verdict {
  const work = report.work
  if (work !== undefined && report.liveness !== 'malformed' && report.liveness !== 'unsafe') {
    if (work.outcome === 'missing') {
      return removed('citation-alive', `Unexpected unknown ${kindNames[work.identifier.kind]} ${shownUrl(citation.url)}, expected a registered work (\`${work.reason}\`)`)
    }
    if (work.outcome === 'found') return judgeRegistered(citation, report, work, options)
  }
  // Most citations: no message, so the URL is not shown (redacting it for ten thousand citations took 90 ms).
  if (report.liveness === 'alive') return judgeRedirect(citation, report, options)
  const url = shownUrl(citation.url)
  const reason = '`' + report.reason + '`'
  switch (report.liveness) {
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

/**
 * A registered paper: its redirects are judged as for any page, and a page of it that is gone is dead (the URL as
 * written: a publisher's page, an arXiv PDF or HTML version that does not exist), with the record's page as the fix
 * (its DOI's link, arXiv's abstract page, its PubMed or PMC record). Anything else the landing page says is the
 * publisher's affair, and the record's own page the registry answers for. A publisher's domain can lapse; arXiv's
 * and NCBI's do not, so there only a page the site answered as gone is dead, not one the network could not reach.
 */
function judgeRegistered(citation: Citation, report: SourceReport, work: Work, options: LivenessOptions): Verdict {
  if (report.liveness === 'alive') return judgeRedirect(citation, report, options)
  const link = recordUrl(work.identifier)
  const gone = report.liveness === 'dead' && (work.identifier.kind === 'doi' || report.status !== undefined)
  if (gone && !isRecordPage(citation.normalizedUrl ?? citation.url, link)) {
    const kind = kindNames[work.identifier.kind]
    return {
      ...removed('citation-alive', `Unexpected dead citation ${shownUrl(citation.url)}, expected a live source (\`${report.reason}\`): the ${kind} is registered, cite \`${link}\``),
      expected: link
    }
  }
  return {status: 'valid', action: 'ok', rule: undefined, message: ''}
}

/** Whether the cited URL is the record's page (`record`), however spelled: any doi.org link, `http://export.arxiv.org/abs/…`. */
function isRecordPage(url: string, record: string): boolean {
  const [cited, own] = [parseUrl(url), parseUrl(record)]
  if (cited === undefined || own === undefined) return false
  const host = (address: URL): string => address.hostname.replace(/\.$/, '').replace(/^(?:www|dx|export)\./, '')
  const path = (address: URL): string => withoutTrailingSlashes(percentDecode(address.pathname)).toLowerCase()
  return host(cited) === host(own) && (own.hostname === 'doi.org' || path(cited) === path(own))
}

/**
 * A dead citation with the closest archived copy: named in the message and offered as the fix. A lookup that
 * found nothing says so; one that could not be made adds nothing.
 */
export function withArchivedCopy(verdict: Verdict, lookup: SnapshotLookup | undefined): Verdict {
  if (lookup?.outcome === 'found') {
    const {snapshot} = lookup
    return {...verdict, message: `${verdict.message}: archived copy of ${snapshot.date.slice(0, 10)} at \`${snapshot.url}\``, expected: snapshot.url}
  }
  if (lookup?.outcome === 'missing') return {...verdict, message: `${verdict.message}, and the Wayback Machine has no copy`}
  return verdict
}

const kindNames: Record<Identifier['kind'], string> = {doi: 'DOI', arxiv: 'arXiv id', pmid: 'PubMed id', pmcid: 'PMC id'}

/**
 * An answered URL is fine unless its redirects left the site for another one, or passed through plain http on
 * it: the reader who follows the link loses the encryption the citation promised, and a hop in clear text, even
 * one back to https, can be sent anywhere by whoever is on the path (a resolver's start is exempt: its
 * publisher's pages are the publisher's doing, and the resolver's link is the one to cite).
 */
function judgeRedirect(citation: Citation, report: SourceReport, options: LivenessOptions): Verdict {
  const fine: Verdict = {status: 'valid', action: 'ok', rule: undefined, message: ''}
  if (!report.hops.some((hop) => hop.location)) return fine
  if (sameSite(report.url, report.finalUrl, options.redirectResolvers)) {
    const plain = plainHop(report)
    if (plain === undefined || onResolver(report.url, options.redirectResolvers)) return fine
    const through = downgraded(report) ? '' : ` through \`${plain}\``
    return {
      status: 'valid',
      action: 'flagged',
      rule: 'citation-reachable',
      message: `Unexpected insecure redirect of citation ${shownUrl(citation.url)}${through} to \`${report.finalUrl}\`, expected the cited source over https (${redirectChain(report.hops)})`,
      // Back on https for good: citing the end skips the clear-text hop.
      ...movedTo(citation, report)
    }
  }
  return {
    status: 'valid',
    action: 'flagged',
    rule: 'citation-reachable',
    message: `Unexpected redirect of citation ${shownUrl(citation.url)} to another site \`${report.finalUrl}\`, expected the cited source (${redirectChain(report.hops)})`,
    ...movedTo(citation, report)
  }
}

/**
 * The fix for a permanent redirect: its end (less the tracking parameters it added). Browsers carry the cited
 * `#fragment` across a redirect (RFC 9110 §10.2.2): so does the fix. An `https:` citation is never rewritten to a
 * plain `http:` page.
 */
function movedTo(citation: Citation, report: SourceReport): Pick<Verdict, 'expected'> {
  if (!report.permanentRedirect || downgraded(report)) return {}
  const end = redirectEnd(citation, report)
  return {expected: citation.fragment === undefined ? end : `${end}#${citation.fragment}`}
}

/** An `https:` citation that ended on `http:`. */
export function downgraded(report: SourceReport): boolean {
  return parseUrl(report.url)?.protocol === 'https:' && parseUrl(report.finalUrl)?.protocol === 'http:'
}

/** The first plain `http:` URL an `https:` citation was redirected to, its last hop included. */
function plainHop(report: SourceReport): string | undefined {
  if (parseUrl(report.url)?.protocol !== 'https:') return undefined
  return report.hops.find((hop) => hop.location !== undefined && parseUrl(hop.location)?.protocol === 'http:')?.location
}

/**
 * The statuses of the redirects, so a chain reads as one: `` `301 Moved Permanently` ``, or
 * `` 3 redirects: `301 Moved Permanently` → `302 Found` → `307 Temporary Redirect` ``; a chain longer than
 * the default cap keeps its first two and last two.
 */
function redirectChain(hops: readonly Hop[]): string {
  const statuses = hops.filter((hop) => hop.location).map((hop) => `\`${statusLine(hop.status)}\``)
  if (statuses.length === 1) return statuses[0]!
  const shown = statuses.length <= 5 ? statuses : [...statuses.slice(0, 2), '…', ...statuses.slice(-2)]
  return `${statuses.length} redirects: ${shown.join(' → ')}`
}

/** Same registrable domain (so http→https and www. are fine), or a start on a redirecting resolver. */
export function sameSite(from: string, to: string, resolvers: string[]): boolean {
  const start = hostOf(from)
  const end = hostOf(to)
  if (start === undefined || end === undefined) return false
  if (onResolver(from, resolvers)) return true
  return siteOf(start) === siteOf(end)
}

/**
 * Short domains a site uses for its own pages only (`youtu.be/ID` is `www.youtube.com/watch?v=ID`, a README's chat
 * badge `discord.gg/ID` is `discord.com/invite/ID`), and a site's former domain (`twitter.com` now answers from
 * `x.com`). Shorteners that also wrap other sites' links (`t.co`, `lnkd.in`, `bit.ly`) are not: where they lead is
 * another site.
 */
const ownShortDomains: Record<string, string> = {
  'youtu.be': 'youtube.com',
  'redd.it': 'reddit.com',
  'fb.me': 'facebook.com',
  'instagr.am': 'instagram.com',
  'flic.kr': 'flickr.com',
  'nyti.ms': 'nytimes.com',
  'spoti.fi': 'spotify.com',
  'discord.gg': 'discord.com',
  'forms.gle': 'google.com',
  'twitter.com': 'x.com'
}

function siteOf(host: string): string {
  const domain = getDomain(host) ?? host
  return ownShortDomains[domain] ?? domain
}

/** A URL on a host whose job is to redirect (`doi.org`, …), or a subdomain of one. */
function onResolver(url: string, resolvers: string[]): boolean {
  const host = hostOf(url)
  return host !== undefined && resolvers.some((resolver) => host === resolver || host.endsWith('.' + resolver))
}

function hostOf(url: string): string | undefined {
  return parseUrl(url)?.hostname.replace(/\.$/, '')
}

/**
 * A dead page first found dead less than `confirmAfter` ago (`confirmDead`): flagged, not yet removed, as one 404
 * during a deploy is not proof. The reason says since when, and from when it is an error.
 */
export function unconfirmedDead(citation: Citation, report: SourceReport, since: number, confirmAfter: number): Verdict {
  const time = (ms: number) => new Date(ms).toISOString().replace(/:\d\d\.\d+Z$/, 'Z')
  return flagged(
    'blocked',
    `Unexpected dead citation ${shownUrl(citation.url)} (not yet confirmed), expected a live source ` +
      `(\`${report.reason}, dead since ${time(since)}; an error if still dead from ${time(since + confirmAfter)}\`)`
  )
}

function removed(rule: LivenessRule, message: string): Verdict {
  return {status: 'invalid', action: 'removed', rule, message}
}

function flagged(status: Status, message: string): Verdict {
  return {status, action: 'flagged', rule: 'citation-reachable', message}
}

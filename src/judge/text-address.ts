// Does link text that is an address (`[nature.com](…)`) name the site the link opens? Pure.

import {parseUrl, percentDecode} from '../net/parse-url.js'
import {recordUrl} from '../resolve/endpoints.js'
import {identify} from '../resolve/identifiers.js'
import type {Citation, SourceReport} from '../types.js'
import {archivedAddress} from './archived.js'
import {parse} from './public-suffix.js'
import {sameSite} from './liveness.js'
import {sourceTable} from './source-categories.js'
import {otherWork} from './title-match.js'
import {shownUrl, type Verdict} from './verdict.js'

/**
 * A mismatch when the text's site (registrable domain, a site's own short domain and former domain alike; under a
 * shared suffix such as `github.io`, its owner's) is neither the cited URL's nor that of the page it ends on:
 * `[nature.com](https://pubmed.ncbi.nlm.nih.gov/…)`. Fine: a
 * redirect to the text's site (`[nature.com](https://doi.org/10.1038/…)`), a snapshot of it, text on a resolver or a
 * shortener (where it leads is unknown), a name the link's path or fragment holds (see `nameInLink`).
 * Judged once the end is known: an answer that is no redirect (a 403 from the publisher too), never an unverified one.
 */
export function judgeTextAddress(citation: Citation, report: SourceReport, redirectResolvers: readonly string[]): Verdict | undefined {
  const address = citation.textAddress
  const cited = citation.normalizedUrl
  if (address === undefined || cited === undefined) return undefined
  // A paper's address (`https://doi.org/…`, `arxiv.org/abs/…`) names its work, wherever its resolver leads.
  const named = identify(address.url)
  const other = named && otherWork(citation, report, named)
  if (other !== undefined) return mismatch(citation, address.text, '', `the identifier of the cited work (\`${recordUrl(other)}\`)`)
  if (report.status === undefined || report.hops.at(-1)?.location !== undefined) return undefined
  const pages = [cited, report.finalUrl].flatMap((url) => {
    const parsed = parseUrl(url)
    const archived = parsed && archivedAddress(parsed)
    return archived === undefined ? [url] : [url, archived]
  })
  const unknownEnds = [...redirectResolvers, ...sourceTable.shortener]
  const own = ownSite(address.url)
  const opens = (url: string): boolean => {
    const other = own === undefined ? undefined : ownSite(url)
    return sameSite(address.url, url, unknownEnds) && (other === undefined || other === own)
  }
  if (pages.some(opens)) return undefined
  if (nameInLink(address.text, pages)) return undefined
  const landed = sameSite(cited, report.finalUrl, []) ? '' : ` (it leads to ${shownUrl(report.finalUrl)})`
  return mismatch(citation, address.text, landed, 'the text to name the page it links')
}

function mismatch(citation: Citation, text: string, landed: string, expected: string): Verdict {
  return {
    status: 'mismatch',
    action: 'flagged',
    rule: 'citation-title-match',
    about: 'link-text',
    message: `Unexpected link text ${shownUrl(text)} on a citation of ${shownUrl(citation.url)}${landed}, expected ${expected}`
  }
}

/**
 * Text without a scheme that the link's path or fragment spells, its dots as dots or as slashes: a project, file or
 * API named after its domain-like name (`[socket.io](https://github.com/socketio/socket.io)`, `[Array.at](…/Array/at)`,
 * `[req.app](…/api.html#req.app)`), not a site.
 */
function nameInLink(text: string, pages: readonly string[]): boolean {
  const name = text.toLowerCase()
  if (/^https?:/.test(name)) return false
  return pages.some((url) => {
    const parsed = parseUrl(url)
    const spelled = percentDecode(`${parsed?.pathname ?? ''}${parsed?.hash ?? ''}`).toLowerCase()
    return spelled.includes(name) || spelled.includes(name.replaceAll('.', '/'))
  })
}

/**
 * A site of one's own under a shared suffix (`johndoe.github.io`, `foo.blogspot.com`), which the registrable domain
 * (`github.io`) does not tell from another's.
 */
function ownSite(url: string): string | undefined {
  const host = parseUrl(url)?.hostname.replace(/^www\./, '')
  const parsed = host ? parse(host, {allowPrivateDomains: true}) : undefined
  return parsed?.isPrivate ? (parsed.domain ?? undefined) : undefined
}

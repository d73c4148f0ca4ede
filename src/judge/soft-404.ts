// Soft 404s: an answer that looks alive but means "not found". Certain signs make the citation `removed`;
// likely ones `flagged`. Pure: the sibling probe's outcome comes in with the checked citation.

import {parseUrl, withoutTrailingSlashes} from '../net/parse-url.js'
import {textLength} from '../page/text.js'
import type {SiblingProbe} from '../verify/sibling.js'
import type {Citation, SourceReport} from '../types.js'
import {redirectedToSection} from './fragment.js'
import {sameSite} from './liveness.js'
import {shownUrl, type Verdict} from './verdict.js'

/** Text shorter than this on a deep page is an empty shell: worth a probe. */
export const thinShellChars = 200

export function judgeSoft404(citation: Citation, report: SourceReport, sibling?: SiblingProbe): Verdict | undefined {
  // A paper its registry knows is judged by the registry, not by where its landing page redirects.
  if (report.liveness !== 'alive' || !isDeep(report.url) || report.work?.outcome === 'found') return undefined
  const home = homeRedirect(report)
  if (home) return verdict(true, citation, home)
  if (sibling?.outcome === 'same-redirect') return verdict(true, citation, `a made-up sibling page redirects to the same ${report.finalUrl}`)
  // The site answers a page that cannot exist with a real 404, or with a not-found page this one is not: this page,
  // whatever its title or words, is not that answer (a Q&A titled "Error: module not found", a docs page at
  // `/page-not-found`).
  if (sibling?.outcome === 'real-404' || sibling?.outcome === 'other-404') return undefined
  const notFound = report.page?.notFound
  if (notFound) return verdict(notFound.certain, citation, notFound.reason)
  if (sibling?.outcome === 'same-page') {
    return verdict(false, citation, `a made-up sibling page shows the same page (similarity ${sibling.similarity?.toFixed(2)})`)
  }
  return undefined
}

/**
 * Whether the sibling probe could tell more: alive deep pages with a not-found sign (even a certain one, which a
 * real 404 for the made-up page clears), or other soft signs; not a deep link redirected home.
 */
export function wantsSiblingProbe(report: SourceReport): boolean {
  if (report.liveness !== 'alive' || !report.page || !isDeep(report.url) || homeRedirect(report)) return false
  if (report.page.notFound || report.page.noindex) return true
  const text = textLength(report.page.passages)
  return redirectedElsewhere(report) || text < thinShellChars
}

/**
 * A redirect from a deep page to the site's home page, within the site: certain whatever the probe says. Not one to a
 * section of it (`/pricing` → `/#pricing` of a one-page site): the page moved there.
 */
function homeRedirect(report: SourceReport): string | undefined {
  const home = report.hops.some((hop) => hop.location) && isHome(report.finalUrl) && sameSite(report.url, report.finalUrl, [])
  return home && !redirectedToSection(report) ? `redirects to the home page ${report.finalUrl}` : undefined
}

function redirectedElsewhere(report: SourceReport): boolean {
  const from = parseUrl(report.url)
  const to = parseUrl(report.finalUrl)
  return from !== undefined && to !== undefined && trimSlash(from.pathname) !== trimSlash(to.pathname)
}

/** A path with something in it that is not itself a home page. */
function isDeep(url: string): boolean {
  return !isHome(url)
}

/** `/`, `/index.html`, `/home`, `/en/`, `/en-GB/index.php`: a site's (or a language's) home page. */
export function isHome(url: string): boolean {
  const parsed = parseUrl(url)
  if (!parsed) return false
  const segments = parsed.pathname.split('/').filter((segment) => segment !== '')
  if (segments.length > 0 && /^(?:index|default|home|main)(?:\.\w+)?$/i.test(segments.at(-1)!)) segments.pop()
  if (segments.length === 1 && isLanguage(segments[0]!)) segments.pop()
  return segments.length === 0 && parsed.search === ''
}

let languages: Intl.DisplayNames | undefined

/** `en`, `pt-BR`, `zh_hans`: a language code ICU knows; `/ai`, `/tv` and `/go` are sections, not languages. */
function isLanguage(segment: string): boolean {
  const match = /^([a-z]{2})(?:[-_][a-z]{2,4})?$/i.exec(segment)
  if (!match) return false
  languages ??= new Intl.DisplayNames(['en'], {type: 'language', fallback: 'none'})
  return languages.of(match[1]!.toLowerCase()) !== undefined
}

function trimSlash(path: string): string {
  return withoutTrailingSlashes(path).toLowerCase()
}

function verdict(certain: boolean, citation: Citation, reason: string): Verdict {
  const url = shownUrl(citation.url)
  return certain
    ? {
        status: 'invalid',
        action: 'removed',
        rule: 'citation-soft-404',
        message: `Unexpected soft 404 at citation ${url}, expected a live source (\`${reason}\`)`,
        certain: true
      }
    : {
        status: 'mismatch',
        action: 'flagged',
        rule: 'citation-soft-404',
        message: `Unexpected likely soft 404 at citation ${url}, expected a live source (\`${reason}\`)`
      }
}

// The random-sibling probe of Bar-Yossef et al. (WWW 2004): ask the parent folder for a page that cannot exist;
// a site that answers it the way it answered the cited page has no real 404s, so the cited page may be one.

import {createHash} from 'node:crypto'
import {redirectFragment, redirectedToSection} from '../judge/fragment.js'
import {words} from '../judge/text.js'
import {parseUrl, percentDecode} from '../net/parse-url.js'
import {isOtherThanHtml, mediaType} from '../page/content-type.js'
import type {SourceReport} from '../types.js'

/** What the sibling's answer says about the cited page. */
export interface SiblingProbe {
  /** The made-up sibling that was asked. */
  url: string
  /**
   * - `real-404`: the site answers unknown pages with an error, so the cited page is real;
   * - `other-404`: the site answers them with a not-found page of its own (a 200 that says so), and the cited page is
   *   not that page: real too;
   * - `same-redirect`: the sibling was redirected to the same place in as many hops: the cited page is gone;
   * - `same-page`: the sibling got (nearly) the same page: likely gone, or a script-rendered site;
   * - `differs`: the sibling got another page;
   * - `inconclusive`: the sibling could not be read (bot wall, timeout, …).
   */
  outcome: 'real-404' | 'other-404' | 'same-redirect' | 'same-page' | 'differs' | 'inconclusive'
  /** Word-shingle similarity of the two pages' text, 0..1, when both were read. */
  similarity?: number
}

/** Word-shingle similarity from which two pages count as the same page (the paper uses 0.95 on raw bodies). */
export const samePageSimilarity = 0.9

/**
 * The parent folder of the URL plus 25 lowercase letters no site uses, or undefined for a site's root (a home
 * page is never a soft 404). Query and fragment are dropped: the probe is about the path. The letters come from
 * a hash of the folder, not from chance, so a run can be recorded and replayed and every page of a folder
 * shares one probe.
 */
export function siblingUrl(url: string): string | undefined {
  const parsed = parseUrl(url)
  if (!parsed || parsed.pathname === '/' || parsed.pathname === '') return undefined
  const folder = parsed.origin + parsed.pathname.replace(/[^/]*\/?$/, '')
  return folder + letters(folder, 25)
}

export function compareSibling(cited: SourceReport, sibling: SourceReport, url: string): SiblingProbe {
  if (sibling.liveness === 'dead' || sibling.liveness === 'unexpected-status') return {url, outcome: 'real-404'}
  if (sibling.liveness !== 'alive') return {url, outcome: 'inconclusive'}
  const redirects = (report: SourceReport) => report.hops.filter((hop) => hop.location).length
  if (redirects(cited) > 0 && redirects(cited) === redirects(sibling) && cited.finalUrl === sibling.finalUrl) {
    // Sent to a section of that page (`/#pricing`) the made-up page was not sent to: another place, whatever the page.
    const otherSection = redirectedToSection(cited) && redirectFragment(cited) !== redirectFragment(sibling)
    return {url, outcome: otherSection ? 'differs' : 'same-redirect'}
  }
  // A PDF, an image, a JSON file is not the HTML a site answers unknown paths with: with no words read on one side
  // and few on the other, their text compared equal, and a live file was called likely gone.
  const type = mediaType(cited.page?.contentType)
  if (type !== mediaType(sibling.page?.contentType)) return {url, outcome: 'differs'}
  // Nor are two of them of one type (an API's JSON for any id, a CDN's placeholder image): no words are read from
  // either, and their empty texts compared equal however the files differ.
  if (isOtherThanHtml(type)) return {url, outcome: 'differs'}
  const similarity = pageSimilarity(cited, sibling)
  if (similarity >= samePageSimilarity) return {url, outcome: 'same-page', similarity}
  // The site's own not-found page, which the cited page is not: a thin page titled "404 Error Codes Explained" is an
  // article. The same sign on both (one "Page not found" title) is one error page, whatever else differs (related links).
  // A title that echoes the slug ("“qwerty” not found") is still one sign: compared without either slug's words.
  const echoed = echoedWords(cited, sibling)
  const sign = (report: SourceReport) => report.page?.notFound && words(report.page.notFound.reason).filter((word) => !echoed.has(word)).join(' ')
  const siblingSign = sign(sibling)
  if (siblingSign !== undefined && siblingSign !== sign(cited)) return {url, outcome: 'other-404', similarity}
  return {url, outcome: 'differs', similarity}
}

/**
 * Jaccard similarity of word 3-shingles over title and visible text. Extracted text, not raw HTML: raw bodies
 * differ in CSRF tokens, timestamps and the echoed random path. The last path segment's words (the echoed slug) are removed first.
 */
export function pageSimilarity(a: SourceReport, b: SourceReport): number {
  const echoed = echoedWords(a, b)
  const left = shingles(pageText(a, echoed))
  const right = shingles(pageText(b, echoed))
  if (left.size === 0 && right.size === 0) return 1
  let shared = 0
  for (const shingle of left) if (right.has(shingle)) shared++
  return shared / (left.size + right.size - shared)
}

/**
 * Both slugs' words, which both pages lose: a word of one slug taken from its page only (`the` of `/the-future-of-ai`,
 * in "the page you are looking for") made one error page differ from itself.
 */
function echoedWords(a: SourceReport, b: SourceReport): Set<string> {
  return new Set([...slugWords(a), ...slugWords(b)])
}

const maxChars = 20_000

function pageText(report: SourceReport, echoed: ReadonlySet<string>): string[] {
  const page = report.page
  if (!page) return []
  const text = [page.titles[0]?.text ?? '', ...page.passages].join(' ').slice(0, maxChars)
  return words(text).filter((word) => !echoed.has(word))
}

/**
 * The words of the last path segment, asked and answered, and of the answer's query: the echoed path (the random
 * letters, the cited slug, the search a site sends unknown paths to: `/search?q=old+post`) always differs. Decoded,
 * as a page echoes it ('Café' of `/wiki/Caf%C3%A9`), and with its numbers however short (`/posts/42`): a site's one
 * not-found page echoing either was taken for another page than the sibling's, and the soft 404 passed.
 */
function slugWords(report: SourceReport): string[] {
  const parts = [parseUrl(report.url), parseUrl(report.finalUrl)].flatMap((url, index) => {
    if (url === undefined) return []
    const last = percentDecode(url.pathname.split('/').filter(Boolean).at(-1) ?? '')
    return index === 0 ? [last] : [last, ...url.searchParams.values()]
  })
  return words(parts.join(' ').replace(/[_.-]+/g, ' ')).filter((word) => word.length >= 3 || /^\d+$/.test(word))
}

function shingles(list: string[]): Set<string> {
  const out = new Set<string>()
  if (list.length < 3) {
    if (list.length > 0) out.add(list.join(' '))
    return out
  }
  for (let index = 0; index + 3 <= list.length; index++) out.add(`${list[index]} ${list[index + 1]} ${list[index + 2]}`)
  return out
}

function letters(seed: string, count: number): string {
  const bytes = createHash('sha256').update(`remark-lint-citations sibling ${seed}`).digest()
  return [...bytes.subarray(0, count)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')
}

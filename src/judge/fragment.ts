// `#anchor` on the cited page: is there an element with that id (or `<a name>`)? Pure.

import type * as Levenshtein from 'fastest-levenshtein'
import {cjs} from '../cjs.js'
import {parseUrl, percentDecode} from '../net/parse-url.js'
import {maxAnchors} from '../page/anchor-limit.js'
import type {Citation, SourceReport} from '../types.js'
import {redirectEnd} from './tracking.js'
import {shownUrl, type Verdict} from './verdict.js'

/** CommonJS, so loaded with `require` (see cjs.ts). */
const {distance} = cjs<typeof Levenshtein>('fastest-levenshtein')

/** GitHub renders Markdown headings with ids prefixed this way and resolves `#name` to them by script. */
const githubPrefix = 'user-content-'

export function judgeFragment(citation: Citation, report: SourceReport): Verdict | undefined {
  const page = report.page
  if (citation.fragment === undefined || report.liveness !== 'alive' || !page) return undefined
  // Browsers take a text directive off before they look for the element (`#install:~:text=npm`: Chrome copies a link
  // to a highlight so on a page opened at `#install`); a fix keeps it.
  const [fragment, directive = ''] = splitDirective(citation.fragment)
  // A page without a single id is not HTML (PDF `#page=3`) or script-rendered, as is one without a line of text or
  // a heading (an app's shell: `<div id="root">`): nothing to hold the anchor to yet. A heading is rendered content,
  // where every line may be short (a changelog of one-line entries).
  const host = parseUrl(report.finalUrl)?.hostname ?? ''
  const shell = page.passages.length === 0 && !page.titles.some((title) => title.source === 'h1')
  if (page.anchors.length === 0 || shell || notAnAnchor(fragment, host) || leftToScript(fragment, host, page.anchors)) return undefined
  const index = indexOf(page.anchors)
  const line = lineOf(fragment, index.ids)
  if (line === null) return undefined
  const wanted = line ?? percentDecode(fragment)
  const url = shownUrl(citation.url)
  // A redirect that names a fragment of its own sends the reader there, not to the cited one, and would do the same
  // to a nearer anchor written on the cited URL. A location's fragment is percent-encoded (`#Gr%C3%BCnde`), a cited one
  // as written (`#Gründe`): the same anchor.
  const landed = redirectFragment(report)
  const replaced = landed === undefined || landed === fragment || percentDecode(landed) === wanted ? undefined : landed
  if (index.ids.has(fragment) || index.ids.has(wanted) || index.ids.has(githubPrefix + wanted) || githubFolds(host, wanted, index.ids)) {
    if (replaced === undefined) return undefined
    return {
      status: 'mismatch',
      action: 'flagged',
      rule: 'citation-fragment',
      message: `Unexpected anchor \`#${fragment}\` in citation ${url} lost to its redirect to \`${report.finalUrl}#${replaced}\`, expected a link that keeps it`,
      // The end of a permanent chain keeps it; a temporary redirect's end is no address to cite.
      ...(report.permanentRedirect ? {expected: `${redirectEnd(citation, report)}#${fragment}${directive}`} : {})
    }
  }
  // Ids past the body size cap, or past the first `maxAnchors` (a one-page spec has tens of thousands), were not
  // read: the anchor may be there.
  if (page.truncated || page.anchors.length >= maxAnchors) return undefined
  if (!index.nearest.has(wanted)) index.nearest.set(wanted, nearestAnchor(wanted, page.anchors))
  const nearest = index.nearest.get(wanted)
  return {
    status: 'mismatch',
    action: 'flagged',
    rule: 'citation-fragment',
    message:
      `Unexpected missing anchor \`#${fragment}\` in citation ${url}, expected an id on the page` +
      (nearest === undefined ? '' : ` such as \`#${nearest}\``) +
      (replaced === undefined ? '' : ` (its redirect sends readers to \`#${replaced}\` instead)`),
    ...(nearest === undefined || replaced !== undefined ? {} : {expected: citation.url.replace(/#.*$/s, '#' + nearest + directive)})
  }
}

/** The fragment the redirects send the reader to in place of the cited one: the last a location named. */
export function redirectFragment(report: SourceReport): string | undefined {
  return report.hops.findLast((hop) => hop.fragment !== undefined)?.fragment
}

/** Whether the redirects send the reader to an id on the page they end at (`/pricing` → `/#pricing`): a section of it. */
export function redirectedToSection(report: SourceReport): boolean {
  const fragment = redirectFragment(report)
  const anchors = report.page?.anchors ?? []
  return fragment !== undefined && (anchors.includes(fragment) || anchors.includes(percentDecode(fragment)))
}

/** The element's part of a fragment, and the fragment directive (from the first `:~:` on), if any. */
function splitDirective(fragment: string): [string, string?] {
  const at = fragment.indexOf(':~:')
  return at === -1 ? [fragment] : [fragment.slice(0, at), fragment.slice(at)]
}

/**
 * Fragments that are not element ids: empty (as a text fragment's, `#:~:text=`) and `top` (always valid in HTML),
 * hash-bang and hash routes of single-page apps (`#!/…`, `#/…`), parameters for a script or viewer (`#gid=0` of
 * a spreadsheet, `#heading=h.x` of a document; media fragments `#t=30`, a PDF's `#page=3`), and
 * GitHub / GitLab / Bitbucket line anchors (`#L10`, `#L10-L20`, `#L10C5`, `#lines-10`), which their script handles.
 */
function notAnAnchor(fragment: string, host: string): boolean {
  if (fragment === '' || fragment.toLowerCase() === 'top') return true
  if (fragment.startsWith('!') || fragment.startsWith('/')) return true
  if (/^[a-z][\w.-]*=/i.test(fragment)) return true
  const codeHost = /(?:^|\.)(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|sr\.ht)$/.test(host)
  return codeHost && /^(?:L\d+(?:C\d+)?(?:-L?\d+(?:C\d+)?)?|lines-\d+(?::\d+)?)$/.test(fragment)
}

/**
 * Code hosts whose pages are partly rendered by script: GitHub's file and folder views render a `.md` file or README
 * that way (its heading ids are in a JSON blob, not in elements), as do GitLab and Bitbucket, and long threads load
 * their comments as the reader scrolls. There a heading is judged only where the rendered Markdown is in the HTML
 * (its ids carry `user-content-`, as on a repository's home page), and a comment's, review's or diff's anchor never.
 */
function leftToScript(fragment: string, host: string, anchors: readonly string[]): boolean {
  // The hosts themselves: their documentation (`docs.github.com`, `docs.gitlab.com`) is plain HTML.
  if (!/^(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org)$/.test(host)) return false
  return threadAnchor.test(fragment) || !anchors.some((anchor) => anchor.startsWith(githubPrefix))
}

/**
 * The id a line anchor is looked for as. A code view gives each line an id, numbered from 1 (`L1` on Gitea, Forgejo or
 * cgit's kin, `1` in rustdoc's source view), and its script highlights a range or a column from the first line's
 * (`#L10-L20`, `#L10C5`, rustdoc's `[src]` links `#570-572`), which no element has. Undefined when the fragment is no
 * line anchor or the page no code view; null for a `#L…` line anchor on a page without line ids, whose script renders
 * its lines (GitHub Enterprise, a GitLab of one's own).
 */
function lineOf(fragment: string, ids: ReadonlySet<string>): string | null | undefined {
  const match = /^(L?)(\d+)(?:C\d+)?(?:-L?\d+(?:C\d+)?)?$/.exec(fragment)
  if (!match) return undefined
  const [, prefix = '', first = ''] = match
  if (ids.has(`${prefix}1`)) return prefix + first
  return prefix === 'L' ? null : undefined
}

/**
 * GitHub's script finds a heading whose prefixed id is the fragment in lower case (the ids are, `#Installation` reaches
 * `user-content-installation`), so a README's table of contents written in capitals works there. Browsers, and
 * GitLab's script, match ids as written.
 */
function githubFolds(host: string, wanted: string, ids: ReadonlySet<string>): boolean {
  return /(?:^|\.)github\.com$/.test(host) && ids.has(githubPrefix + wanted.toLowerCase())
}

/** Comments, reviews and timeline events (`#issuecomment-123`, `#discussion_r123`, GitLab's `#note_123`), diffs (`#diff-<hash>`). */
const threadAnchor = /^(?:(?:issuecomment|discussioncomment|pullrequestreview|event)-\d+|discussion_r\d+|r\d+|note_\d+)$|^diff-[\da-f]{8,}/

interface AnchorIndex {
  ids: ReadonlySet<string>
  /** Each anchor folded (see foldAnchor), in order; made when a first fragment is missing. */
  folded: string[] | undefined
  /** The suggestion for each missing fragment (decoded) asked about. */
  nearest: Map<string, string | undefined>
}

/**
 * One index per anchors array: a page is cited many times (a one-page spec thousands of times, with 5,000 ids), and
 * making a set of its ids for each citation took 2 ms. Reports are not mutated after reading.
 */
const indexes = new WeakMap<readonly string[], AnchorIndex>()

function indexOf(anchors: readonly string[]): AnchorIndex {
  let index = indexes.get(anchors)
  if (!index) indexes.set(anchors, (index = {ids: new Set(anchors), folded: undefined, nearest: new Map()}))
  return index
}

/** The closest anchor by edit distance over a folded form, when it is close enough to be the one meant. */
export function nearestAnchor(wanted: string, anchors: readonly string[]): string | undefined {
  const target = foldAnchor(wanted)
  const index = indexOf(anchors)
  const folds = (index.folded ??= anchors.map(foldAnchor))
  let best: {anchor: string; score: number; edits: number} | undefined
  for (const [at, anchor] of anchors.entries()) {
    const folded = folds[at]!
    // `#section-12` is not `#section-1`: another number is another section, however few the edits.
    if (folded !== target && folded.replace(/\d+/g, '0') === target.replace(/\d+/g, '0')) continue
    const edits = distance(target, folded)
    const score = continues(folded, target) || continues(target, folded, 0.6) ? Math.min(1, edits) : edits
    if (!best || score < best.score || (score === best.score && edits < best.edits)) best = {anchor, score, edits}
  }
  if (!best) return undefined
  if (best.score > Math.max(2, Math.floor(target.length * 0.4))) return undefined
  return best.anchor.startsWith(githubPrefix) ? best.anchor.slice(githubPrefix.length) : best.anchor
}

/**
 * `longer` goes on from `shorter` ("install" → "installation"), which is at least 3 characters and `share` of it,
 * without cutting a number in two.
 */
function continues(longer: string, shorter: string, share = 0): boolean {
  if (shorter.length < 3 || shorter.length < longer.length * share || !longer.startsWith(shorter)) return false
  return !(/\d$/.test(shorter) && /^\d/.test(longer.slice(shorter.length)))
}

function foldAnchor(anchor: string): string {
  return anchor.toLowerCase().replace(/^user-content-/, '').replace(/[-_.\s]+/g, '-')
}

// `#anchor` on the cited page: is there an element with that id (or `<a name>`)? Pure.

import type * as Levenshtein from 'fastest-levenshtein'
import {cjs} from '../cjs.js'
import {parseUrl, percentDecode} from '../net/parse-url.js'
import type {Citation, SourceReport} from '../types.js'
import {shownUrl, type Verdict} from './verdict.js'

/** CommonJS, so loaded with `require` (see cjs.ts). */
const {distance} = cjs<typeof Levenshtein>('fastest-levenshtein')

/** GitHub renders Markdown headings with ids prefixed this way and resolves `#name` to them by script. */
const githubPrefix = 'user-content-'

export function judgeFragment(citation: Citation, report: SourceReport): Verdict | undefined {
  const fragment = citation.fragment
  const page = report.page
  if (fragment === undefined || report.liveness !== 'alive' || !page) return undefined
  // A page without a single id is script-rendered or not HTML (PDF `#page=3`): nothing to hold the anchor to.
  if (page.anchors.length === 0 || notAnAnchor(fragment, report.finalUrl)) return undefined
  const wanted = percentDecode(fragment)
  const anchors = new Set(page.anchors)
  if (anchors.has(fragment) || anchors.has(wanted) || anchors.has(githubPrefix + wanted)) return undefined
  const nearest = nearestAnchor(wanted, page.anchors)
  const url = shownUrl(citation.url)
  return {
    status: 'mismatch',
    action: 'flagged',
    rule: 'citation-fragment',
    message:
      `Unexpected missing anchor \`#${fragment}\` in citation ${url}, expected an id on the page` +
      (nearest === undefined ? '' : ` such as \`#${nearest}\``),
    ...(nearest === undefined ? {} : {expected: citation.url.replace(/#.*$/s, '#' + nearest)})
  }
}

/**
 * Fragments that are not element ids: empty and `top` (always valid in HTML), text fragments (`#:~:text=`),
 * hash-bang and hash routes of single-page apps (`#!/…`, `#/…`), media fragments (`#t=`, `#page=`), and
 * GitHub / GitLab / Bitbucket line anchors (`#L10`, `#L10-L20`, `#L10C5`, `#lines-10`), which their script handles.
 */
function notAnAnchor(fragment: string, finalUrl: string): boolean {
  if (fragment === '' || fragment.toLowerCase() === 'top') return true
  if (fragment.startsWith(':~:') || fragment.startsWith('!') || fragment.startsWith('/')) return true
  if (/^(?:t|page|xywh|track|id)=/.test(fragment)) return true
  const host = parseUrl(finalUrl)?.hostname ?? ''
  const codeHost = /(?:^|\.)(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|sr\.ht)$/.test(host)
  return codeHost && /^(?:L\d+(?:C\d+)?(?:-L?\d+(?:C\d+)?)?|lines-\d+(?::\d+)?)$/.test(fragment)
}

/** The closest anchor by edit distance over a folded form, when it is close enough to be the one meant. */
export function nearestAnchor(wanted: string, anchors: readonly string[]): string | undefined {
  const target = foldAnchor(wanted)
  let best: {anchor: string; score: number} | undefined
  for (const anchor of anchors) {
    const folded = foldAnchor(anchor)
    // A prefix either way ("install" → "installation") is as good as a near miss.
    const score = folded.startsWith(target) || target.startsWith(folded) ? 1 : distance(target, folded)
    if (!best || score < best.score) best = {anchor, score}
  }
  if (!best) return undefined
  if (best.score > Math.max(2, Math.floor(target.length * 0.4))) return undefined
  return best.anchor.startsWith(githubPrefix) ? best.anchor.slice(githubPrefix.length) : best.anchor
}

function foldAnchor(anchor: string): string {
  return anchor.toLowerCase().replace(/^user-content-/, '').replace(/[-_.\s]+/g, '-')
}

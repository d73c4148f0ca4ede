// A title as it is compared: arXiv ids, retraction labels and site-name segments removed, accents folded.

import {titleSegments} from '../page/text.js'
import {looseFold} from './text.js'

/** A new-style (`2509.21361`) or old-style (`hep-th/9901001`, `math.GT/0309136`) arXiv id, with its version. */
const arxivId = String.raw`(?:\d{4}\.\d{4,5}|[a-z][a-z.-]*\/\d{7})(?:v\d+)?`
/** A subject class after an id, as in `arXiv:1706.03762 [cs.CL]`. */
const subject = String.raw`(?:\s*\[[a-z-]+(?:\.[a-z-]+)?\])?`
const arxivAffixes = [
  // `[2509.21361] Title`: arXiv's own <title>
  new RegExp(String.raw`^\s*\[(?:arxiv:\s*)?${arxivId}\]\s*`, 'i'),
  // `arXiv:2509.21361 [cs.CL] – Title`
  new RegExp(String.raw`^\s*arxiv:\s*${arxivId}${subject}\s*(?:[-–—:|]\s+)?`, 'i'),
  // `Title. arXiv preprint arXiv:1706.03762`, `Title (arXiv:1706.03762v2)`
  new RegExp(String.raw`[\s,.;:|–—-]*\(?(?:arxiv\s+preprint\s+)?arxiv:\s*${arxivId}${subject}\)?\s*$`, 'i')
]

/** Crossref and publishers prefix retracted works; the cited title usually lacks it (citation-retracted reports it). */
const retraction = /^\s*(?:retracted|withdrawn)(?:\s+article)?\s*:\s*/i

/**
 * The title without arXiv ids, a retraction label, and leading or trailing segments (split at ` | `, ` - `,
 * ` – `, ` · `, …) that name the site: `Photosynthesis - Wikipedia` → `Photosynthesis`. A segment names the
 * site when, letters and digits only, it equals one of `siteNames` (`og:site_name`, the host, its domain,
 * the domain's label). Never strips everything: a title that is only the site name stays as it is.
 */
export function cleanTitle(title: string, siteNames: readonly string[]): string {
  let text = title
  for (const pattern of arxivAffixes) text = text.replace(pattern, '')
  text = text.replace(retraction, '')
  if (text.trim() === '') return title
  const names = new Set(siteNames.map(squash).filter((name) => name !== ''))
  const segments = titleSegments(text)
  const before = segments.length
  while (segments.length > 1 && names.has(squash(segments.at(-1)!))) segments.pop()
  while (segments.length > 1 && names.has(squash(segments[0]!))) segments.shift()
  return segments.length === before ? text : segments.join(' ')
}

/** Letters and digits only, folded: `arXiv.org` → `arxivorg`. */
export function squash(text: string): string {
  return looseFold(text).replace(/[^\p{L}\p{N}]/gu, '')
}

// Numbered markers in prose (`[1]`, `[2, 5]`, `[3–4]`), as AI research tools and numeric citation styles write them
// for the sources listed at the end (`1. https://…`, `[1] https://…`).

import {lastAtOrBefore} from './sorted.js'

/** A marker, its numbers in group 1. */
export const MARKER = /\[(\d{1,3}(?:\s*[,–-]\s*\d{1,3})*)\]/g

/** A clause going on after a marker: a word, not a conjunction starting another clause. */
const CONTINUED = /^\s*(?!(?:and|but|or|nor|yet|while|whereas|although|though)\b)[\p{L}\p{N}]/iu

/** `2, 5` → 2 and 5; `3–5` → 3, 4 and 5 (a range of at most 50). */
export function numbersOf(list: string): number[] {
  const numbers: number[] = []
  for (const part of list.split(',')) {
    const [from, to = from] = part.split(/[–-]/).map(Number)
    for (let number = from!; number <= Math.min(to!, from! + 50); number++) numbers.push(number)
  }
  return numbers
}

/**
 * What `number`'s marker cites in `sentence`: the words before it, back to the marker before them (`X [1], and Y
 * [2].` cites X for 1 and Y for 2; `X [1][2].` cites X for both), and on to the sentence's end when no later marker
 * cites the words after it (`According to the IEA [1], solar grew 24%.`), without markers. The whole sentence when
 * the marker stands inside its clause (`Smith et al. [1] showed that X.`, `As [1] showed, X.`) or too few words stand
 * there.
 */
export function markedClaim(sentence: string, number: number): string {
  const markers = [...sentence.matchAll(MARKER)]
  let from = 0
  let last = 0
  for (const [index, match] of markers.entries()) {
    // Words since the marker before: a new stretch begins after it.
    if (/\p{L}/u.test(sentence.slice(last, match.index))) from = last
    last = match.index + match[0].length
    if (!numbersOf(match[1]!).includes(number)) continue
    // A word right after the marker continues the clause it cites (the subject was named before it), but for a
    // conjunction starting the next (`X [1] and Y [2].`).
    if (CONTINUED.test(sentence.slice(last))) break
    const next = markers.slice(index + 1).find((later) => /\p{L}/u.test(sentence.slice(last, later.index)))
    const to = next === undefined ? sentence.length : match.index
    const stretch = withoutMarkers(sentence.slice(from, to)).replace(/^[\s,;:–—-]+/, '').trim()
    return (stretch.match(/\p{L}+/gu)?.length ?? 0) >= 3 ? stretch : withoutMarkers(sentence)
  }
  return withoutMarkers(sentence)
}

/** Markers are no words of a claim. */
function withoutMarkers(text: string): string {
  return text.replace(/\s*\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]/g, '')
}

/** Where one number is marked in prose and listed as a source, in document order (see `markerFor`). */
export interface Numbered<T> {
  /** The markers before the number's first listing (at 0) and after each listing (at its count so far), in order. */
  markers: Map<number, T[]>
  /** Where the number labels a source (`1. https://…`, `[1] https://…`), ascending. */
  listings: number[]
}

/** Record a marker where it stands in document order, after those since the number's last listing. */
export function addMarker<T>({markers, listings}: Numbered<T>, marker: T): void {
  const since = markers.get(listings.length)
  if (since) since.push(marker)
  else markers.set(listings.length, [marker])
}

/**
 * The markers citing the source listed at `at`, the first one's claim its own (see `Citation.laterUse`): those since
 * the number's listing before, so that a document with two lists of sources, each numbered from 1, gives each list
 * its own markers; when none stands there, those after the listing, before the next.
 */
export function markersFor<T>({markers, listings}: Numbered<T>, at: number): T[] {
  const own = lastAtOrBefore(listings, at)
  return markers.get(Math.max(own, 0)) ?? markers.get(own + 1) ?? []
}

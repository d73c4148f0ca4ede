// Intl segmenters, made on first use. The first one a thread makes costs about 18 ms (ICU loads its break rules):
// made at import, that was on every run's start-up, on the main thread and the verifier thread alike, though most
// runs segment nothing early (ASCII titles have a fast path) and many nothing at all.

let words: Intl.Segmenter | undefined
let sentences: Intl.Segmenter | undefined
let graphemes: Intl.Segmenter | undefined

export const wordSegmenter = (): Intl.Segmenter => (words ??= new Intl.Segmenter(undefined, {granularity: 'word'}))
export const sentenceSegmenter = (): Intl.Segmenter => (sentences ??= new Intl.Segmenter(undefined, {granularity: 'sentence'}))
export const graphemeSegmenter = (): Intl.Segmenter => (graphemes ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'}))

/** Characters segmented at once; a segment longer than this is cut at this length. */
export const SEGMENT_WINDOW = 2000

/**
 * The segments of a text (`index` counted from its start), window by window: V8 copies the whole input into every
 * segment it yields, so one pass over a long text is quadratic (a 100 kB Chinese link text took minutes). The
 * last segment of a window may be cut short, so the next window starts there.
 */
export function segmentsOf(segmenter: Intl.Segmenter, text: string): Iterable<Intl.SegmentData> {
  return text.length <= SEGMENT_WINDOW ? segmenter.segment(text) : windows(segmenter, text)
}

function* windows(segmenter: Intl.Segmenter, text: string): Generator<Intl.SegmentData> {
  for (let from = 0; from < text.length; ) {
    const to = Math.min(text.length, from + SEGMENT_WINDOW)
    let next = to
    for (const part of segmenter.segment(text.slice(from, to))) {
      if (to < text.length && part.index > 0 && part.index + part.segment.length === to - from) {
        next = from + part.index
        break
      }
      yield {...part, index: from + part.index, input: text}
    }
    from = next
  }
}

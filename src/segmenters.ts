// Intl segmenters, made on first use. The first one a thread makes costs about 18 ms (ICU loads its break rules):
// made at import, that was on every run's start-up, on the main thread and the verifier thread alike, though most
// runs segment nothing early (ASCII titles have a fast path) and many nothing at all.

let words: Intl.Segmenter | undefined
let sentences: Intl.Segmenter | undefined
let graphemes: Intl.Segmenter | undefined

export const wordSegmenter = (): Intl.Segmenter => (words ??= new Intl.Segmenter(undefined, {granularity: 'word'}))
export const sentenceSegmenter = (): Intl.Segmenter => (sentences ??= new Intl.Segmenter(undefined, {granularity: 'sentence'}))
export const graphemeSegmenter = (): Intl.Segmenter => (graphemes ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'}))

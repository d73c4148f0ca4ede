// Text as the judges compare it: folded (NFKC, case, quotes, dashes), split into words by Unicode rules, stop words.

import {collapse} from '../page/text.js'
import {segmentsOf, wordSegmenter} from '../segmenters.js'

const ASCII_WORD = /^[a-z0-9]+$/

/**
 * NFKC, lower case, curly quotes and primes to straight ones, every dash and minus to `-`, digits to ASCII,
 * whitespace collapsed. NFKC alone leaves curly quotes, en/em dashes and the digits of other scripts as they are
 * (`١٤٪` against `14%`), hence the explicit folding.
 */
export function foldText(text: string): string {
  return collapse(
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\u2018\u2019\u201A\u201B\u2032\u02BC`´]/g, "'")
      .replace(/[\u201C\u201D\u201E\u201F\u2033«»]/g, '"')
      .replace(/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g, '-')
      .replace(otherDigits, asciiDigit)
  )
}

/**
 * `foldText`, then the loose folds a cited title or a brand often differs by: `ß` → `ss`, Turkish `ı` → `i` (`I`
 * lower-cases to `i`, so `KADIN` is `kadin` and `Kadın` was not), Greek final `ς` → `σ` (text lower-cased a letter at
 * a time, or sliced, has `σ` where a word ends), accents dropped from Latin, Greek and Cyrillic
 * letters (`café` = `cafe`, `ё` = `е`), and what Arabic and Hebrew writers may leave out or vary: vowel marks, the
 * hamza on alef (`الإسلام` = `الاسلام`), tatweel, `ى`/`ی` as `ي`, `ک` as `ك`, `ة` as `ه`, niqqud. Marks in other scripts
 * are kept: there they are vowels or voicing that every spelling writes (`が` ≠ `か`), not decoration.
 */
export function looseFold(text: string): string {
  return foldText(text)
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i')
    .replace(/ς/g, 'σ')
    .replace(/\u0640/g, '')
    .normalize('NFD')
    .replace(/([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Hebrew}])\p{M}+/gu, '$1')
    .normalize('NFC')
    .replace(/[ىیکة]/g, (letter) => arabicLetters[letter]!)
}

const arabicLetters: Record<string, string> = {ى: 'ي', ی: 'ي', ک: 'ك', ة: 'ه'}

/** A decimal digit other than ASCII's (`١`, `۴`, `४`, `๓`), or the Arabic percent sign, decimal and thousands separators. */
const otherDigits = /[^\P{Nd}0-9]|[\u066A-\u066C]/gu
const arabicMarks: Record<string, string> = {'\u066A': '%', '\u066B': '.', '\u066C': ','}

/** Unicode assigns decimal digits in runs of ten, 0 to 9: a digit's value is its distance from its run's start. */
function asciiDigit(char: string): string {
  const mark = arabicMarks[char]
  if (mark !== undefined) return mark
  const code = char.codePointAt(0)!
  let start = code
  while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--
  return String((code - start) % 10)
}

/**
 * A French or Italian elided article or preposition glued to the word it precedes (folded text): `d'obésité` and
 * `l'obésité` are one word to a page, as `dell'acqua` and `l'acqua`, and `d'Airbus` names Airbus.
 */
export const ELISION = /^(?:[cdjlmnst]|qu|dell|all|dall|nell|sull|un)'(?=\p{L})/u

/**
 * The words of a text, folded, in order: Unicode word segmentation (so Chinese, Japanese and Thai, which
 * are written without spaces, split into words too); punctuation and spaces dropped. Apostrophes inside
 * a word stay (`don't`), possessive `'s` goes.
 */
export function words(text: string): string[] {
  const out: string[] = []
  // V8 copies the rest of the input for every segment, which is quadratic on long text (18 s for 200 kB):
  // segment each space-separated run on its own instead. A run of ASCII letters and digits is one word by
  // Unicode's rules already, and most runs are: those skip the segmenter, which costs a microsecond a call.
  for (const run of foldText(text).split(' ')) {
    if (ASCII_WORD.test(run)) {
      out.push(run)
      continue
    }
    for (const segment of segmentsOf(wordSegmenter(), run)) {
      if (segment.isWordLike) out.push(segment.segment.replace(/'s$/, ''))
    }
  }
  return out
}

/**
 * A URL written in text: a scheme and what follows, or GFM's `www.` literal. A scheme is short: unbounded, each
 * letter of a long run without spaces (a hash, minified text) would start a search to its end.
 */
export const urlTokens = /(?:[a-z][a-z\d+.-]{0,31}:\/\/|www\.)\S*/gi

/** English function words and citing words: carry no topic, never a brand, never evidence. */
export const stopWords: ReadonlySet<string> = new Set(
  (
    'a about above after again against all almost also although always am among an and any are aren\'t around as at ' +
    'be because been before being below between both but by can cannot could couldn\'t did didn\'t do does doesn\'t ' +
    'doing don\'t down during each either else enough etc even ever every few for from further had hadn\'t has hasn\'t ' +
    'have haven\'t having he her here hers herself him himself his how however i if in into is isn\'t it its itself ' +
    'just least less let like many may me might more most much must my myself neither no nor not now of off often on ' +
    'once one only or other others otherwise our ours ourselves out over own per perhaps quite rather really same ' +
    'several shall she should shouldn\'t since so some such than that the their theirs them themselves then there ' +
    'these they this those though through thus to too toward towards under until up upon us very via was wasn\'t we ' +
    'were weren\'t what whatever when where whether which while who whom whose why will with within without would ' +
    'wouldn\'t yet you your yours yourself yourselves says said say according new use used using ' +
    // How a sentence points at its sources (`see [docs](url)`, `e.g. Go`), not what it says.
    'see cf e.g i.e'
  ).split(' ')
)

/** Words that carry meaning: not stop words, not one-character Latin fragments. */
export function contentWords(text: string): string[] {
  return words(text).filter((word) => !stopWords.has(word) && !(word.length === 1 && /[a-z]/.test(word)))
}

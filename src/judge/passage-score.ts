// The default claim-support scorer: how well the best passage (or two adjacent passages) of a page covers a claim, 0..1.
//
// score = coverage × number factor × negation factor, where
// - coverage: the idf-weighted share of the claim's distinct content terms (stemmed, stop words, numbers and
//   negation words left out) that the passage contains; weight w(t) = ln(1 + N / max(df(t), 1)) over the page's
//   N passages, so a term found everywhere on the page counts little, and a term the page never uses counts as much
//   as its rarest one (a small page gives no evidence that it is rarer);
// - number factor: ×0.4 for each number of the claim (`42%`, `3.5 million`, `1,000`, `12 000`, `10mg`, `seven`,
//   `twenty-five`, `a hundred`, `seven hundred thousand`; not the `19` of `covid-19`, nor the `Eleven` of `Ocean's
//   Eleven`) the passage lacks, ×0.8 for a missing year (1500–2100): dates often sit in a byline outside the text; a
//   number written in words is its digits (`seven of ten` = `7 of 10`);
// - negation factor: ×0.4 when the passage states the claim's terms with the opposite polarity
//   ("does not increase" against "increases").
// The passage with the highest score wins; BM25 (k1 1.2, b 0.75, the same idf) breaks ties, so among passages that
// cover the claim equally the most focused one is quoted. A pair of adjacent passages is taken only when it scores
// at least `pairGain` (0.2) higher than either alone: a claim that spans two paragraphs.

import {stemmer} from 'stemmer'
import {ELISION, foldText, stopWords, urlTokens, words} from './text.js'

export interface PassageScore {
  /** 0..1: see the top of this file. */
  score: number
  /** The best passage, or two adjacent ones joined by a space; undefined when no passage shares a term. */
  passage: string | undefined
}

export const missingNumberFactor = 0.4
export const missingYearFactor = 0.8
export const negationFactor = 0.4
/** How much more than its better half a pair of passages must score to be taken. */
export const pairGain = 0.2
const k1 = 1.2
const bm25b = 0.75
const epsilon = 1e-9
/** Content words after a negation that it scopes over, within the clause (NegEx's window). */
const negationScope = 5

/** Polarity flags of a term's occurrences. */
const PLAIN = 1
const NEGATED = 2

interface Reading {
  /** Stemmed content terms in order, and the polarity flag of each. */
  terms: string[]
  flags: number[]
  numbers: Array<{key: string; raw: string; year: boolean; optional?: boolean}>
}

/**
 * Where a term occurs, as triples in one array: passage index (ascending), occurrences there, polarity flags
 * (OR of PLAIN / NEGATED). One flat array, because a page's index lives as long as its report (the whole run):
 * the large benchmark's 3,000 indexes take 35 MB so, and took 50 MB as three arrays and an object per term.
 */
type Posting = number[]

interface PageIndex {
  /** Content terms per passage. */
  lengths: number[]
  averageLength: number
  postings: Map<string, Posting>
  /** Number keys per passage: each number as written and as scaled (`3.5 million` → `3.5` and `3500000`). */
  numbers: Array<Set<string>>
}

/** One index per passages array: a page cited many times is tokenised once. Reports are not mutated after reading. */
const indexes = new WeakMap<readonly string[], PageIndex>()

/** The claim's distinct content terms (stemmed; not numbers, negations or URLs): what the score is made of. */
export function claimTerms(claim: string): string[] {
  return [...new Set(read(claimText(claim), stemmer).terms)]
}

export function scoreClaim(claim: string, passages: readonly string[]): PassageScore {
  const reading = read(claimText(claim), stemmer)
  const polarity = new Map<string, number>()
  reading.terms.forEach((term, i) => polarity.set(term, (polarity.get(term) ?? 0) | reading.flags[i]!))
  const query = [...polarity.keys()]
  if (query.length === 0 || passages.length === 0) return {score: 0, passage: undefined}

  const index = indexOf(passages)
  const count = passages.length
  const claimFlags = query.map((term) => polarity.get(term)!)
  const claimNegated = claimFlags.includes(NEGATED)
  const numbers = uniqueNumbers(reading.numbers.filter((number) => !number.optional))
  const weights = query.map((term) => Math.log(1 + count / Math.max((index.postings.get(term)?.length ?? 0) / 3, 1)))
  const total = weights.reduce((sum, weight) => sum + weight, 0)

  // Only passages holding a claim term can score above 0: spread their postings into passage × term tables once.
  const width = query.length
  const counts = new Uint32Array(count * width)
  const flags = new Uint8Array(count * width)
  const touched = new Uint8Array(count)
  query.forEach((term, q) => {
    const posting = index.postings.get(term)
    if (!posting) return
    for (let k = 0; k < posting.length; k += 3) {
      const at = posting[k]!
      counts[at * width + q] = posting[k + 1]!
      flags[at * width + q] = posting[k + 2]!
      touched[at] = 1
    }
  })

  /** Score and BM25 rank of passage `first`, or of `first` and `first + 1` together. */
  const evaluate = (first: number, pair: boolean): {score: number; rank: number} => {
    const last = pair ? first + 1 : first
    const length = index.lengths[first]! + (pair ? index.lengths[last]! : 0)
    const norm = k1 * (1 - bm25b + (bm25b * length) / index.averageLength)
    let covered = 0
    let rank = 0
    let negatedFound = false
    let negatedKept = false
    let denied = false
    for (let q = 0; q < width; q++) {
      const tf = counts[first * width + q]! + (pair ? counts[last * width + q]! : 0)
      if (tf === 0) continue
      const polarity = flags[first * width + q]! | flags[last * width + q]!
      covered += weights[q]!
      rank += (weights[q]! * tf * (k1 + 1)) / (tf + norm)
      if (claimFlags[q] === NEGATED) {
        negatedFound = true
        if (polarity & NEGATED) negatedKept = true
      } else if (claimFlags[q] === PLAIN && polarity === NEGATED) denied = true
    }
    // A negated claim is contradicted when the passage has some of its negated terms and negates none of them;
    // a plain claim, when the passage has one of its terms only in negated form ("no evidence that X causes Y").
    let factor = (claimNegated ? negatedFound && !negatedKept : denied) ? negationFactor : 1
    for (const number of numbers) {
      if (!index.numbers[first]!.has(number.key) && !index.numbers[last]!.has(number.key)) {
        factor *= number.year ? missingYearFactor : missingNumberFactor
      }
    }
    return {score: (covered / total) * factor, rank}
  }

  let best: {score: number; rank: number; text: string | undefined} = {score: 0, rank: 0, text: undefined}
  const consider = (found: {score: number; rank: number}, text: () => string): void => {
    if (found.score > best.score + epsilon || (found.score > best.score - epsilon && found.rank > best.rank + epsilon)) {
      best = {...found, text: text()}
    }
  }
  const singles: Array<{score: number; rank: number}> = []
  for (let at = 0; at < count; at++) {
    singles.push(touched[at] ? evaluate(at, false) : {score: 0, rank: 0})
    consider(singles[at]!, () => passages[at]!)
  }
  // A pair only when it clearly beats both of its passages alone (the claim spans them), not when the neighbour
  // merely adds a stray word: the quote should show the passage that says it.
  for (let start = 0; start + 1 < count; start++) {
    if (!touched[start] && !touched[start + 1]) continue
    const pair = evaluate(start, true)
    if (pair.score >= Math.max(singles[start]!.score, singles[start + 1]!.score) + pairGain) {
      consider(pair, () => `${passages[start]} ${passages[start + 1]}`)
    }
  }
  return {score: best.score, passage: best.text}
}

function indexOf(passages: readonly string[]): PageIndex {
  let index = indexes.get(passages)
  if (index) return index
  const postings = new Map<string, Posting>()
  const lengths: number[] = []
  const numbers: Array<Set<string>> = []
  // A page repeats its words: stem each distinct word once.
  const stems = new Map<string, string>()
  const stem = (word: string): string => stems.get(word) ?? stems.set(word, stemmer(word)).get(word)!
  passages.forEach((text, at) => {
    const reading = read(text, stem)
    reading.terms.forEach((term, i) => {
      const flag = reading.flags[i]!
      let posting = postings.get(term)
      if (!posting) postings.set(term, (posting = []))
      const last = posting.length - 3
      if (posting[last] === at) {
        posting[last + 1]!++
        posting[last + 2]! |= flag
      } else posting.push(at, 1, flag)
    })
    lengths.push(reading.terms.length)
    const keys = new Set<string>()
    for (const number of reading.numbers) keys.add(number.key).add(number.raw)
    numbers.push(keys)
  })
  const averageLength = Math.max(lengths.reduce((sum, length) => sum + length, 0) / Math.max(lengths.length, 1), 1)
  index = {lengths, averageLength, postings, numbers}
  indexes.set(passages, index)
  return index
}

/** After `foldText`: curly quotes, guillemets and dashes are plain `"` and `-` by then. */
const CLAUSE_END = /[.!?;:,]+(?=\s|$)|[()[\]{}"]|\s-\s/
/**
 * Letters, marks and digits, joined by an apostrophe, full stop or comma inside (`don't`, `u.s`, `3.5`, `1,000`),
 * or by a hyphen between a letter and at most three digits: `covid-19` and `gpt-4` are names, not the numbers 19
 * and 4 (`mid-2020` is a year).
 */
const TOKEN = /[\p{L}\p{M}\p{N}]+(?:(?:['.,]|(?<=\p{L})-(?=\p{N}{1,3}(?!\p{N})))[\p{L}\p{M}\p{N}]+)*/gu
/** A number with its unit or scale glued on (`10mg`, `1200m`, `2.5bn`): read as `10 mg`. */
const GLUED_UNIT = /^(\d+(?:[.,]\d+)*)(\p{L}+)$/u
const ORDINAL = /^(?:st|nd|rd|th)$/
/** Digit groups split by spaces (`12 000`, and after folding `12\u202F000`, `12\u00A0000`): one number. */
const SPACED_THOUSANDS = /(?<![\d.,])\d{1,3}(?: \d{3})+(?!\d)/g
/** Below the first script written without spaces (Thai): the common case, tested first because it is cheaper. */
const SPACED = /^[\u0000-\u0dff]*$/
/** Scripts written without spaces between words: a regular expression cannot find their words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u
const NEGATIONS = new Set(['not', 'no', 'never', 'none', 'nobody', 'nothing', 'nowhere', 'neither', 'nor', 'without', 'cannot'])
/** Words that end a negation's scope before the clause ends, as in NegEx: `not X but Y`, `not X, which Y`. */
const SCOPE_ENDS = new Set(['but', 'however', 'although', 'though', 'yet', 'whereas', 'while', 'except', 'which', 'who', 'whom', 'whose'])
/**
 * Pseudo-negations, as in NegEx: a negation before one of these words opens no scope, as it affirms what follows
 * (`not only X but also Y`, `there is no doubt that X`, `it is not surprising that X`, `nobody disputes that X`,
 * `it cannot be denied that X`). Words in `PSEUDO_FILLER` may come between (`no one doubts`, `cannot be denied`).
 */
const PSEUDO_NEXT = new Set([
  'only', 'just', 'least',
  'doubt', 'doubts', 'doubted', 'doubting', 'question', 'questions', 'questioned', 'questioning',
  'surprise', 'surprising', 'surprisingly', 'wonder', 'secret', 'coincidence', 'exaggeration', 'overstated',
  'dispute', 'disputes', 'disputed', 'disputing', 'deny', 'denies', 'denied', 'denying', 'contest', 'contests', 'contested'
])
const PSEUDO_FILLER = new Set(['one', 'be', 'been', 'any', 'real', 'seriously'])
const SCALES = new Map([
  ['hundred', 1e2],
  ['thousand', 1e3],
  ['million', 1e6],
  ['billion', 1e9],
  ['trillion', 1e12],
  ['bn', 1e9],
  ['tn', 1e12],
  // `10k` and `$50K` are thousands (a `10k` run is rarely written so beside a claim's other figures).
  ['k', 1e3]
])
/** Chinese and Japanese scales after digits (`1.4万` is 14,000, `3.5亿` 350,000,000), often glued to the next word (`万人`). */
const CJK_SCALES = new Map([
  ['万', 1e4],
  ['萬', 1e4],
  ['亿', 1e8],
  ['億', 1e8]
])
/** Number words: zero to twenty, and the tens (`twenty-five` is two words, read as one number). */
const NUMBER_WORDS = new Map([
  ...'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ')
    .map((word, value) => [word, value] as const),
  ...'thirty forty fifty sixty seventy eighty ninety'.split(' ').map((word, i) => [word, 30 + 10 * i] as const)
])
/**
 * A unit's ordinal after a ten: `twenty-first` is `21st`, as a page may write it. Not `second`: a `twenty-second
 * clip` lasts 20 seconds.
 */
const ORDINAL_UNITS = new Map([
  ['first', '1st'],
  ['third', '3rd'],
  ['fourth', '4th'],
  ['fifth', '5th'],
  ['sixth', '6th'],
  ['seventh', '7th'],
  ['eighth', '8th'],
  ['ninth', '9th']
])
const NUMBER = /^\d+(?:[.,]\d+)*$/
const LATIN = /^[a-z]+$/

/** Terms with their polarity, clause by clause (a negation does not reach past a comma, full stop or `but`), and numbers. */
function read(text: string, stem: (word: string) => string): Reading {
  const reading: Reading = {terms: [], flags: [], numbers: []}
  for (const clause of joinThousands(foldText(text)).split(CLAUSE_END)) {
    const tokens = spelledNumbers(wordsOf(clause))
    let scope = 0
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!
      if (NEGATIONS.has(token) || token.endsWith("n't")) {
        if (!pseudoNegation(tokens, i)) scope = negationScope
        continue
      }
      if (SCOPE_ENDS.has(token)) scope = 0
      // `one` alone is mostly no number (`one of`, `no one`): a passage's `one in five` holds the claim's `1 in 5`,
      // but a claim's `one` asks nothing of the passage.
      if (token === 'one') reading.numbers.push({key: '1', raw: '1', year: false, optional: true})
      if (NUMBER.test(token)) {
        const next = tokens[i + 1] ?? ''
        const scale = SCALES.get(next) ?? CJK_SCALES.get(next[0] ?? '')
        // What the segmenter glued to a scale (`人` of `万人`) is a word of its own.
        if (scale !== undefined && next.length > 1 && CJK_SCALES.has(next[0]!)) tokens[i + 1] = next.slice(1)
        else if (scale !== undefined) i++
        reading.numbers.push(numberOf(token, scale))
        continue
      }
      if (stopWords.has(token) || (token.length === 1 && LATIN.test(token))) continue
      reading.terms.push(LATIN.test(token) ? stem(token) : token)
      reading.flags.push(scope > 0 ? NEGATED : PLAIN)
      if (scope > 0) scope--
    }
  }
  return reading
}

/** Whether the negation at `at` affirms rather than denies: see `PSEUDO_NEXT`. */
function pseudoNegation(tokens: string[], at: number): boolean {
  let next = at + 1
  while (next < at + 3 && PSEUDO_FILLER.has(tokens[next] ?? '')) next++
  return PSEUDO_NEXT.has(tokens[next] ?? '')
}

/**
 * Number words as digits, so that `seven of ten` and `7 of 10` compare equal either way: `seven` → `7`, `twenty-five`
 * → `25`, `seven hundred` → `700`, `two million five hundred thousand` → `2500000`, and a scale word after `a`
 * (`a hundred` → `100`). A number ending in its only scale word above a hundred keeps that word for `read` to apply,
 * as after digits (`seven hundred thousand` → `700 thousand`, `one million` → `1 million`). `one` alone stays a word
 * (see `read`). Plurals (`hundreds`, `dozens`) are no number, nor is an ordinal (`twenty-first` → `21st`).
 */
function spelledNumbers(tokens: string[]): string[] {
  if (!tokens.some((token) => NUMBER_WORDS.has(token) || SCALES.has(token))) return tokens
  const out: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    const value = NUMBER_WORDS.get(token)
    const ordinal = value !== undefined && value >= 20 ? ORDINAL_UNITS.get(tokens[i + 1] ?? '') : undefined
    if (ordinal !== undefined) {
      out.push(`${value! / 10}${ordinal}`)
      i++
      continue
    }
    const number = value !== undefined || (tokens[i - 1] === 'a' && SCALES.has(token)) ? spelledNumber(tokens, i) : undefined
    if (number === undefined || (token === 'one' && number.end === i + 1 && !SCALES.has(tokens[i + 1] ?? ''))) {
      out.push(token)
      continue
    }
    out.push(String(number.value))
    i = number.end - 1
  }
  return out
}

/**
 * The number spelled from `tokens[start]` on: units and tens (`twenty five`), `hundred`, then larger scales in
 * falling order, `and` after a scale (`two hundred and fifty`). Its value and the index after it; when it ends in its
 * only scale word above a hundred, that word is left to `read` and the value is the number before it.
 */
function spelledNumber(tokens: string[], start: number): {value: number; end: number} {
  // `a hundred`: the scale word starts it, as if after `one`.
  const fromScale = !NUMBER_WORDS.has(tokens[start]!)
  let group = fromScale ? 1 : 0
  let total = 0
  let last: 'none' | 'unit' | 'ten' | 'hundred' | 'scale' = fromScale ? 'unit' : 'none'
  let largest = Infinity
  /** The first scale above a hundred: where it is, and the number before it. */
  let first: {at: number; before: number} | undefined
  let at = start
  for (; at < tokens.length; at++) {
    const token = tokens[at]!
    const value = NUMBER_WORDS.get(token)
    const scale = SCALES.get(token)
    if (value !== undefined) {
      const fits = last === 'none' || last === 'hundred' || last === 'scale' || (last === 'ten' && value > 0 && value < 10)
      if (!fits) break
      group += value
      last = value < 20 ? 'unit' : 'ten'
    } else if (scale === 100 && (last === 'unit' || last === 'ten') && group < 100) {
      group *= 100
      last = 'hundred'
    } else if (scale !== undefined && scale > 100 && scale < largest && last !== 'none' && last !== 'scale') {
      first ??= {at, before: group}
      total += group * scale
      group = 0
      largest = scale
      last = 'scale'
    } else if (token === 'and' && (last === 'hundred' || last === 'scale') && (NUMBER_WORDS.get(tokens[at + 1] ?? '') ?? 100) < 100) {
      continue
    } else break
  }
  if (first && !fromScale && first.at === at - 1) return {value: first.before, end: first.at}
  return {value: total + group, end: at}
}

/**
 * The words of folded text, as `words` (text.ts) finds them, but fast where it can be: `words` runs Unicode
 * segmentation, which costs V8 about 60 ms per 200 kB page (more on long runs); a regular expression takes a
 * tenth of that. Runs in scripts written without spaces (Chinese, Japanese, Thai, …) still go to `words`.
 */
function wordsOf(folded: string): string[] {
  const out: string[] = []
  TOKEN.lastIndex = 0
  for (let match = TOKEN.exec(folded); match !== null; match = TOKEN.exec(folded)) {
    const token = match[0]
    const glued = token.charCodeAt(0) <= 57 ? GLUED_UNIT.exec(token) : null
    if (!SPACED.test(token) && UNSPACED.test(token)) out.push(...words(token))
    else if (glued && !ORDINAL.test(glued[2]!)) out.push(glued[1]!, glued[2]!)
    else if (token.includes('-')) out.push(token.replaceAll('-', ''))
    else if (!token.includes("'")) out.push(token)
    else out.push((token.endsWith("'s") ? token.slice(0, -2) : token).replace(ELISION, ''))
  }
  return out
}

function joinThousands(folded: string): string {
  SPACED_THOUSANDS.lastIndex = 0
  return SPACED_THOUSANDS.test(folded) ? folded.replace(SPACED_THOUSANDS, (digits) => digits.replaceAll(' ', '')) : folded
}

/**
 * `1,000` and `1.000.000` as thousands, `3,5` as a decimal comma, `1.234,5` as both (as German, Spanish or Italian
 * write `1234.5`); the key is the value with its scale word applied. What is no number (`1.2.3`, a version) is
 * compared as written.
 */
function numberOf(token: string, scale: number | undefined): {key: string; raw: string; year: boolean} {
  let plain = token
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(token)) plain = token.replace(/,/g, '')
  else if (/^\d{1,3}(?:\.\d{3}){2,}$/.test(token)) plain = token.replace(/\./g, '')
  else if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(token)) plain = token.replace(/\./g, '').replace(',', '.')
  else if (/^\d+,\d+$/.test(token)) plain = token.replace(',', '.')
  const value = Number(plain)
  if (!Number.isFinite(value)) return {key: token, raw: token, year: false}
  const raw = String(value)
  const key = scale === undefined ? raw : String(Number((value * scale).toPrecision(12)))
  return {key, raw, year: scale === undefined && /^\d{4}$/.test(token) && value >= 1500 && value <= 2100}
}

function uniqueNumbers(numbers: Reading['numbers']): Reading['numbers'] {
  const seen = new Map<string, Reading['numbers'][number]>()
  for (const number of numbers) if (!seen.has(number.key)) seen.set(number.key, number)
  return [...seen.values()]
}

/**
 * A number word with a capital inside a sentence, after a word: part of a name (`Ocean's Eleven`, `Apollo
 * Thirteen`, `the Big Four`), not a figure the page should state.
 */
const NAMED_NUMBER = new RegExp(
  String.raw`(?<=[\p{L}\p{M}'’]\s+)(?:${[...NUMBER_WORDS.keys()].map((word) => word[0]!.toUpperCase() + word.slice(1)).join('|')})` +
    String.raw`(?:-\p{L}+)?(?![\p{L}\p{N}])`,
  'gu'
)

/**
 * What of a claim is read: not a bare URL (the citation itself, not something the page should say), nor a number in
 * a name.
 */
function claimText(claim: string): string {
  return claim.replace(urlTokens, ' ').replace(NAMED_NUMBER, ' ')
}

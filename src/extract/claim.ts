// The claim: the sentence of a block's plain text that holds a citation.

import type {Node} from 'unist'
import {stopWords, urlTokens} from '../judge/text.js'
import {collapse} from '../page/text.js'
import {SEGMENT_WINDOW, segmentsOf, sentenceSegmenter} from '../segmenters.js'
import {trimUrl} from './bare-urls.js'
import {MARKER} from './markers.js'
import {lastAtOrBefore} from './sorted.js'
import {ASIDE_SEPARATORS, CITATION_MARKER, CLOSING, OPENING, plainText} from './plain-text.js'

interface Sentences {
  /** Plain text with line endings as spaces: a wrapped line is not a sentence end. */
  text: string
  /** Sentence start indices, ascending. */
  starts: number[]
  /** Where each node's text starts. */
  nodeStarts: Map<Node, number>
}

/**
 * What a left-out citation leaves behind: `( )`, `[ ]`, the separators of left-out links (`( , )`, `(see )`), and a
 * space before the full stop (`60 .`).
 */
const LEFT_OVER = new RegExp(String.raw`\s*[${OPENING}]${ASIDE_SEPARATORS}[${CLOSING}]|\s+(?=[.,](?:\s|$))`, 'gi')
const OPENS = new RegExp(String.raw`[${OPENING}]\s*$`)
const CLOSES = new RegExp(String.raw`^\s*[${CLOSING}]`)
/**
 * The end of a text that is an abbreviation or a name's initial, not a sentence end, though the next word is
 * capitalised: `e.g. Go`, `Dr. Jones`, `St. Mary's`, `Jan. 5`, `J. Smith`, `vgl. RKI`, `z. B. RKI`, `см. ВОЗ`. Intl.Segmenter breaks after them
 * (see `continues` for those that may end a sentence too). `см.` after a number is centimetres, which ends sentences
 * (`поднялся на 20 см. Учёные …`).
 */
const ABBREVIATION =
  /(?:^|[\s([{"'“‘])(?:[Ee]\.g|[Ii]\.e|[Cc]f|vs|approx|et al|Dr|Mr|Mrs|Ms|Prof|St|Inc|Corp|Ltd|Co|Fig|No|Vol|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|[Vv]gl|(?<!\d\s)[Сс]м|z|\p{Lu})\.\s*$/u
/**
 * A lowercase `z.`: an abbreviation only as the first half of German `z. B.`; alone, a variable or a letter ends a
 * sentence (`along the axis z. The flux …`).
 */
const LONE_Z = /(?:^|[\s([{"'“‘])z\.\s*$/
/** What may end a sentence all the same: a company's abbreviation (`Acme Inc.`) or a capital (`vitamin C.`). */
const MAY_END = /(?:^|[\s([{"'“‘])(?:Inc|Corp|Ltd|Co|\p{Lu})\.\s*$/u
/**
 * A capital after a lowercase word: `vitamin C.`, `hepatitis B.`, `by J.` (a label, or an initial after a stop word
 * or a short word, as function words in other languages are: `von J. Müller`, `de J. Dupont`).
 */
const AFTER_WORD = /(?<!\p{L})(\p{Ll}+)\s+\p{Lu}\.\s*$/u
/**
 * A word naming a person's role, after which a capital is an initial (`the economist J. Keynes`), though after other
 * lowercase words it is a label (`vitamin C.`): `-ist` and `-ian` nouns, and common roles. Not every `-er` or `-or`
 * word is one (`chapter C.`, `factor V.`).
 */
const ROLE = new RegExp(
  String.raw`^(?:\p{Ll}{3,}(?:ist|ian)|` +
    'actor|actress|agent|ambassador|architect|author|bishop|brother|captain|chair|chairman|chairwoman|' +
    'chancellor|chef|coach|colleague|composer|critic|daughter|designer|detective|director|doctor|editor|engineer|' +
    'executive|father|founder|friend|general|governor|husband|inventor|investor|judge|king|lawyer|leader|manager|' +
    'mayor|minister|mother|officer|painter|partner|philosopher|photographer|poet|pope|president|prince|princess|' +
    'producer|professor|queen|reporter|researcher|scholar|senator|singer|sister|spokesman|spokeswoman|' +
    'spokesperson|student|teacher|wife|writer)s?$',
  'u'
)
/** The next sentence's first word, when capitalised and not an initial itself (`A.`). */
const OPENER = /^\p{Lu}\p{Ll}*(?![\p{L}\p{N}.])/u
const INITIAL = /^\p{Lu}\./u
/**
 * How far from a citation a free text is segmented for its claim: `pick` reads the citation's sentence and the one
 * before, and `segmentsOf` cuts a sentence at its window's length, so both lie within two windows of it.
 */
const REACH = 2 * SEGMENT_WINDOW
const cache = new WeakMap<Node, Sentences>()

/**
 * The sentence holding `node` (at `offset` into its text) in `block`.
 * `own` is the citation's visible text: a sentence made only of it (as in
 * `Claim. [1](url)`) cites the sentence before it.
 */
export function claimInBlock(
  block: Node,
  node: Node,
  offset: number,
  own: string
): string | undefined {
  const sentences = sentencesOf(block)
  const start = sentences.nodeStarts.get(node)
  if (start === undefined) return undefined
  return pick(sentences, start + offset, own)
}

/** Where the sentence holding `node` (at `offset` into its text) starts in `block`'s text: which sentence it is. */
export function sentenceStart(block: Node, node: Node, offset: number): number | undefined {
  const sentences = sentencesOf(block)
  const start = sentences.nodeStarts.get(node)
  return start === undefined ? undefined : sentences.starts[lastAtOrBefore(sentences.starts, start + offset)]
}

/** The sentence at `index` in a free-standing text (for example raw HTML), where `breaks` end sentences too. */
export function claimInText(text: string, index: number, own: string, breaks: readonly number[] = []): string | undefined {
  // As in a block (see `plainText`): a citation marker or link text alone in parentheses is no part of the sentence.
  const end = index + own.length
  const aside =
    own !== '' &&
    text.startsWith(own, index) &&
    (CITATION_MARKER.test(own) || (OPENS.test(text.slice(Math.max(0, index - 8), index)) && CLOSES.test(text.slice(end, end + 8))))
  // Only the link's block and the one before it (which `pick` may cite) are segmented: a raw HTML table of 4,000
  // links segmented its whole text for each, 40 s. And of a block only `REACH` around the link: a `<div>` of 2,000
  // URLs between `<br>`s is one block, segmented whole for each, 4.4 s.
  const [blockFrom, blockTo, blockBreaks] = blocksAround(text, breaks, index)
  const from = Math.max(blockFrom, index - REACH)
  const to = Math.min(blockTo, end + REACH)
  const inside = blockBreaks.map((at) => at + blockFrom - from).filter((at) => at > 0)
  const read = aside
    ? `${text.slice(from, index)}${' '.repeat(own.length)}${text.slice(end, to)}`
    : text.slice(from, to)
  return pick(segment(read, new Map(), inside), index - from, aside ? '' : own)
}

/**
 * Where the block holding `index` ends (the next break), where the block with words before it starts, and the
 * breaks between, from there. Breaks end sentences, so the sentences there are those of the whole text.
 */
function blocksAround(text: string, breaks: readonly number[], index: number): [number, number, number[]] {
  // Breaks ascend, as sentence starts do.
  const last = lastAtOrBefore(breaks, index)
  const to = breaks[last + 1] ?? text.length
  // Back over the block holding `index`, the blank runs between blocks, and the block with words before them.
  let first = last
  while (first > 0 && !/\S/.test(text.slice(breaks[first - 1], breaks[first]))) first--
  first--
  const from = first < 0 ? 0 : breaks[first]!
  return [from, to, breaks.slice(first + 1, last + 1).map((at) => at - from)]
}

function sentencesOf(block: Node): Sentences {
  let found = cache.get(block)
  if (!found) {
    const plain = plainText(block, true, true)
    found = segment(plain.text, plain.starts, plain.breaks)
    cache.set(block, found)
  }
  return found
}

/** The sentences of a text; a list item, cell or paragraph in it (`breaks`) ends one as a full stop does. */
function segment(raw: string, nodeStarts: Map<Node, number>, breaks: readonly number[]): Sentences {
  const text = raw.replace(/[\r\n\u2028\u2029]/g, ' ')
  const found = sentenceStarts(maskMarkers(maskUrls(text)))
  const inside = breaks.filter((at) => at > 0 && at < text.length)
  if (inside.length === 0) return {text, starts: found, nodeStarts}
  const all = [...new Set([...found, ...inside])].sort((a, b) => a - b)
  // The spaces between two cells or items are no sentence: they go with the next.
  const starts = all.filter((start, i) => i === 0 || /\S/.test(text.slice(all[i - 1], start)))
  return {text, starts, nodeStarts}
}

/** URLs as same-length letters: their `?` and `.` are not sentence ends. */
function maskUrls(text: string): string {
  return text.replace(urlTokens, (token) => {
    const url = trimUrl(token)
    return 'x'.repeat(url.length) + token.slice(url.length)
  })
}

/**
 * Numbered markers as spaces: Intl.Segmenter reads `[` as closing punctuation, so `2023.[1] Wind` broke inside the
 * marker, and `2023. [1] Wind` put the marker in the next sentence, though it cites the one it stands after.
 */
function maskMarkers(text: string): string {
  return text.replace(MARKER, (marker) => ' '.repeat(marker.length))
}

/** Sentence starts, but those after an abbreviation or an initial. */
function sentenceStarts(text: string): number[] {
  const starts = Array.from(segmentsOf(sentenceSegmenter(), text), (part) => part.index)
  return starts.filter((start, i) => i === 0 || !continues(text, start))
}

/**
 * Whether the sentence break at `start` follows an abbreviation or an initial, and so is none. A company's
 * abbreviation or a capital ends a sentence all the same before a function word (`Acme Inc. The company…`,
 * `Plan B. It…`), and a capital after a lowercase content word is a label, not an initial (`rich in vitamin C.
 * Milk…`; but `by J. Smith`, `von J. Müller`, `the economist J. Keynes`, `the economist J. M. Keynes`).
 */
function continues(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start)
  if (!ABBREVIATION.test(before.slice(-12))) return false
  const next = text.slice(start, start + 16)
  if (LONE_Z.test(before)) return /^B\./i.test(next)
  if (!MAY_END.test(before)) return true
  const opener = OPENER.exec(next)?.[0]
  if (opener !== undefined && stopWords.has(opener.toLowerCase())) return false
  const word = AFTER_WORD.exec(before)?.[1]
  return word === undefined || stopWords.has(word) || [...word].length <= 3 || ROLE.test(word) || INITIAL.test(next)
}

function pick(sentences: Sentences, index: number, own: string): string | undefined {
  const at = lastAtOrBefore(sentences.starts, index)
  if (at === -1) return undefined
  const here = sentenceText(sentences, at)
  if (saysSomething(here, own)) return here
  const before = at > 0 ? sentenceText(sentences, at - 1) : ''
  return saysSomething(before, '') ? before : undefined
}

function sentenceText({text, starts}: Sentences, at: number): string {
  const sentence = collapse(text.slice(starts[at], starts[at + 1] ?? text.length))
  return sentence.replace(LEFT_OVER, '')
}

/** Whether a sentence has words besides the citation's own text and URLs. */
function saysSomething(sentence: string, own: string): boolean {
  const rest = own ? sentence.replace(collapse(own), ' ') : sentence
  return /[\p{L}\p{N}]/u.test(rest.replace(urlTokens, ' '))
}

// What every extractor shares, and how a found URL becomes a Citation.

import type {Definition} from 'mdast'
import type {Node} from 'unist'
import type {Citation, CitationKind, Place} from '../types.js'
import type {Span} from './bare-urls.js'
import {lastQuotedTitle, quotedTitle, titleAttribute, titleFromText} from './cited-title.js'
import {claimInBlock, claimInText, sentenceStart} from './claim.js'
import type {ExtractOptions} from './index.js'
import {beforePlaceholder, fragmentOf, inCell, isCitableUrl, isSkipped, normalizeUrl} from './normalize.js'
import {markedClaim, markersFor, type Numbered} from './markers.js'
import {plainText, type PlainText} from './plain-text.js'
import {referenceEntry} from './reference-entry.js'
import {textAddress} from './text-address.js'

/** Where a node sits: what its claim and title depend on. */
export interface Scope {
  /** Nearest paragraph, heading or table cell. */
  block: Node | undefined
  /** Enclosing footnote definition. */
  footnote: Node | undefined
  /** Inside an element that is itself a citation: its text is not scanned. */
  quiet: boolean
  /** The number of the enclosing item of a numbered list of sources (see `Context.sourceLists`). */
  item?: number | undefined
}

export interface Context {
  source: string
  options: ExtractOptions
  place(span: Span): Place
  /** First definition per identifier. */
  definitions: Map<string, Definition>
  /** Every footnote reference per identifier, with its block, in document order. */
  footnoteReferences: Map<string, Array<{node: Node; block: Node | undefined}>>
  /** Numbered markers in prose per number (`[1]`, `[2, 5]`), where their text nodes hold them, and its listings. */
  markers: Map<number, Numbered<{node: Node; offset: number; block: Node}>>
  /** Ordered lists each of whose items cites: their items are the sources the markers number. */
  sourceLists: Set<Node>
  /** Definitions only images use: pictures, not citations. */
  imageOnly: Set<string>
  /** Definitions only badges use (see `isBadge`): mentions, as the badges are. */
  badgeOnly: Set<string>
  /** Nodes inside an inline HTML `<a>` that was already cited. */
  silenced: Set<Node>
  citations: Citation[]
}

/** Where the claim is: a node in the scope's block, or a free text. */
export type ClaimAt =
  | {node: Node; offset: number; own: string}
  | {text: string; index: number; own: string; breaks: readonly number[]}
  | undefined

export interface Found {
  kind: CitationKind
  url: string
  span: Span
  placeIsUrl: boolean
  /** A `title` attribute, when given. */
  title: string | null | undefined
  /** Visible link text, when any. */
  text: string | undefined
  claim: ClaimAt
  scope: Scope
  /** Link text written as code (`` [`np.ma`](…) ``): an identifier, not an address, unless it is a URL. */
  code?: boolean
  /** A link to a person's handle (see `Citation.mention`). */
  mention?: boolean
}

/** Each later use's source citation (see `Citation.laterUse`). */
export const sourceOfUse = new WeakMap<Citation, Citation>()

/** A footnote's plain text, and where its last citation so far starts in it. */
const footnoteTexts = new WeakMap<Node, {plain: PlainText; last: number}>()

/** Add a citation unless the URL is not citable or the user skips it. */
export function emit(context: Context, found: Found): void {
  const url = inCell(found.url, found.scope.block)
  if (!isCitableUrl(url) || (found.kind === 'literal' && beforePlaceholder(context.source, found.span.end))) return
  const normalized = normalizeUrl(url)
  if (isSkipped(url, normalized?.url, context.options.skip)) return
  let entry: {at: Entry | undefined} | undefined
  const entryOnce = (): Entry | undefined => (entry ??= {at: entryOf(found)}).at
  const citation = {
    kind: found.kind,
    url,
    normalizedUrl: normalized?.url,
    fragment: fragmentOf(url),
    ...citedTitle(found, entryOnce),
    // A handle is no title.
    ...(found.mention ? {citedTitle: undefined, citedTitleFrom: undefined, mention: true as const} : textAddressOf(found)),
    claim: undefined as string | undefined,
    place: context.place(found.span),
    placeIsUrl: found.placeIsUrl
  }
  // Found once: the claim, its place and the later uses all start from them.
  const marks = citingMarks(context, found)
  lazyClaim(citation, () => claim(found, marks[0], entryOnce))
  let mark: {span: Span | undefined} | undefined
  Object.defineProperty(citation, 'claimPlace', {
    enumerable: true,
    get: () => {
      const span = (mark ??= {span: markSpan(context, marks[0])}).span
      return span && context.place(span)
    }
  })
  context.citations.push(citation)
  if (!found.mention) for (const later of laterMarks(marks)) laterUse(context, citation, later)
}

/**
 * The claim (segmenting the block into sentences) is the costliest part, and only some rules and reports read it:
 * found on first read, once.
 */
function lazyClaim(citation: Citation, find: () => string | undefined): void {
  let known: {claim: string | undefined} | undefined
  Object.defineProperty(citation, 'claim', {
    enumerable: true,
    get: () => (known ??= {claim: find()}).claim,
    set: (value: string | undefined) => void (known = {claim: value})
  })
}

/** A later use of `source`'s footnote or number at `mark`: its sentence's claim, reported at the mark (see `Citation.laterUse`). */
function laterUse(context: Context, source: Citation, mark: Mark): void {
  const span = markSpan(context, mark)
  if (!span) return
  const {kind, url, normalizedUrl, fragment} = source
  const use: Citation = {kind, url, normalizedUrl, fragment, citedTitle: undefined, claim: undefined, place: context.place(span), placeIsUrl: false, laterUse: true}
  lazyClaim(use, () => markClaim(mark))
  sourceOfUse.set(use, source)
  context.citations.push(use)
}

/**
 * The marks after the first that stand in sentences of their own: repeated in one sentence (`X [1]. Y [1][1].`),
 * a footnote or number is used once there.
 */
function laterMarks(marks: Mark[]): Mark[] {
  if (marks.length < 2) return []
  const seen = new Map<Node, Set<number>>()
  return marks.filter((mark) => {
    const start = sentenceStart(mark.block, mark.node, mark.offset)
    if (start === undefined) return false
    const sentences = seen.get(mark.block) ?? new Set()
    seen.set(mark.block, sentences)
    const first = !sentences.has(start)
    sentences.add(start)
    return first
  }).slice(1)
}

function citedTitle(found: Found, entry: () => Entry | undefined): Pick<Citation, 'citedTitle' | 'citedTitleFrom'> {
  // Read for every citation of a footnote, so that each one's quoted title is looked for after the one before.
  const quoted = found.scope.footnote ? footnoteTitle(found.scope.footnote, found.claim) : undefined
  const attribute = titleAttribute(found.title)
  if (attribute !== undefined) return {citedTitle: attribute, citedTitleFrom: 'attribute'}
  // An entry's link after its title is a label: the journal (`[Nature](url)`), `[PDF](url)`, the DOI.
  const title = entry()?.title
  if (title !== undefined) return {citedTitle: title, citedTitleFrom: 'entry'}
  const text = titleFromText(found.text)
  if (text !== undefined) return {citedTitle: text, citedTitleFrom: 'text'}
  return quoted === undefined ? {citedTitle: undefined, citedTitleFrom: undefined} : {citedTitle: quoted, citedTitleFrom: 'quote'}
}

/** The address a link's text spells, if it is one; an autolink's or a bare URL's text is the URL itself. */
function textAddressOf(found: Found): Pick<Citation, 'textAddress'> {
  if (found.kind === 'autolink' || found.kind === 'literal') return {}
  const address = textAddress(found.text, found.code)
  return address ? {textAddress: address} : {}
}

type Entry = NonNullable<ReturnType<typeof referenceEntry>>

/** The most of a line, up to its citation, that can be a bibliography entry. */
const ENTRY_LENGTH = 1000
/** Blocks' plain text, read once for the bibliography entries in them. */
const blockTexts = new WeakMap<Node, PlainText>()

/**
 * The bibliography entry a citation stands in (`Smith, J. (2021). Title. Journal. https://…`): its line of the
 * block, up to the citation, starts as one. Entries written one per line in one paragraph are each their own.
 */
function entryOf(found: Found): Entry | undefined {
  const line = lineBefore(found)
  return line === undefined ? undefined : referenceEntry(line)
}

/** The line of the citation's block up to the citation, when it is short enough to be an entry's. */
function lineBefore(found: Found): string | undefined {
  const block = found.scope.block ?? found.scope.footnote
  const at = found.claim
  if (!block || !at || !('node' in at)) return undefined
  let plain = blockTexts.get(block)
  if (!plain) blockTexts.set(block, (plain = plainText(block, true)))
  const start = plain.starts.get(at.node)
  if (start === undefined) return undefined
  // An entry's line is short up to its URL: only that much is read back, or a paragraph of thousands of URLs on one
  // line would be read to its start for each.
  const end = start + at.offset
  const from = Math.max(0, end - ENTRY_LENGTH)
  const before = plain.text.slice(from, end)
  const lineStart = before.lastIndexOf('\n')
  if (lineStart === -1 && from > 0) return undefined
  return before.slice(lineStart + 1)
}

/** The number a source is listed under: its item's in a numbered list of sources, or its line's `[1]` label. */
function listedAs(found: Found): number | undefined {
  if (found.scope.item !== undefined) return found.scope.item
  const label = /^\s*\[(\d{1,3})\]/.exec(lineBefore(found) ?? '')?.[1]
  return label === undefined ? undefined : Number(label)
}


/**
 * A footnote's quoted title for the citation at `at`, e.g. `[^1]: “Title” https://…`: the last quoted phrase
 * between the footnote's previous citation (or its start) and this one, as citation styles put the title before
 * the URL. `“A” https://a; see also “B” https://b` gives each its own.
 */
function footnoteTitle(footnote: Node, at: ClaimAt): string | undefined {
  let text = footnoteTexts.get(footnote)
  if (!text) footnoteTexts.set(footnote, (text = {plain: plainText(footnote, true), last: 0}))
  const start = at && 'node' in at ? text.plain.starts.get(at.node) : undefined
  if (start === undefined || !at || !('node' in at)) return quotedTitle(text.plain.text)
  const from = text.last
  text.last = start + at.offset
  return lastQuotedTitle(text.plain.text.slice(from, text.last))
}

/** Where the text cites a footnote or a numbered source for a claim: a reference to the footnote, a marker of the number. */
interface Mark {
  node: Node
  offset: number
  block: Node
  /** The number a marker stands for; none for a footnote reference. */
  number?: number
}

/**
 * A footnote cites for the sentence holding its reference in the body, and a numbered source (`1. https://…`,
 * `[1] https://…`) for the words its marker (`[1]`) stands after (see `markedClaim`): the first reference or
 * marker's claim is the citation's own, the others' are later uses (see `Citation.laterUse`).
 */
function citingMarks(context: Context, found: Found): Mark[] {
  const identifier = (found.scope.footnote as {identifier?: string} | undefined)?.identifier
  const references = (identifier === undefined ? undefined : context.footnoteReferences.get(identifier)) ?? []
  // A footnote whose first reference stands in no block (a generated tree) is cited as before: by a number, if any.
  if (references[0]?.block) return references.flatMap(({node, block}) => (block ? [{node, offset: 0, block}] : []))
  const number = context.markers.size > 0 ? listedAs(found) : undefined
  const numbered = number === undefined ? undefined : context.markers.get(number)
  return numbered ? markersFor(numbered, found.span.start).map((marked) => ({...marked, number: number!})) : []
}

/** A mark's characters in the source: the whole `[^1]`, or the `[1]` at its offset in its text node. */
function markSpan(context: Context, mark: Mark | undefined): Span | undefined {
  const span = mark && spanOf(mark.node)
  if (!span || mark.number === undefined) return span
  const start = span.start + mark.offset
  const marker = /^\[[^\]]*\]/.exec(context.source.slice(start, Math.min(span.end, start + 100)))
  return marker ? {start, end: start + marker[0].length} : undefined
}

/**
 * The sentence a citation's first mark stands in (see `citingMarks`). A bibliography entry elsewhere claims nothing:
 * its journal and pages are no sentence of the text, and what cites it is not linked to it.
 */
function claim(found: Found, mark: Mark | undefined, entry: () => Entry | undefined): string | undefined {
  if (mark) return markClaim(mark)
  if (entry()) return undefined
  const at = found.claim
  if (at === undefined) return undefined
  if ('text' in at) return claimInText(at.text, at.index, at.own, at.breaks)
  return found.scope.block && claimInBlock(found.scope.block, at.node, at.offset, at.own)
}

/** The claim a mark cites for: its sentence, and of a number's sentence the words its marker stands after. */
function markClaim(mark: Mark): string | undefined {
  const sentence = claimInBlock(mark.block, mark.node, mark.offset, '')
  return sentence === undefined || mark.number === undefined ? sentence : markedClaim(sentence, mark.number)
}

/** A node's source range, when it has one (generated nodes may not). */
export function spanOf(node: Node): Span | undefined {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  return start === undefined || end === undefined ? undefined : {start, end}
}

// Plain text of mdast nodes, remembering where each node's text starts.

import type {Node} from 'unist'
import {inline} from '../page/inline.js'
import {childrenOf, SKIP, traverse} from './traverse.js'

/** Nodes whose value is prose. Other nodes with a value (html, code, MDX
 * expressions, ESM) add nothing: they are markup or program, not text. */
const TEXT_TYPES = new Set(['text', 'inlineCode'])
/** Nodes whose content is not part of the sentence around them. */
const SILENT_TYPES = new Set(['image', 'imageReference', 'footnoteReference', 'html'])
const LINK_TYPES = new Set(['link', 'linkReference'])
const OPEN_A = /^<a[\s>]/i
const CLOSE_A = /^<\/a\s*>$/i
const BR = /^<br\s*\/?>$/i
/** A citation marker as link text: `1`, `[1]`, `(1)`, `^1`, `1, 2`, `¹`. */
const NUMBERS = String.raw`\^?\d{1,3}[a-z]?(?:\s*[,–-]\s*\^?\d{1,3}[a-z]?)*`
export const CITATION_MARKER = new RegExp(String.raw`^\s*(?:\[\s*${NUMBERS}\s*\]|\(\s*${NUMBERS}\s*\)|${NUMBERS}|[⁰¹²³⁴-⁹]+)\s*$`)
const SENTENCE_END = /[.!?]$/
/**
 * What may stand beside the links in a parenthesis of sources: `([WHO](url), [CDC](url))`, `(see [A](url) and
 * [B](url))`, `(e.g., [A](url), [B](url))`; and so in other languages: `(voir [OMS](url))`, `(vgl. [RKI](url))`,
 * `(véase [OMS](url))`, `(см. [ВОЗ](url))`, `（参见[世卫组织](url)）`, `（[WHO](url)参照）`. The whole text between the
 * parenthesis and the links must be such words: none is read inside a sentence.
 */
export const ASIDE_SEPARATORS =
  String.raw`(?:\s|[,;、，；]|\b(?:and|see|also|for example|voir|aussi|siehe|auch|und|véase|ver|también|vedi|anche|zie|ook)\b|` +
  String.raw`\b(?:e\.g|i\.e|cf|vgl|z\.\s?b)\.|см\.|参见|详见|另见|參見|詳見|参照|参考|참고|참조)*`
/** Parentheses and brackets a parenthesis of sources stands in, full-width ones too (`（…）`). */
export const OPENING = '([（'
export const CLOSING = ')\\]）'
/** Text before and after link text that stands alone in parentheses or brackets: `([Python docs](url))`. */
const OPENS = new RegExp(String.raw`[${OPENING}]${ASIDE_SEPARATORS}$`, 'i')
const CLOSES = new RegExp(String.raw`^${ASIDE_SEPARATORS}[${CLOSING}]`, 'i')
const BETWEEN = new RegExp(String.raw`^${ASIDE_SEPARATORS}$`, 'i')
/** Link text that is a URL (`<https://…>`, a GFM literal): the claim keeps it, as it keeps a bare URL. */
const URL_TEXT = /^\s*(?:[a-z][a-z\d+.-]*:\/\/|www\.)/i

export interface PlainText {
  text: string
  /** Where each node's text starts in `text` (filled when asked for). */
  starts: Map<Node, number>
  /** With `forClaim`: where an MDX list item, cell, paragraph or other block element starts or ends in `text`. */
  breaks: number[]
}

/**
 * The plain text of a node; with `withStarts`, where each descendant starts. With `forClaim`, the text a claim is
 * read from: a link whose text is a citation marker (`[1](url)`, `<a>1</a>`) or stands alone in parentheses or
 * brackets (`([Python docs](url))`) is a space, not words of the sentence, and a link right after a full stop (`60.[3](url)`) is set off by a space, so `60.` and `3` never read as `60.3`.
 */
export function plainText(node: Node, withStarts = false, forClaim = false): PlainText {
  const parts: string[] = []
  const starts = new Map<Node, number>()
  let length = 0
  /** The text of inline `<a href>1</a>` markers: a space, as for a Markdown marker. */
  const blank = forClaim ? new Set<Node>() : undefined
  const breaks: number[] = []
  const push = (part: string): void => {
    parts.push(part)
    length += part.length
  }
  traverse(node, undefined, (current, _scope, parent, index) => {
    // An element ends where the node after it starts (nodes come in document order, each after its descendants).
    if (forClaim && current !== node && (isBlockElement(current) || isBlockElement(parent && childrenOf(parent)[index - 1]))) {
      if (breaks.at(-1) !== length) breaks.push(length)
    }
    if (forClaim && LINK_TYPES.has(current.type) && current !== node) {
      if (SENTENCE_END.test(parts.at(-1) ?? '')) push(' ')
      if (withStarts) starts.set(current, length)
      if (asideLink(current, parent)) {
        push(' ')
        return SKIP
      }
      return undefined
    }
    if (blank && current.type === 'html') markerInA(current, parent, index, blank)
    if (withStarts) starts.set(current, length)
    const part = blank?.has(current) ? ' ' : ownText(current)
    if (part !== undefined) push(part)
    return part !== undefined || SILENT_TYPES.has(current.type) ? SKIP : undefined
  })
  return {text: parts.join(''), starts, breaks}
}

/** An HTML element that is not phrasing, written as JSX in MDX (`<li>`, `<td>`, `<p>`); components may be either. */
function isBlockElement(node: Node | undefined): boolean {
  if (node?.type !== 'mdxJsxTextElement' && node?.type !== 'mdxJsxFlowElement') return false
  const name = (node as {name?: unknown}).name
  return typeof name === 'string' && /^[a-z][a-z\d]*$/.test(name) && name !== 'br' && !inline.has(name)
}

/**
 * A link whose text is a citation marker, or stands in parentheses or brackets alone or with other links and
 * separators only (`([WHO](url), [CDC](url))`): it names the source.
 */
function asideLink(link: Node, parent: Node | undefined): boolean {
  const text = plainText(link).text
  if (CITATION_MARKER.test(text)) return true
  return parent !== undefined && linksInAsides(parent).has(link)
}

/** Per parent, its links that stand in a parenthesis of sources (see `linksInAsides`). */
const asides = new WeakMap<Node, ReadonlySet<Node>>()

/**
 * The children of `parent` that are links in a parenthesis or bracket holding nothing else but separators and
 * footnote references (`([WHO](url), [CDC](url)[^1])`), found in one pass: a paragraph of thousands of links is
 * read once, not once per link. A link whose text is a URL stays in the claim, and so do the links beside it.
 */
function linksInAsides(parent: Node): ReadonlySet<Node> {
  const known = asides.get(parent)
  if (known) return known
  const found = new Set<Node>()
  /** The links since an opening parenthesis, while nothing but separators came between. */
  let run: Node[] | undefined
  for (const child of childrenOf(parent)) {
    if (LINK_TYPES.has(child.type)) {
      if (URL_TEXT.test(plainText(child).text)) run = undefined
      run?.push(child)
      continue
    }
    if (child.type === 'footnoteReference') continue
    const text = textValue(child)
    if (run && CLOSES.test(text)) for (const link of run) found.add(link)
    run = OPENS.test(text) ? [] : child.type === 'text' && BETWEEN.test(text) ? run : undefined
  }
  asides.set(parent, found)
  return found
}

/** `<a href=…>` `1` `</a>` in a paragraph: the text node between the tags when it is a citation marker or stands
 * alone in parentheses. */
function markerInA(html: Node, parent: Node | undefined, index: number, blank: Set<Node>): void {
  if (!parent || !OPEN_A.test(String((html as {value?: unknown}).value))) return
  const siblings = childrenOf(parent)
  const text = siblings[index + 1]
  const close = siblings[index + 2]
  if (close?.type !== 'html' || !CLOSE_A.test(String((close as {value?: unknown}).value).trim())) return
  const own = textValue(text)
  const alone = OPENS.test(textValue(siblings[index - 1])) && CLOSES.test(textValue(siblings[index + 3]))
  if (text && (CITATION_MARKER.test(own) || (alone && !URL_TEXT.test(own)))) blank.add(text)
}

function textValue(node: Node | undefined): string {
  const value = node?.type === 'text' ? (node as {value?: unknown}).value : undefined
  return typeof value === 'string' ? value : ''
}

function ownText(node: Node): string | undefined {
  if (node.type === 'break' || isLineBreak(node)) return ' '
  if (!TEXT_TYPES.has(node.type)) return undefined
  const value = (node as {value?: unknown}).value
  return typeof value === 'string' ? value : ''
}

/** `<br>` written as HTML or JSX: a space, as a Markdown hard break is, not the two lines glued into one word. */
function isLineBreak(node: Node): boolean {
  if (node.type === 'mdxJsxTextElement') return (node as {name?: unknown}).name === 'br'
  return node.type === 'html' && BR.test(String((node as {value?: unknown}).value))
}

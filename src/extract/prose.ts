// Bare http(s) URLs in text nodes (when remark-gfm did not already link them).

import type {Text} from 'mdast'
import type {Node} from 'unist'
import {findBareUrls, trimUrl, urlRunLength, type Span} from './bare-urls.js'
import {emit, spanOf, type Context, type Scope} from './context.js'
import {inMath} from './math.js'
import {childrenOf} from './traverse.js'
import {valueOffsets} from './value-offsets.js'

/** What Markdown without remark-gfm makes of `_` and `*` runs inside a URL (`__init__` in `…/__init__.py`). */
const EMPHASIS = new Set(['emphasis', 'strong'])

export interface BareUrl {
  url: string
  /** Its characters in the source. */
  span: Span
  /** Where it starts in the text node's value. */
  index: number
}

export function citeBareUrls(node: Text, siblings: readonly Node[], index: number, scope: Scope, context: Context): void {
  if (scope.quiet) return
  for (const found of bareUrlsIn(node, siblings, index, scope.block, context.source)) {
    emit(context, {
      kind: 'literal',
      url: found.url,
      span: found.span,
      placeIsUrl: true,
      title: undefined,
      text: found.url,
      claim: {node, offset: found.index, own: found.url},
      scope
    })
  }
}

/**
 * The bare URLs of a text node (`siblings[index]`) in `block`, with where each is in the source: none when the node
 * has no position or no URL.
 */
export function bareUrlsIn(node: Text, siblings: readonly Node[], index: number, block: Node | undefined, source: string): BareUrl[] {
  const range = spanOf(node)
  const {value} = node
  if (!range || !value.includes('://')) return []
  // The value lost escapes and references; map its indices back to the source.
  const offsets = valueOffsets(value, source, range.start, range.end)
  // A `$` ending a URL may close math that the source of the block opened before it, past emphasis or links.
  const math = value.includes('$') ? (start: number) => inMath(block ?? node, source, offsets.startOf(start)) : 0
  const reached = insideUrl.get(node) ?? range.start
  return findBareUrls(value, math).flatMap(({start, end}) => {
    const url = value.slice(start, end)
    const span = {start: offsets.startOf(start), end: offsets.endOf(end - 1)}
    if (span.start < reached) return []
    const more = end === value.length ? goesOn(source, range.end, siblings, index) : 0
    if (more === 0) return [{url, span, index: start}]
    // Cut again as a whole: a full stop after the emphasis is the sentence's.
    const written = url + source.slice(range.end, range.end + more)
    const whole = trimUrl(written, typeof math === 'function' && math(start))
    const found = {url: whole, span: {start: span.start, end: range.end + whole.length - url.length}, index: start}
    markInside(siblings, index + 1, found.span.end)
    return [found]
  })
}

/**
 * Text that a URL before it goes on through (see `goesOn`), with where that URL ends in the source: a URL starting
 * in it before then is part of the first, as it is in text without emphasis (a Wayback search for all copies,
 * `https://web.archive.org/web/*` then `/https://a.example/*`, was cited again inside it).
 */
const insideUrl = new WeakMap<Node, number>()

/** Marks the text of `nodes` from `from` on (and in them) that starts before `end` as inside the URL ending there. */
function markInside(nodes: readonly Node[], from: number, end: number): void {
  for (let i = from; i < nodes.length; i++) {
    const node = nodes[i] as Node
    if ((spanOf(node)?.start ?? end) >= end) return
    if (node.type === 'text') insideUrl.set(node, end)
    markInside(childrenOf(node), 0, end)
  }
}

/**
 * How far a URL that runs to the end of its text node (at `end` in the source) goes on in the emphasis right after
 * it, and the text after that: without remark-gfm, `https://a.example/pkg/__init__.py` is the text
 * `https://a.example/pkg/`, strong `init` and the text `.py`, and the URL was cut at its last `/`. An emphasis
 * around the whole URL (`*https://…*`) is its parent, not a sibling: nothing goes on.
 */
function goesOn(source: string, end: number, siblings: readonly Node[], index: number): number {
  const next = siblings[index + 1]
  if (next === undefined || !EMPHASIS.has(next.type) || spanOf(next)?.start !== end) return 0
  let limit = end
  for (let i = index + 1; i < siblings.length; i++) {
    const sibling = siblings[i] as Node
    const value = sibling.type === 'text' ? (sibling as Text).value : undefined
    if (value === undefined && !EMPHASIS.has(sibling.type)) break
    limit = spanOf(sibling)?.end ?? limit
    // The URL ends in a text with a space, or one holding a URL of its own: each walk ends at the next URL's text,
    // so a paragraph of them is read once.
    if (value !== undefined && (/\s/.test(value) || value.includes('://'))) break
  }
  return urlRunLength(source.slice(end, limit))
}

// Where remark-gfm's late literals are written. After a `[` that no `]` has closed yet (`[see https://a.example]`),
// micromark leaves a URL as text, and remark-gfm links it after parsing: neither that link nor the text around it
// keeps a position.

import type {Link} from 'mdast'
import type {Node} from 'unist'
import type {Span} from './bare-urls.js'
import {spanOf, type Context} from './context.js'
import {plainText} from './plain-text.js'
import {childrenOf} from './traverse.js'
import {valueOffsets} from './value-offsets.js'

/**
 * `lateLiteralSpan`, and that place given to the link and its text as their position: unified-message-control drops
 * a message that starts where a node has none (a gap), and finds the lint comments around a node by its position.
 */
export function placeLateLiteral(node: Link, parent: Node | undefined, context: Context): Span | undefined {
  const span = lateLiteralSpan(node, parent, context.source)
  if (span === undefined) return undefined
  const position = context.place(span)
  node.position = position
  for (const child of node.children) child.position ??= position
  return span
}

/** Per parent, where its children without a position are in the source, found on the first ask. */
const placedByParent = new WeakMap<Node, Map<Node, Span>>()

/**
 * Where a GFM literal that remark-gfm linked after parsing is written: its text as GFM reads a literal (the URL, or
 * `www.…` for `http://www.…`), found as written in the source of `parent` between the siblings that kept their
 * place. Undefined for another link without a position (a plugin's), one that cannot be told, one written with
 * escapes or character references (its text is decoded, so where its cut URL ends in the source is not known), and
 * one holding what ends a URL in prose: linking after parsing takes in `<`, `>` or `"` (`www.a.example>b`).
 */
export function lateLiteralSpan(node: Link, parent: Node | undefined, source: string): Span | undefined {
  const text = plainText(node).text
  if (!parent || (node.url !== text && node.url !== `http://${text}`) || /[<>"`]/.test(text)) return undefined
  let placed = placedByParent.get(parent)
  if (!placed) placedByParent.set(parent, (placed = placeUnpositioned(parent, source)))
  const span = placed.get(node)
  return span && source.slice(span.start, span.end) === text ? span : undefined
}

/** Each run of children without a position, aligned by its text with the source between its placed neighbours. */
function placeUnpositioned(parent: Node, source: string): Map<Node, Span> {
  const placed = new Map<Node, Span>()
  const range = spanOf(parent)
  if (!range) return placed
  const children = childrenOf(parent)
  let from = range.start
  for (let i = 0; i < children.length; ) {
    const own = spanOf(children[i] as Node)
    if (own) {
      from = own.end
      i++
      continue
    }
    let j = i
    while (j < children.length && !spanOf(children[j] as Node)) j++
    const to = j < children.length ? (spanOf(children[j] as Node) as Span).start : range.end
    const run = children.slice(i, j)
    const texts = run.map((child) => plainText(child).text)
    const offsets = valueOffsets(texts.join(''), source, from, to)
    let at = 0
    run.forEach((child, k) => {
      const length = (texts[k] as string).length
      if (length > 0) placed.set(child, {start: offsets.startOf(at), end: offsets.endOf(at + length - 1)})
      at += length
    })
    from = to
    i = j
  }
  return placed
}

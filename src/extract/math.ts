// Inline math written with dollars, without remark-math: which URLs of a block start inside it, read from the
// block's source, where emphasis, a link or code between two dollars does not end the math and `\$` is a dollar.

import type {Text} from 'mdast'
import type {Node} from 'unist'
import {literalLength, openMath, scanBareUrls} from './bare-urls.js'
import {spanOf} from './context.js'
import {SKIP, traverse} from './traverse.js'
import {linkForm} from './url-range.js'

/** Per block, the source offsets where a URL starts inside math: found once, on the first ask. */
const inMathByBlock = new WeakMap<Node, Set<number>>()

/**
 * Whether inline math is open where a URL starts at `offset` in the source of `block` (a paragraph, heading or
 * table cell; else the node holding the URL, read alone).
 */
export function inMath(block: Node, source: string, offset: number): boolean {
  let starts = inMathByBlock.get(block)
  if (!starts) inMathByBlock.set(block, (starts = urlsInMath(block, source)))
  return starts.has(offset)
}

/**
 * One walk of the block's text in source order, as remark-math would read it: the math open at the end of one
 * text is open at the start of the next, past emphasis, strikethrough or a link's label. Code, HTML, images and
 * autolinks are not text: their dollars open nothing.
 */
function urlsInMath(block: Node, source: string): Set<number> {
  const starts = new Set<number>()
  let open = 0
  traverse<undefined>(block, undefined, (node) => {
    const span = spanOf(node)
    if (node.type === 'text' && span) {
      // Without a dollar, a text neither opens nor closes math, nor holds a URL that a `$` ends.
      if (!(node as Text).value.includes('$')) return SKIP
      const scanned = scanBareUrls(source.slice(span.start, span.end), open, true)
      for (const url of scanned.urls) if (url.inMath) starts.add(span.start + url.start)
      open = scanned.open
      return SKIP
    }
    if (node.type !== 'link') return undefined
    const form = span && linkForm(source, span.start)
    if (form === 'inline') return undefined
    if (span && form === 'literal') {
      // A GFM literal is cut as a bare URL is; what is cut off it is text again.
      const written = source.slice(span.start, span.end)
      if (open > 0) starts.add(span.start)
      open = openMath(written.slice(literalLength(written, open)), open, true)
    }
    return SKIP
  })
  return starts
}

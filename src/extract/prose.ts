// Bare http(s) URLs in text nodes (when remark-gfm did not already link them).

import type {Text} from 'mdast'
import type {Node} from 'unist'
import {findBareUrls, type Span} from './bare-urls.js'
import {emit, spanOf, type Context, type Scope} from './context.js'
import {inMath} from './math.js'
import {valueOffsets, type ValueOffsets} from './value-offsets.js'

export function citeBareUrls(node: Text, scope: Scope, context: Context): void {
  if (scope.quiet) return
  const found = bareUrlsIn(node, scope.block, context.source)
  if (!found) return
  const {spans, offsets} = found
  for (const {start, end} of spans) {
    const url = node.value.slice(start, end)
    emit(context, {
      kind: 'literal',
      url,
      span: {start: offsets.startOf(start), end: offsets.endOf(end - 1)},
      placeIsUrl: true,
      title: undefined,
      text: url,
      claim: {node, offset: start, own: url},
      scope
    })
  }
}

/**
 * The bare URLs of a text node in `block`, as ranges into its value, and where each character of the value is in
 * the source: none when the node has no position or no URL.
 */
export function bareUrlsIn(node: Text, block: Node | undefined, source: string): {spans: Span[]; offsets: ValueOffsets} | undefined {
  const range = spanOf(node)
  if (!range || !node.value.includes('://')) return undefined
  // The value lost escapes and references; map its indices back to the source.
  const offsets = valueOffsets(node.value, source, range.start, range.end)
  // A `$` ending a URL may close math that the source of the block opened before it, past emphasis or links.
  const math = node.value.includes('$') ? (start: number) => inMath(block ?? node, source, offsets.startOf(start)) : 0
  const spans = findBareUrls(node.value, math)
  return spans.length === 0 ? undefined : {spans, offsets}
}

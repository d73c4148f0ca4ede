// Bare http(s) URLs in text nodes (when remark-gfm did not already link them).

import type {Text} from 'mdast'
import {findBareUrls} from './bare-urls.js'
import {emit, spanOf, type Context, type Scope} from './context.js'
import {valueOffsets} from './value-offsets.js'

export function citeBareUrls(node: Text, scope: Scope, context: Context): void {
  const range = spanOf(node)
  if (!range || scope.quiet) return
  const spans = findBareUrls(node.value)
  if (spans.length === 0) return
  // The value lost escapes and references; map its indices back to the source.
  const offsets = valueOffsets(node.value, context.source, range.start, range.end)
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

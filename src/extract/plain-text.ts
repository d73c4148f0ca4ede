// Plain text of mdast nodes, remembering where each node's text starts.

import type {Node} from 'unist'
import {SKIP, traverse} from './traverse.js'

/** Nodes whose value is prose. Other nodes with a value (html, code, MDX
 * expressions, ESM) add nothing: they are markup or program, not text. */
const TEXT_TYPES = new Set(['text', 'inlineCode'])
/** Nodes whose content is not part of the sentence around them. */
const SILENT_TYPES = new Set(['image', 'imageReference', 'footnoteReference', 'html'])

export interface PlainText {
  text: string
  /** Where each node's text starts in `text` (filled when asked for). */
  starts: Map<Node, number>
}

/** The plain text of a node; with `withStarts`, where each descendant starts. */
export function plainText(node: Node, withStarts = false): PlainText {
  const parts: string[] = []
  const starts = new Map<Node, number>()
  let length = 0
  traverse(node, undefined, (current) => {
    if (withStarts) starts.set(current, length)
    const part = ownText(current)
    if (part !== undefined) {
      parts.push(part)
      length += part.length
    }
    return part !== undefined || SILENT_TYPES.has(current.type) ? SKIP : undefined
  })
  return {text: parts.join(''), starts}
}

function ownText(node: Node): string | undefined {
  if (node.type === 'break') return ' '
  if (!TEXT_TYPES.has(node.type)) return undefined
  const value = (node as {value?: unknown}).value
  return typeof value === 'string' ? value : ''
}

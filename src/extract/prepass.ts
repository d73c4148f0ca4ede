// First pass: definitions and footnote references, which may come after their uses.

import type {Definition} from 'mdast'
import type {Node} from 'unist'
import type {Context} from './context.js'
import {traverse} from './traverse.js'

/** Blocks whose plain text is the context of a claim. */
export const BLOCK_TYPES = new Set(['paragraph', 'heading', 'tableCell'])

type Indexes = Pick<Context, 'definitions' | 'footnoteReferences' | 'imageOnly'>

export function indexTree(tree: Node): Indexes {
  const definitions: Context['definitions'] = new Map()
  const footnoteReferences: Context['footnoteReferences'] = new Map()
  const linkUses = new Set<string>()
  const imageUses = new Set<string>()
  traverse<Node | undefined>(tree, undefined, (node, block) => {
    const identifier = (node as {identifier?: unknown}).identifier
    if (typeof identifier === 'string') {
      if (node.type === 'definition' && !definitions.has(identifier)) {
        definitions.set(identifier, node as Definition)
      } else if (node.type === 'footnoteReference' && !footnoteReferences.has(identifier)) {
        footnoteReferences.set(identifier, {node, block})
      } else if (node.type === 'linkReference') linkUses.add(identifier)
      else if (node.type === 'imageReference') imageUses.add(identifier)
    }
    return BLOCK_TYPES.has(node.type) ? node : block
  })
  const imageOnly = new Set([...imageUses].filter((id) => !linkUses.has(id)))
  return {definitions, footnoteReferences, imageOnly}
}

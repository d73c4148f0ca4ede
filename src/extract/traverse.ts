// Depth-first, document-order walk without recursion: Markdown nests deeper
// (`>>>>…`, `****…`) than the call stack allows.

import type {Node} from 'unist'

/** Returned by a visitor to leave a node's children alone. */
export const SKIP = Symbol('skip')

/** Visit `node`; return the scope for its children, or SKIP. */
export type Visitor<S> = (
  node: Node,
  scope: S,
  parent: Node | undefined,
  index: number
) => S | typeof SKIP

interface Entry<S> {
  node: Node
  scope: S
  parent: Node | undefined
  index: number
}

export function traverse<S>(root: Node, scope: S, visit: Visitor<S>): void {
  const stack: Array<Entry<S>> = [{node: root, scope, parent: undefined, index: -1}]
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const inner = visit(entry.node, entry.scope, entry.parent, entry.index)
    if (inner === SKIP) continue
    const children = childrenOf(entry.node)
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({node: children[i] as Node, scope: inner, parent: entry.node, index: i})
    }
  }
}

/** Children of a node, or none. */
export function childrenOf(node: Node): Node[] {
  const children = (node as {children?: unknown}).children
  return Array.isArray(children) ? (children as Node[]) : []
}

// First pass: definitions, every footnote reference and numbered marker (`[1]`), which may come after their uses.

import type {Definition, List, Text} from 'mdast'
import type {Node} from 'unist'
import type {Context} from './context.js'
import {isBadge} from './badges.js'
import {addMarker, MARKER, numbersOf} from './markers.js'
import {traverse} from './traverse.js'

/** Blocks whose plain text is the context of a claim. */
export const BLOCK_TYPES = new Set(['paragraph', 'heading', 'tableCell'])

type Marked = NonNullable<ReturnType<Context['markers']['get']>>
type Indexes = Pick<Context, 'definitions' | 'footnoteReferences' | 'markers' | 'sourceLists' | 'imageOnly' | 'badgeOnly'>

/** What may stand before an entry's own label on its line: indentation, a quote's `>`, a list bullet or number. */
const LINE_START = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?$/

export function indexTree(tree: Node, source: string): Indexes {
  const definitions: Context['definitions'] = new Map()
  const footnoteReferences: Context['footnoteReferences'] = new Map()
  const markers: Context['markers'] = new Map()
  const sourceLists = new Set<Node>()
  const linkUses = new Set<string>()
  const linkReferences: Node[] = []
  const imageUses = new Set<string>()
  traverse<Node | undefined>(tree, undefined, (node, block, parent) => {
    const identifier = (node as {identifier?: unknown}).identifier
    if (typeof identifier === 'string') {
      if (node.type === 'definition' && !definitions.has(identifier)) {
        definitions.set(identifier, node as Definition)
      } else if (node.type === 'footnoteReference') {
        const uses = footnoteReferences.get(identifier)
        if (uses) uses.push({node, block})
        else footnoteReferences.set(identifier, [{node, block}])
      } else if (node.type === 'linkReference') {
        linkUses.add(identifier)
        linkReferences.push(node)
      } else if (node.type === 'imageReference') imageUses.add(identifier)
    }
    if (node.type === 'text' && block && parent?.type !== 'link' && parent?.type !== 'linkReference') findMarkers(node as Text, block, source, markers)
    if (node.type === 'list' && (node as List).ordered && isSourceList(node as List, source)) {
      const list = node as List
      sourceLists.add(list)
      list.children.forEach((item, index) => listed(markers, (list.start ?? 1) + index, item.position?.start.offset))
    }
    return BLOCK_TYPES.has(node.type) ? node : block
  })
  const imageOnly = new Set([...imageUses].filter((id) => !linkUses.has(id)))
  // Read once every definition is known: a badge's image may be a reference defined further down.
  const cited = new Set(linkReferences.filter((node) => !isBadge(node, definitions)).map((node) => (node as Definition).identifier))
  const badgeOnly = new Set([...linkUses].filter((id) => !cited.has(id)))
  return {definitions, footnoteReferences, markers, sourceLists, imageOnly, badgeOnly}
}

/**
 * The places each number is marked in prose (see `addMarker`); a label at the start of a line is an entry's, where a
 * source is listed under the number, not a marker.
 */
function findMarkers(node: Text, block: Node, source: string, markers: Context['markers']): void {
  const start = node.position?.start.offset
  if (start === undefined || !node.value.includes('[')) return
  for (const match of node.value.matchAll(MARKER)) {
    // Only a few characters back: a line of megabytes is not read to its start for each of its markers.
    const at = start + match.index
    const before = source.slice(Math.max(0, at - 40), at)
    const line = before.lastIndexOf('\n')
    const lineStart = before.slice(line + 1)
    const label = (line !== -1 || at <= 40) && LINE_START.test(lineStart)
    for (const number of numbersOf(match[1]!)) {
      if (!label) addMarker(numbered(markers, number), {node, offset: match.index, block})
      // A numbered item's own label (`1. [1] https://…`) is listed with its item, when its list is one of sources.
      else if (!/\d/.test(lineStart)) listed(markers, number, at)
    }
  }
}

/** A source listed under `number` at `at`: the markers after it are the next list's, or its own when none came before. */
function listed(markers: Context['markers'], number: number, at: number | undefined): void {
  if (at !== undefined) numbered(markers, number).listings.push(at)
}

function numbered(markers: Context['markers'], number: number): Marked {
  let found = markers.get(number)
  if (!found) markers.set(number, (found = {markers: new Map(), listings: []}))
  return found
}

/** An ordered list each of whose items cites (a link, or a URL in its text): a list of sources, not of steps. */
function isSourceList(list: List, source: string): boolean {
  return list.children.every((item) => {
    const {start, end} = item.position ?? {}
    return start?.offset !== undefined && end?.offset !== undefined && /\]\(|https?:\/\/|<https?:|\]\[|\]:/.test(source.slice(start.offset, end.offset))
  })
}

// A fresh parse of the text to fix, indexed by what citations point at: links, definitions, references, text.

import type {Definition, ImageReference, Link, LinkReference, Root, Text} from 'mdast'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import type {Node} from 'unist'
import type {Span} from '../extract/bare-urls.js'
import {spanOf} from '../extract/context.js'
import {traverse} from '../extract/traverse.js'

export interface Placed<T> {
  node: T
  span: Span
}

export interface Parsed {
  source: string
  mdx: boolean
  /** Each list in document order; nodes of one type never overlap (links do not nest). */
  links: Array<Placed<Link>>
  definitions: Array<Placed<Definition> & {topLevel: boolean}>
  references: Array<Placed<LinkReference>>
  texts: Array<Placed<Text>>
  /** The definition each identifier resolves to (the first one). */
  resolved: Map<string, Definition>
  /** How many image references use each identifier. */
  imageUses: Map<string, number>
}

export function parse(source: string, {mdx, gfm}: {mdx: boolean; gfm: boolean}): Parsed {
  const tree: Root = unified()
    .use(remarkParse)
    .use(remarkFrontmatter, ['yaml', 'toml'])
    .use(gfm ? [remarkGfm] : [])
    .use(mdx ? [remarkMdx] : [])
    .parse(source)
  const parsed: Parsed = {
    source,
    mdx,
    links: [],
    definitions: [],
    references: [],
    texts: [],
    resolved: new Map(),
    imageUses: new Map()
  }
  traverse<undefined>(tree, undefined, (node, _, parent) => {
    collect(node, parent, parsed)
    return undefined
  })
  return parsed
}

function collect(node: Node, parent: Node | undefined, parsed: Parsed): void {
  const span = spanOf(node)
  if (!span) return
  switch (node.type) {
    case 'link':
      parsed.links.push({node: node as Link, span})
      break
    case 'linkReference':
      parsed.references.push({node: node as LinkReference, span})
      break
    case 'text':
      parsed.texts.push({node: node as Text, span})
      break
    case 'imageReference': {
      const {identifier} = node as ImageReference
      parsed.imageUses.set(identifier, (parsed.imageUses.get(identifier) ?? 0) + 1)
      break
    }
    case 'definition': {
      const definition = node as Definition
      parsed.definitions.push({node: definition, span, topLevel: parent?.type === 'root'})
      if (!parsed.resolved.has(definition.identifier)) parsed.resolved.set(definition.identifier, definition)
      break
    }
  }
}

/** The entry whose span holds `span`, by binary search over non-overlapping entries in document order. */
export function holding<T extends {span: Span}>(entries: readonly T[], span: Span): T | undefined {
  let low = 0
  let high = entries.length - 1
  let found: T | undefined
  while (low <= high) {
    const middle = (low + high) >> 1
    const entry = entries[middle]!
    if (entry.span.start <= span.start) {
      found = entry
      low = middle + 1
    } else high = middle - 1
  }
  return found && found.span.end >= span.end ? found : undefined
}

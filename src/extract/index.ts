// extractCitations: every place in an mdast tree that cites a URL, in source order.

import type {Definition, Html, Link, LinkReference, List, Root, Text} from 'mdast'
import type {Node} from 'unist'
import type {VFile} from 'vfile'
import {location} from 'vfile-location'
import type {Citation, Place, Point} from '../types.js'
import type {Span} from './bare-urls.js'
import type {Context, Scope} from './context.js'
import {frontMatterEnd, inFrontMatter} from './front-matter.js'
import {citeHtml} from './html.js'
import {CODE_ELEMENTS} from './html-links.js'
import {citeJsx, JSX_TYPES} from './jsx.js'
import {citeDefinition, citeLink, citeReference} from './links.js'
import {BLOCK_TYPES, indexTree} from './prepass.js'
import {citeBareUrls} from './prose.js'
import {sourceText} from './source-text.js'
import {childrenOf, SKIP, traverse} from './traverse.js'

export {normalizeUrl} from './normalize.js'

export interface ExtractOptions {
  /** URLs matching any of these are not extracted (user skip patterns). */
  skip: RegExp[]
  /**
   * MDX JSX element name → attribute names holding a URL
   * (the caller's default: `{a: ['href']}`).
   */
  jsxAttributes: Record<string, string[]>
}

/** Code, images and MDX program text never cite. */
export const NEVER_CITES = new Set([
  'code',
  'inlineCode',
  'image',
  'imageReference',
  'mdxjsEsm',
  'mdxFlowExpression',
  'mdxTextExpression',
  'yaml',
  'toml',
  'math',
  'inlineMath'
])

export function extractCitations(tree: Root, file: VFile, options: ExtractOptions): Citation[] {
  const source = sourceText(file)
  const context: Context = {
    source,
    options,
    place: placer(source),
    ...indexTree(tree, source),
    silenced: new Set(),
    citations: []
  }
  const top: Scope = {block: undefined, footnote: undefined, quiet: false}
  const settings = frontMatterEnd(source)
  traverse<Scope>(tree, top, (node, scope, parent, index) =>
    parent === tree && inFrontMatter(node, settings) ? SKIP : visit(node, scope, parent, index, context)
  )
  // Stable: a definition and its uses keep document order at equal offsets.
  return context.citations.sort((a, b) => a.place.start.offset - b.place.start.offset)
}

function visit(
  node: Node,
  scope: Scope,
  parent: Node | undefined,
  index: number,
  context: Context
): Scope | typeof SKIP {
  if (NEVER_CITES.has(node.type)) return SKIP
  const here = context.silenced.has(node) ? {...scope, quiet: true} : scope
  switch (node.type) {
    case 'link':
      citeLink(node as Link, parent, here, context)
      return SKIP
    case 'linkReference':
      citeReference(node as LinkReference, here, context)
      return SKIP
    case 'definition':
      citeDefinition(node as Definition, here, context)
      return SKIP
    case 'text':
      citeBareUrls(node as Text, parent ? childrenOf(parent) : [], index, here, context)
      return SKIP
    case 'html':
      citeHtml(node as Html, parent ? childrenOf(parent) : [], index, here, context)
      return SKIP
  }
  return inner(node, here, parent, index, context)
}

/** The scope for a node's children. */
function inner(node: Node, scope: Scope, parent: Node | undefined, index: number, context: Context): Scope {
  if (BLOCK_TYPES.has(node.type)) return {...scope, block: node}
  if (node.type === 'listItem') {
    const item = parent && context.sourceLists.has(parent) ? ((parent as List).start ?? 1) + index : undefined
    return item === scope.item ? scope : {...scope, item}
  }
  if (node.type === 'footnoteDefinition') return {...scope, footnote: node}
  // A cited element's text is its own; a code element's (`<code>`, as raw HTML's) is an example.
  if (JSX_TYPES.has(node.type) && (citeJsx(node, scope, context) || CODE_ELEMENTS.has((node as {name?: string}).name ?? ''))) {
    return {...scope, quiet: true}
  }
  return scope
}

/** Offsets to line/column points, computed from the file text. */
function placer(source: string): (span: Span) => Place {
  const points = location(source)
  const length = source.length
  const point = (offset: number): Point => {
    const clamped = Math.min(Math.max(offset, 0), length)
    const found = points.toPoint(clamped)
    return {line: found?.line ?? 1, column: found?.column ?? 1, offset: clamped}
  }
  return (span) => ({start: point(span.start), end: point(span.end)})
}

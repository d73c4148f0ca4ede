// The URLs a file cites, found in one cheap walk right after parsing, so they can be asked for before the full
// extraction (claims, titles, places) runs.

import type {Definition, Html, Link, Root, Text} from 'mdast'
import type {Node} from 'unist'
import {holdsSiblings} from './html.js'
import {NEVER_CITES} from './index.js'
import {BLOCK_TYPES} from './prepass.js'
import {bareUrlsIn} from './prose.js'
import {JSX_TYPES} from './jsx.js'
import {beforePlaceholder, inCell, isCitableUrl, isSkipped, normalizeUrl, type NormalizedUrl} from './normalize.js'
import {childrenOf, SKIP, traverse} from './traverse.js'
import {frontMatterEnd, inFrontMatter} from './front-matter.js'
import {lateLiteralSpan} from './late-literals.js'
import {literalCited} from './links.js'
import {spanOf} from './context.js'
import {linkForm} from './url-range.js'

/** Whether a node may sit in what does not surely cite (see `sure`), and its paragraph, heading or table cell. */
interface Where {
  unsure: boolean
  block: Node | undefined
}

/**
 * URLs that `extractCitations` will cite: links, definitions (but those only images use), and URLs in prose.
 * Raw HTML and JSX attributes are left to it, and so is prose inside JSX or beside raw HTML, where an `<a>`
 * may make a URL its text rather than a citation, or a `<code>` an example.
 */
export function linkedUrls(tree: Root, source: string, skip: readonly RegExp[]): Array<Readonly<NormalizedUrl>> {
  const found: Array<Readonly<NormalizedUrl>> = []
  const definitions: Definition[] = []
  const linkUses = new Set<string>()
  const imageUses = new Set<string>()
  const add = (written: string, block?: Node): void => {
    const url = inCell(written, block)
    if (!isCitableUrl(url)) return
    const normalized = normalizeUrl(url)
    if (normalized && !isSkipped(url, normalized.url, skip)) found.push(normalized)
  }
  /**
   * Whether a node's own text surely cites: not inside JSX, not beside raw HTML that may hold it (an `<a>`, a
   * `<code>`) nor inside what is (one memo per parent).
   */
  const besideHtml = new Map<Node, boolean>()
  const sure = (unsure: boolean, parent: Node | undefined): boolean => {
    if (unsure || parent === undefined) return !unsure
    let beside = besideHtml.get(parent)
    if (beside === undefined) {
      beside = childrenOf(parent).some((sibling) => sibling.type === 'html' && holdsSiblings(sibling as Html, parent))
      besideHtml.set(parent, beside)
    }
    return !beside
  }
  const settings = frontMatterEnd(source)
  traverse<Where>(tree, {unsure: false, block: undefined}, (node, where, parent, index) => {
    if (parent === tree && inFrontMatter(node, settings)) return SKIP
    const {unsure, block} = where
    // Before the skip: an image reference is what makes a definition a picture.
    if (node.type === 'imageReference') imageUses.add((node as Definition).identifier)
    if (NEVER_CITES.has(node.type)) return SKIP
    switch (node.type) {
      case 'definition':
        definitions.push(node as Definition)
        return SKIP
      case 'linkReference':
        linkUses.add((node as Definition).identifier)
        return SKIP
      case 'link': {
        const span = spanOf(node) ?? lateLiteralSpan(node as Link, parent, source)
        if (span === undefined) return SKIP
        if (linkForm(source, span.start) !== 'literal') add((node as Link).url, block)
        else if (sure(unsure, parent)) {
          for (const cited of literalCited(node as Link, source, span, block)) if (!beforePlaceholder(source, cited.span.end)) add(cited.url, block)
        }
        return SKIP
      }
      case 'text': {
        if (!sure(unsure, parent)) return SKIP
        for (const bare of bareUrlsIn(node as Text, parent ? childrenOf(parent) : [], index, block, source)) {
          if (!beforePlaceholder(source, bare.span.end)) add(bare.url, block)
        }
        return SKIP
      }
    }
    // Beside raw HTML, an `<a>` or a `<code>` may hold the node, and so its text.
    const inner = !sure(unsure, parent) || JSX_TYPES.has(node.type)
    if (BLOCK_TYPES.has(node.type)) return {unsure: inner, block: node}
    return inner === unsure ? where : {unsure: inner, block}
  })
  for (const {identifier, url} of definitions) {
    if (linkUses.has(identifier) || !imageUses.has(identifier)) add(url)
  }
  return found
}

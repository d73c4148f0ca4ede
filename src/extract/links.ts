// Markdown links: inline links, autolinks, GFM literals, definitions and their uses.

import type {Definition, Link, LinkReference} from 'mdast'
import type {Node} from 'unist'
import {emit, spanOf, type Context, type Scope} from './context.js'
import {literalLength, type Span} from './bare-urls.js'
import {placeLateLiteral} from './late-literals.js'
import {inMath} from './math.js'
import {plainText} from './plain-text.js'
import {
  autolinkDestination,
  definitionDestination,
  inlineDestination,
  linkForm,
  locateUrl
} from './url-range.js'

/** `[text](url)`, `<url>` or a GFM literal, told apart by their first character. */
export function citeLink(node: Link, parent: Node | undefined, scope: Scope, context: Context): void {
  const range = spanOf(node) ?? placeLateLiteral(node, parent, context)
  if (!range) return
  const {source} = context
  const form = linkForm(source, range.start)
  const text = plainText(node).text
  const found = {url: node.url, title: node.title, text, scope}
  const claim = {node, offset: 0, own: text}
  if (form === 'inline') {
    const lastEnd = spanOf(node.children.at(-1) ?? node)?.end
    const labelEnd = node.children.length > 0 ? lastEnd : range.start + 1
    const candidate = inlineDestination(source, range.start, range.end, labelEnd)
    const located = locateUrl(source, range, candidate, node.url)
    emit(context, {...found, ...located, kind: 'link', claim})
    return
  }
  // A literal inside a cited element (`<a href=u>u</a>`) is that element's text.
  if (form === 'literal' && scope.quiet) return
  // Autolinks and literals are the URL itself; `www.` literals gain `http://`
  // in the tree but the text as written is still what an editor replaces.
  const span = form === 'autolink' ? autolinkDestination(range.start, range.end) : range
  if (form === 'literal') {
    const {url, end} = literalCited(node, source, range, scope.block)
    emit(context, {...found, url, span: {start: range.start, end}, placeIsUrl: true, kind: form, claim})
    return
  }
  emit(context, {...found, span, placeIsUrl: true, kind: form, claim})
}

/**
 * The URL a GFM autolink literal cites, and where it ends: cut as a bare URL in prose is, since the closing quote
 * or the CJK text after it is the sentence's (see `literalLength`), and so is the `$` closing a math span opened
 * before it in its `block` (see `inMath`).
 */
export function literalCited(node: Link, source: string, range: Span, block: Node | undefined): {url: string; end: number} {
  const written = source.slice(range.start, range.end)
  const math = written.includes('$') && inMath(block ?? node, source, range.start) ? 1 : 0
  const cut = written.length - literalLength(written, math)
  if (cut === 0 || !node.url.endsWith(written.slice(-cut))) return {url: node.url, end: range.end}
  return {url: node.url.slice(0, -cut), end: range.end - cut}
}

/** `[id]: url "title"`: reported once, unless only images use it. */
export function citeDefinition(node: Definition, scope: Scope, context: Context): void {
  const range = spanOf(node)
  if (!range || context.imageOnly.has(node.identifier)) return
  const candidate = definitionDestination(context.source, range.start, range.end)
  const located = locateUrl(context.source, range, candidate, node.url)
  const found = {url: node.url, title: node.title, text: undefined, claim: undefined}
  emit(context, {...found, ...located, kind: 'definition', scope})
}

/** `[text][id]`: the definition's URL, reported where it is used. */
export function citeReference(node: LinkReference, scope: Scope, context: Context): void {
  const span = spanOf(node)
  const definition = context.definitions.get(node.identifier)
  if (!span || !definition) return
  const text = plainText(node).text
  emit(context, {
    kind: 'reference',
    url: definition.url,
    span,
    placeIsUrl: false,
    title: definition.title,
    text,
    claim: {node: node as Node, offset: 0, own: text},
    scope
  })
}

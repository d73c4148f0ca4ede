// Markdown links: inline links, autolinks, GFM literals, definitions and their uses.

import type {Definition, Link, LinkReference} from 'mdast'
import type {Node} from 'unist'
import {isBadge} from './badges.js'
import {emit, spanOf, type ClaimAt, type Context, type Scope} from './context.js'
import {findBareUrls, literalLength, type Span} from './bare-urls.js'
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

/** Link text that is a person's handle (`@dave`, `@dave@fosstodon.org`); its name is the first group. */
const HANDLE = /^@([\p{L}\p{N}_][\p{L}\p{N}_.-]*)(?:@[\p{L}\p{N}.-]+)?$/u

/**
 * A handle linking its own profile (the URL's last path segment, `@` or not), a mention, as a changelog thanks its
 * author (`Thanks [@dave](https://github.com/dave)! - Fix the cache`): the profile says nothing of the sentence. A
 * handle linking a post (`[@acme](https://x.com/acme/status/…) said …`) names its author, and the post is cited.
 */
function isMention(text: string, url: string | undefined): boolean {
  const name = HANDLE.exec(text.trim())?.[1]
  if (name === undefined || url === undefined) return false
  // Split, not a pattern for the trailing slashes: one backtracks over a long run of them.
  const last = url.split(/[?#]/, 1)[0]!.split('/').filter(Boolean).at(-1)?.replace(/^@/, '')
  return last?.toLowerCase() === name.toLowerCase()
}

/** Where a link's claim is, and whether it is a mention (a handle, or a badge), which has none. */
function linkClaim(node: Node, text: string, url: string | undefined, definitions: Context['definitions']): {claim: ClaimAt; mention: boolean} {
  const mention = isMention(text, url) || isBadge(node, definitions)
  return {claim: mention ? undefined : {node, offset: 0, own: text}, mention}
}

/** Link text that is all code spans (`` [`np.ma`](…) ``). */
function codeText(node: Link | LinkReference): boolean {
  return node.children.length > 0 && node.children.every((child) => child.type === 'inlineCode')
}

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
    emit(context, {...found, ...located, kind: 'link', code: codeText(node), ...linkClaim(node, text, node.url, context.definitions)})
    return
  }
  // A literal inside a cited element (`<a href=u>u</a>`) is that element's text.
  if (form === 'literal' && scope.quiet) return
  // Autolinks and literals are the URL itself; `www.` literals gain `http://`
  // in the tree but the text as written is still what an editor replaces.
  const span = form === 'autolink' ? autolinkDestination(range.start, range.end) : range
  if (form === 'literal') {
    for (const cited of literalCited(node, source, range, scope.block)) {
      const own = {...claim, offset: cited.span.start - range.start}
      emit(context, {...found, url: cited.url, span: cited.span, placeIsUrl: true, kind: form, claim: own})
    }
    return
  }
  emit(context, {...found, span, placeIsUrl: true, kind: form, claim})
}

/**
 * The URLs a GFM autolink literal cites, and where: its own, cut as a bare URL in prose is, since the closing quote
 * or the CJK text after it is the sentence's (see `literalLength`), and so is the `$` closing a math span opened
 * before it in its `block` (see `inMath`); then those in what was cut off, which GFM read as the same URL
 * (`https://a.cn/x。另见https://b.cn/y`: Chinese runs on without a space).
 */
export function literalCited(node: Link, source: string, range: Span, block: Node | undefined): Array<{url: string; span: Span}> {
  const written = source.slice(range.start, range.end)
  const math = written.includes('$') && inMath(block ?? node, source, range.start) ? 1 : 0
  const cut = written.length - literalLength(written, math)
  if (cut === 0 || !node.url.endsWith(written.slice(-cut))) return [{url: node.url, span: range}]
  const own = {url: node.url.slice(0, -cut), span: {start: range.start, end: range.end - cut}}
  const after = own.span.end
  const rest = findBareUrls(written.slice(-cut)).map(({start, end}) => ({start: after + start, end: after + end}))
  return [own, ...rest.map((span) => ({url: source.slice(span.start, span.end), span}))]
}

/** `[id]: url "title"`: reported once, unless only images use it. */
export function citeDefinition(node: Definition, scope: Scope, context: Context): void {
  const range = spanOf(node)
  if (!range || context.imageOnly.has(node.identifier)) return
  const candidate = definitionDestination(context.source, range.start, range.end)
  const located = locateUrl(context.source, range, candidate, node.url)
  const found = {url: node.url, title: node.title, text: undefined, claim: undefined, mention: context.badgeOnly.has(node.identifier)}
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
    code: codeText(node),
    ...linkClaim(node, text, definition.url, context.definitions),
    scope
  })
}

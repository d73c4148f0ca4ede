// Raw HTML nodes: each `<a href>` becomes a citation (comments never do), a bare URL in a block of HTML's text too,
// and the text of a code element none.

import type {Html} from 'mdast'
import type {Node} from 'unist'
import type {Span} from './bare-urls.js'
import {emit, spanOf, type ClaimAt, type Context, type Scope} from './context.js'
import {CODE_ELEMENTS, scanHtml, type HtmlLink, type HtmlScan} from './html-links.js'
import {beforePlaceholder} from './normalize.js'
import {plainText} from './plain-text.js'
import {valueOffsets, type ValueOffsets} from './value-offsets.js'

const OPEN_A = /<a[\s>]/i
/** `https://` in text, between tags (or before the first): a cheap test before a block of HTML is parsed. */
const TEXT_URL = /(?:^|>)[^<>]*?https?:\/\//i
/** What ends an `<a>`'s text: its `</a>`, or the next `<a>`, as browsers end it (links do not nest). */
const END_A = /<\/a\s*>|<a[\s>]/i

/** An inline opening tag alone, as micromark gives each: `<code>`, `<pre class="x">`. */
const OPEN_TAG = /^<([a-z][a-z\d-]*)(?:\s[^>]*)?>$/i
/** Where raw HTML is a block of its own: an `<a>` there takes no text from the blocks beside it. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition'])

/**
 * Whether raw HTML may take the siblings after it as its own, so that their URLs are not cited as prose: an inline
 * `<a>` as its text, a code element as an example (see `citeHtml`). A comment or a block of HTML takes none.
 */
export function holdsSiblings(node: Html, parent: Node): boolean {
  return codeOpened(node) !== undefined || (!FLOW_PARENTS.has(parent.type) && OPEN_A.test(node.value))
}

export function citeHtml(
  node: Html,
  siblings: readonly Node[],
  index: number,
  scope: Scope,
  context: Context
): void {
  const code = codeOpened(node)
  if (code) {
    // Its text is in the next siblings: their bare URLs are not cited (a link written as one still is). Inside an
    // element that silenced them already, it has nothing left to do: a run of unclosed tags would silence the rest
    // of the paragraph once each.
    if (!context.silenced.has(node)) silenceUntil(siblings, index, new RegExp(`^</${code}\\s*>$`, 'i'), context)
    return
  }
  const range = spanOf(node)
  // A block of HTML's text is prose, as a paragraph's: a URL there is read (inline HTML's text is in its siblings).
  const prose = scope.block === undefined && !scope.quiet && TEXT_URL.test(node.value)
  if (!range || !(prose || OPEN_A.test(node.value))) return
  const scan = scanHtml(node.value)
  const offsets = valueOffsets(node.value, context.source, range.start, range.end)
  if (prose) citeBareUrls(scan, offsets, scope, context)
  scan.links.forEach((link, i) => {
    // Inline HTML comes one tag per node: the text is in the next siblings.
    const spansSiblings = !link.closed && i === scan.links.length - 1 && scope.block
    const text = spansSiblings ? siblingText(siblings, index, context) : link.text
    // A badge (`<a href="…/actions"><img src="…/badge.svg"></a>`) is a mention: it cites no source.
    const mention = link.closed && link.badge === true && !/\S/.test(text)
    const claim: ClaimAt = mention
      ? undefined
      : scope.block
        ? {node, offset: 0, own: text}
        : {text: scan.text, index: link.textIndex, own: text, breaks: scan.breaks}
    const href = hrefSpan(link, offsets)
    const tag = {start: offsets.startOf(link.tagStart), end: offsets.endOf(link.tagEnd - 1)}
    emit(context, {
      kind: 'html',
      url: link.href,
      span: href ?? tag,
      placeIsUrl: href !== undefined,
      title: link.title,
      text,
      claim,
      scope,
      mention
    })
  })
}

/**
 * The bare URLs in a block of HTML's text, each claiming its sentence of that text: of kind `html`, as written in
 * HTML (which `--fix` leaves to the writer), and not when a placeholder goes on after them (see `beforePlaceholder`).
 */
function citeBareUrls(scan: HtmlScan, offsets: ValueOffsets, scope: Scope, context: Context): void {
  for (const {url, start, end, textIndex} of scan.bare) {
    const span = {start: offsets.startOf(start), end: offsets.endOf(end - 1)}
    if (beforePlaceholder(context.source, span.end)) continue
    emit(context, {
      kind: 'html',
      url,
      span,
      placeIsUrl: true,
      title: undefined,
      text: url,
      claim: {text: scan.text, index: textIndex, own: url, breaks: scan.breaks},
      scope
    })
  }
}

/** The code element (`code`, `pre`, …) that raw HTML opens when it is an opening tag alone. */
function codeOpened(node: Html): string | undefined {
  const name = OPEN_TAG.exec(node.value)?.[1]?.toLowerCase()
  return name !== undefined && CODE_ELEMENTS.has(name) ? name : undefined
}

function hrefSpan(link: HtmlLink, offsets: ValueOffsets): Span | undefined {
  const {hrefStart, hrefEnd} = link
  if (hrefStart === undefined || hrefEnd === undefined || hrefEnd <= hrefStart) return undefined
  return {start: offsets.startOf(hrefStart), end: offsets.endOf(hrefEnd - 1)}
}

/** Text of the siblings up to `</a>` (or the next `<a>`); they are silenced so their URLs are not cited twice. */
function siblingText(siblings: readonly Node[], index: number, context: Context): string {
  return silenceUntil(siblings, index, END_A, context)
    .map((sibling) => plainText(sibling).text)
    .join('')
}

/** The siblings after `index` up to the HTML that closes the element (or the last one), silenced. */
function silenceUntil(siblings: readonly Node[], index: number, close: RegExp, context: Context): Node[] {
  const silenced: Node[] = []
  for (let i = index + 1; i < siblings.length; i++) {
    const sibling = siblings[i] as Node
    if (sibling.type === 'html' && close.test((sibling as Html).value)) break
    context.silenced.add(sibling)
    silenced.push(sibling)
  }
  return silenced
}

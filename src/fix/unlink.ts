// What an unlinked citation leaves behind: its text and a visible marker, never a link to the dead source.

import {code} from '../code-span.js'
import {findBareUrls, type Span} from '../extract/bare-urls.js'
import type {Target} from './locate.js'
import type {Parsed} from './parse.js'

/** Plain text, no brackets: `[dead link]` would read as a reference to an undefined definition. */
export const DEAD_LINK_MARKER = '(dead link)'

/**
 * `[text](url)` and `[text][id]` keep their text; `<url>` and bare URLs become code, which neither
 * CommonMark nor GFM links. Definitions are handled by `definitionRemoval`.
 */
export function unlinked(source: string, target: Exclude<Target, {form: 'definition'}>): string {
  if (target.form === 'autolink' || target.form === 'literal') {
    return `${code(unescape(source.slice(target.url.span.start, target.url.span.end)))} ${DEAD_LINK_MARKER}`
  }
  const {children} = target.node
  const first = children[0]?.position?.start.offset
  const last = children.at(-1)?.position?.end.offset
  if (first !== undefined && last !== undefined) {
    const text = urlsAsCode(source.slice(first, last))
    return `${startsLine(source, target.span.start) ? asProse(text) : text} ${DEAD_LINK_MARKER}`
  }
  // `[](url)` has no text to keep: show the URL instead (a reference always has a label).
  return `${code(target.form === 'link' ? target.node.url : target.node.identifier)} ${DEAD_LINK_MARKER}`
}

/**
 * A removed definition goes as a whole: the lines it occupies, with their line ending, so no dead URL is
 * left behind and no other line changes. It stays (a string says why) while something still links through
 * it, or when it shares its lines or sits in a container, where removing lines would disturb other text.
 */
export function definitionRemoval(
  parsed: Parsed,
  target: Extract<Target, {form: 'definition'}>,
  /** Where each reference being unlinked starts. */
  unlinkedReferences: ReadonlySet<number>
): Span | string {
  const {identifier} = target.node
  // Only the first definition of an identifier is used; a later duplicate can go whatever uses it.
  if (parsed.resolved.get(identifier) === target.node) {
    if (parsed.imageUses.has(identifier)) return 'an image still uses the definition'
    const linked = parsed.references.some(({node, span}) => node.identifier === identifier && !unlinkedReferences.has(span.start))
    if (linked) return 'a reference to the definition stays linked'
  }
  if (!target.topLevel) return 'the definition is inside a block quote, list or other container'
  return ownLines(parsed.source, target.span) ?? 'the definition shares its lines with other text'
}

/** The whole lines `span` covers, with the last line ending, when nothing else is on them. */
function ownLines(source: string, span: Span): Span | undefined {
  let start = span.start
  while (start > 0 && !isEol(source.charAt(start - 1))) start--
  let end = span.end
  while (end < source.length && !isEol(source.charAt(end))) end++
  if (!/^[ \t]*$/.test(source.slice(start, span.start)) || !/^[ \t]*$/.test(source.slice(span.end, end))) {
    return undefined
  }
  if (source.startsWith('\r\n', end)) end += 2
  else if (end < source.length) end++
  return {start, end}
}

/**
 * Link text left as prose, with each URL in it as code: bare, a URL is a GFM literal, a link to the dead source
 * again, which a second run would unlink once more (`[Spec: https://dead.example](https://dead.example)`).
 */
function urlsAsCode(text: string): string {
  if (/^(?:https?:\/\/|www\.)\S+$/i.test(text)) return code(unescape(text))
  let kept = ''
  let at = 0
  for (const span of findBareUrls(text)) {
    // Already code. Emphasis around it (`**https://…**`) stays outside: a URL's end leaves `*_~` out.
    if (text.charAt(span.start - 1) === '`') continue
    kept += text.slice(at, span.start) + code(unescape(text.slice(span.start, span.end)))
    at = span.end
  }
  return kept + text.slice(at)
}

/** Only indentation and the markers of block quotes, list items and footnote definitions before `offset` on its line. */
function startsLine(source: string, offset: number): boolean {
  let start = offset
  while (start > 0 && !isEol(source.charAt(start - 1))) start--
  return /^(?:[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t])|\[\^[^\]]+\]:))*[ \t]*$/.test(source.slice(start, offset))
}

/** An ordered list item's number and delimiter: the delimiter is escaped. */
const ORDERED = /^([ \t]*\d{1,9})([.)])(?=[ \t\r\n]|$)/
/**
 * What else opens a block at the start of a line, escaped at its first character: a heading, a bullet, a block
 * quote, a thematic break or setext underline on a line of its own, a definition.
 */
const OPENER = /^[ \t]*(?:(?:#{1,6}|[-+*])(?=[ \t\r\n]|$)|>|[-=*_](?=[-=*_ \t]*(?:[\r\n]|$))|\[(?=[^\]\r\n]*\]:))/

/**
 * Link text was prose wherever it stood; left at the start of a line, text that opens a block would become that
 * block (`[1. Introduction](…)` an ordered list, `[# tags](…)` a heading), so that syntax is escaped.
 */
function asProse(text: string): string {
  if (ORDERED.test(text)) return text.replace(ORDERED, '$1\\$2')
  return OPENER.test(text) ? text.replace(/^[ \t]*/, '$&\\') : text
}

/** Backslash escapes mean nothing in code; `\|` stays, as a table cell needs it even there. */
function unescape(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, (match, char: string) => (char === '|' ? match : char))
}

function isEol(char: string): boolean {
  return char === '\n' || char === '\r'
}

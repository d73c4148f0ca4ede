// Finding the URL's own characters in the source of a link or definition.

import type {Span} from './bare-urls.js'

/** How a `link` node was written. */
export type LinkForm = 'inline' | 'autolink' | 'literal'

export function linkForm(source: string, start: number): LinkForm {
  const first = source.charAt(start)
  if (first === '[') return 'inline'
  return first === '<' ? 'autolink' : 'literal'
}

/** The span without whitespace at its ends: browsers ignore it around an href, and so does the place. */
export function withoutSpaces(source: string, {start, end}: Span): Span {
  const text = source.slice(start, end)
  const from = start + text.length - text.trimStart().length
  return {start: from, end: Math.max(from, end - (text.length - text.trimEnd().length))}
}

/**
 * Destination of `[text](dest "title")`: after the label's `]` and `(`.
 * `labelEnd` is where the text's last child ends (the `]`), when known.
 */
export function inlineDestination(
  source: string,
  start: number,
  end: number,
  labelEnd: number | undefined
): Span | undefined {
  const close =
    labelEnd !== undefined && source.startsWith('](', labelEnd)
      ? labelEnd
      : scanLabel(source, start, end)
  if (close === undefined || source.charAt(close + 1) !== '(') return undefined
  return destination(source, close + 2, end)
}

/** Destination of `[id]: dest "title"`. */
export function definitionDestination(
  source: string,
  start: number,
  end: number
): Span | undefined {
  let i = start + 1
  while (i < end && source.charAt(i) !== ']') i += source.charAt(i) === '\\' ? 2 : 1
  if (source.charAt(i + 1) !== ':') return undefined
  return destination(source, i + 2, end)
}

/** `<https://x>` without the angle brackets. */
export function autolinkDestination(start: number, end: number): Span {
  return {start: start + 1, end: end - 1}
}

/**
 * Whether the span's text is the URL: as written (autolinks, GFM literals)
 * or after removing backslash escapes. Character references cannot be
 * decoded here without a table, so a span with `&` is trusted as parsed.
 */
export function spanHoldsUrl(source: string, span: Span, url: string): boolean {
  const raw = source.slice(span.start, span.end)
  if (raw === url || raw.includes('&')) return true
  return raw.replace(/\\([!-/:-@[-`{-~])/g, '$1') === url
}

/** The `]` closing a link label that starts at `start`, skipping code and escapes. */
function scanLabel(source: string, start: number, end: number): number | undefined {
  let depth = 0
  for (let i = start; i < end; i++) {
    const char = source.charAt(i)
    if (char === '\\') i++
    else if (char === '`') i = skipCode(source, i, end)
    else if (char === '[') depth++
    else if (char === ']' && --depth === 0) return i
  }
  return undefined
}

/** End of a code span opening at `i` (its last backtick), or `i` when unclosed. */
function skipCode(source: string, i: number, end: number): number {
  let run = i
  while (source.charAt(run) === '`') run++
  const width = run - i
  for (let j = run; j < end; ) {
    if (source.charAt(j) !== '`') {
      j++
      continue
    }
    let k = j
    while (source.charAt(k) === '`') k++
    if (k - j === width) return k - 1
    j = k
  }
  return run - 1
}

/** A link destination starting at or after `i` (after optional whitespace). */
function destination(source: string, i: number, end: number): Span | undefined {
  const start = skipSpace(source, i, end)
  if (source.charAt(start) === '<') return angledDestination(source, start, end)
  let depth = 0
  let j = start
  for (; j < end; j++) {
    const char = source.charAt(j)
    if (char === '\\') j++
    else if (char.charCodeAt(0) <= 0x20 || char === '\x7f') break
    else if (char === '(') depth++
    else if (char === ')' && depth-- === 0) break
  }
  return j > start ? {start, end: Math.min(j, end)} : undefined
}

function angledDestination(source: string, start: number, end: number): Span | undefined {
  for (let j = start + 1; j < end; j++) {
    const char = source.charAt(j)
    if (char === '\\') j++
    else if (char === '\n' || char === '<') return undefined
    else if (char === '>') return {start: start + 1, end: j}
  }
  return undefined
}

/** Spaces, tabs and a line ending with the next line's container prefix (`> `). */
function skipSpace(source: string, i: number, end: number): number {
  let j = i
  let afterEol = false
  while (j < end) {
    const char = source.charAt(j)
    if (char === '\n' || char === '\r') afterEol = true
    else if (!(char === ' ' || char === '\t' || (afterEol && char === '>'))) break
    j++
  }
  return j
}

/**
 * The URL's characters: the parsed candidate when it holds the URL, else the
 * URL's first occurrence in the node, else the whole node (not replaceable).
 */
export function locateUrl(
  source: string,
  node: Span,
  candidate: Span | undefined,
  url: string
): {span: Span; placeIsUrl: boolean} {
  if (candidate && spanHoldsUrl(source, candidate, url)) {
    return {span: candidate, placeIsUrl: true}
  }
  const at = url === '' ? -1 : source.indexOf(url, node.start)
  if (at !== -1 && at + url.length <= node.end) {
    return {span: {start: at, end: at + url.length}, placeIsUrl: true}
  }
  return {span: node, placeIsUrl: false}
}

/** `<url>` as a link destination. */
export function angled(source: string, span: Span): boolean {
  return source.charAt(span.start - 1) === '<' && source.charAt(span.end) === '>'
}

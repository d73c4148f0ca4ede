// Raw HTML `<a href>`: values, their offsets in the HTML, and link text.

import type * as Htmlparser2 from 'htmlparser2'
import {cjs} from '../cjs.js'
import {inline} from '../page/inline.js'
import {BADGE_IMAGE} from './badges.js'
import {backtickSpans} from './backtick-spans.js'
import {findBareUrls} from './bare-urls.js'
import {withoutSpaces} from './url-range.js'

export interface HtmlLink {
  /** The href value, entities decoded. */
  href: string
  /** Offsets of the href value as written in the HTML, when found. */
  hrefStart: number | undefined
  hrefEnd: number | undefined
  /** Offsets of the whole `<a …>` tag. */
  tagStart: number
  tagEnd: number
  title: string | undefined
  /** Text inside the element (up to the end of this HTML when unclosed). */
  text: string
  /** Where this link starts in `HtmlScan.text`. */
  textIndex: number
  /** False when the HTML ends before `</a>` (inline HTML in a paragraph). */
  closed: boolean
  /** Whether every `<img>` inside is a badge (see `BADGE_IMAGE`), and one is: with no text, a badge. */
  badge: boolean | undefined
}

/** A bare URL in the text of raw HTML, outside links and code. */
export interface HtmlBareUrl {
  /** As read: entities decoded. */
  url: string
  /** Offsets of the URL as written in the HTML. */
  start: number
  end: number
  /** Where it starts in `HtmlScan.text`. */
  textIndex: number
}

export interface HtmlScan {
  links: HtmlLink[]
  /** Bare URLs in the text outside `<a href>`, code elements and backticks. */
  bare: HtmlBareUrl[]
  /** Visible text of the HTML, for claims; comments, scripts and styles excluded. */
  text: string
  /** Where a block element (a list item, cell, paragraph) starts or ends in `text`: a sentence's end. */
  breaks: number[]
}

const HIDDEN = new Set(['script', 'style', 'template'])

/** Elements whose text is code: a URL there is an example, as in backticks. */
export const CODE_ELEMENTS = new Set(['code', 'pre', 'kbd', 'samp'])

/** A piece of text as the parser gave it: where it starts in the scan's text and in the HTML, and its lengths there. */
interface Piece {
  text: number
  raw: number
  length: number
  rawLength: number
}

/** Text the parser gave in pieces (an entity is one) written one after another: a URL may go on through them. */
interface Run {
  text: string
  pieces: Piece[]
}

/**
 * htmlparser2, loaded at the first raw `<a>`: most documents have none, and it is 35 ms of every run's start-up,
 * before the verifier thread can be made (see verify/thread.ts). Its CommonJS build, since extraction is
 * synchronous; the page readers, on their own threads, import its ES build.
 */
let htmlparser2: typeof Htmlparser2 | undefined
const load = (): typeof Htmlparser2 => (htmlparser2 ??= cjs<typeof Htmlparser2>('htmlparser2'))

/** Every `<a href>` in an HTML fragment; comments are never looked into. */
export function scanHtml(html: string): HtmlScan {
  const links: HtmlLink[] = []
  const open: HtmlLink[] = []
  const runs: Run[] = []
  let text = ''
  let hidden = 0
  let code = 0
  const breaks: number[] = []
  // A tag that is not phrasing starts or ends a list item, cell or paragraph; a line break is a space.
  const tag = (name: string): void => {
    if (name === 'br') text += ' '
    else if (!inline.has(name) && breaks.at(-1) !== text.length) breaks.push(text.length)
  }
  const parser = new (load().Parser)(
    {
      onopentag(name, attributes) {
        if (HIDDEN.has(name)) hidden++
        if (CODE_ELEMENTS.has(name)) code++
        tag(name)
        if (name === 'img') for (const link of open) link.badge = link.badge !== false && BADGE_IMAGE.test(attributes.src ?? '')
        if (name !== 'a' || attributes.href === undefined) return
        const link = newLink(html, parser.startIndex, parser.endIndex, attributes, text.length)
        links.push(link)
        open.push(link)
      },
      ontext(data) {
        if (hidden > 0) return
        if (open.length === 0 && code === 0) addPiece(runs, data, text.length, parser.startIndex, parser.endIndex + 1)
        text += data
        for (const link of open) link.text += data
      },
      onclosetag(name, isImplied) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1)
        if (CODE_ELEMENTS.has(name)) code = Math.max(0, code - 1)
        if (name !== 'br') tag(name)
        if (name !== 'a') return
        const link = open.pop()
        if (link) link.closed = !isImplied
      }
    },
    {decodeEntities: true}
  )
  parser.write(html)
  parser.end()
  return {links, bare: runs.flatMap(bareUrls), text, breaks}
}

/** Add a piece of text to the run it goes on, or start one. */
function addPiece(runs: Run[], data: string, text: number, raw: number, rawEnd: number): void {
  const piece = {text, raw, length: data.length, rawLength: rawEnd - raw}
  const run = runs.at(-1)
  const last = run?.pieces.at(-1)
  if (run && last && last.raw + last.rawLength === raw && last.text + last.length === text) {
    run.text += data
    run.pieces.push(piece)
  } else runs.push({text: data, pieces: [piece]})
}

/**
 * The bare URLs of a run, placed in the HTML: an index inside an entity is placed at the entity's start or end.
 * Asked in ascending order (each URL's start, then its end), so the piece holding an index is found walking forward.
 */
function bareUrls(run: Run): HtmlBareUrl[] {
  const start = run.pieces[0]!.text
  let at = 0
  const rawAt = (index: number, end: boolean): number => {
    const wanted = start + index
    let piece = run.pieces[at]!
    while (end ? wanted > piece.text + piece.length : wanted >= piece.text + piece.length) piece = run.pieces[++at]!
    if (piece.length === piece.rawLength) return piece.raw + wanted - piece.text
    return end ? piece.raw + piece.rawLength : piece.raw
  }
  // Backticks are text in HTML, but a URL between them was written as code, an example (`http://localhost:3000`).
  const code = backtickSpans(run.text)
  let codeAt = 0
  const inCode = (index: number): boolean => {
    while (codeAt < code.length && code[codeAt]!.end <= index) codeAt++
    return codeAt < code.length && code[codeAt]!.start < index
  }
  return findBareUrls(run.text).filter((url) => !inCode(url.start)).map((span) => ({
    url: run.text.slice(span.start, span.end),
    start: rawAt(span.start, false),
    end: rawAt(span.end, true),
    textIndex: start + span.start
  }))
}

function newLink(
  html: string,
  tagStart: number,
  tagEnd: number,
  attributes: Record<string, string>,
  textIndex: number
): HtmlLink {
  const value = hrefValue(html.slice(tagStart, tagEnd + 1))
  return {
    href: (attributes.href ?? '').trim(),
    hrefStart: value && tagStart + value.start,
    hrefEnd: value && tagStart + value.end,
    tagStart,
    tagEnd: tagEnd + 1,
    title: attributes.title,
    text: '',
    textIndex,
    closed: false,
    badge: undefined
  }
}

/** One attribute: its name, then maybe `=` and a double-quoted, single-quoted or bare value. */
const ATTRIBUTE = /[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y

/**
 * Offsets of the first `href` value inside a tag, quoted or not. Attributes are read in order, as browsers read
 * them: `<a title="see href=x" href="…">` has its href in the second.
 */
function hrefValue(tag: string): {start: number; end: number} | undefined {
  ATTRIBUTE.lastIndex = /^<[^\s/>]*/.exec(tag)?.[0].length ?? 0
  let match = ATTRIBUTE.exec(tag)
  while (match && match[1]!.toLowerCase() !== 'href') match = ATTRIBUTE.exec(tag)
  const value = match?.[2] ?? match?.[3] ?? match?.[4]
  if (!match || value === undefined) return undefined
  const quoted = match[2] !== undefined || match[3] !== undefined
  const end = match.index + match[0].length - (quoted ? 1 : 0)
  return withoutSpaces(tag, {start: end - value.length, end})
}

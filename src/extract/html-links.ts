// Raw HTML `<a href>`: values, their offsets in the HTML, and link text.

import type * as Htmlparser2 from 'htmlparser2'
import {cjs} from '../cjs.js'
import {inline} from '../page/inline.js'
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
  /** The text of the block element holding the link (a list item, cell, paragraph), in `HtmlScan.text`. */
  block: {start: number; end: number}
  /** False when the HTML ends before `</a>` (inline HTML in a paragraph). */
  closed: boolean
}

export interface HtmlScan {
  links: HtmlLink[]
  /** Visible text of the HTML, for claims; comments, scripts and styles excluded. */
  text: string
}

const HIDDEN = new Set(['script', 'style', 'template'])

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
  let text = ''
  let hidden = 0
  /** Where the text of the block element being read starts, and its links so far. */
  let blockStart = 0
  let inBlock: HtmlLink[] = []
  const endBlock = (): void => {
    for (const link of inBlock) link.block.end = text.length
    inBlock = []
    blockStart = text.length
  }
  // A tag that is not phrasing ends a list item, cell or paragraph, and the claims in it; a line break is a space.
  const tag = (name: string): void => {
    if (name === 'br') text += ' '
    else if (!inline.has(name)) endBlock()
  }
  const parser = new (load().Parser)(
    {
      onopentag(name, attributes) {
        if (HIDDEN.has(name)) hidden++
        tag(name)
        if (name !== 'a' || attributes.href === undefined) return
        const link = newLink(html, parser.startIndex, parser.endIndex, attributes, text.length, blockStart)
        links.push(link)
        open.push(link)
        inBlock.push(link)
      },
      ontext(data) {
        if (hidden > 0) return
        text += data
        for (const link of open) link.text += data
      },
      onclosetag(name, isImplied) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1)
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
  endBlock()
  return {links, text}
}

function newLink(
  html: string,
  tagStart: number,
  tagEnd: number,
  attributes: Record<string, string>,
  textIndex: number,
  blockStart: number
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
    block: {start: blockStart, end: textIndex},
    closed: false
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

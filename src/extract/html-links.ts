// Raw HTML `<a href>`: values, their offsets in the HTML, and link text.

import type * as Htmlparser2 from 'htmlparser2'
import {cjs} from '../cjs.js'
import {inline} from '../page/inline.js'
import {BADGE_IMAGE} from './badges.js'
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

export interface HtmlScan {
  links: HtmlLink[]
  /** Visible text of the HTML, for claims; comments, scripts and styles excluded. */
  text: string
  /** Where a block element (a list item, cell, paragraph) starts or ends in `text`: a sentence's end. */
  breaks: number[]
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
        tag(name)
        if (name === 'img') for (const link of open) link.badge = link.badge !== false && BADGE_IMAGE.test(attributes.src ?? '')
        if (name !== 'a' || attributes.href === undefined) return
        const link = newLink(html, parser.startIndex, parser.endIndex, attributes, text.length)
        links.push(link)
        open.push(link)
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
  return {links, text, breaks}
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

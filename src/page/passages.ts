// Visible text in reading order, as paragraph-sized passages: each block element's own text, chrome and hidden parts left out.

import {isHidden, walk, type Doc, type Element} from './dom.js'
import {inline} from './inline.js'
import {collapse} from './text.js'

/** Passages shorter than this are menu items, labels, dates: dropped. */
export const minPassageChars = 20
/** Longer blocks are cut at sentence ends into pieces about this size. */
export const maxPassageChars = 1500
/** Stop once this much text is collected. */
export const maxTotalChars = 200_000

/** Never visible, or page chrome rather than content. */
const skipped = new Set([
  'head', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'nav', 'footer', 'header', 'select',
  'option', 'button', 'textarea', 'iframe', 'object', 'canvas', 'audio', 'video', 'dialog'
])
const chromeRoles = new Set(['navigation', 'banner', 'contentinfo', 'search', 'menu', 'menubar'])

/**
 * Each block element (p, li, td, blockquote, h1–h6, dd, figcaption, but also div, section, pre …) contributes the
 * text directly inside it, up to its first nested block; text after a nested block starts a new passage. So a
 * passage is one paragraph-like run of text, in reading order. Skipped: script/style/template/noscript, nav, footer,
 * header (except a header inside article or main, which holds the article’s own heading and standfirst), buttons,
 * ARIA navigation/banner/contentinfo, `hidden` and inline `display:none` elements.
 */
export function readPassages(doc: Doc): string[] {
  const out: string[] = []
  let total = 0
  let parts: string[] = []
  let articleDepth = 0
  let full = false

  const flush = (): void => {
    const text = collapse(parts.join(''))
    parts = []
    if (text.length < minPassageChars) return
    for (const piece of split(text)) {
      if (piece.length < minPassageChars) continue
      out.push(piece)
      total += piece.length
      if (total >= maxTotalChars) {
        full = true
        return
      }
    }
  }

  walk(doc, {
    enter(element) {
      if (full) return 'stop'
      if (isSkipped(element, articleDepth > 0)) return 'skip'
      if (element.name === 'article' || element.name === 'main') articleDepth++
      if (element.name === 'br') parts.push(' ')
      else if (!inline.has(element.name)) flush()
      return full ? 'stop' : undefined
    },
    exit(element) {
      if (element.name === 'article' || element.name === 'main') articleDepth--
      if (element.name !== 'br' && !inline.has(element.name)) flush()
    },
    text(data) {
      parts.push(data)
    }
  })
  if (!full) flush()
  return out
}

function isSkipped(element: Element, inArticle: boolean): boolean {
  if (element.name === 'header') return !inArticle
  if (skipped.has(element.name)) return true
  const role = element.attribs.role?.trim().toLowerCase()
  if (role !== undefined && chromeRoles.has(role)) return true
  return isHidden(element)
}

/** Cut a long text at sentence ends (else at a space) into pieces of at most `maxPassageChars`. */
function split(text: string): string[] {
  if (text.length <= maxPassageChars) return [text]
  const pieces: string[] = []
  let rest = text
  while (rest.length > maxPassageChars) {
    const window = rest.slice(0, maxPassageChars)
    let cut = -1
    const sentence = /[.!?。！？]["'”’)\]]?\s/g
    for (let match = sentence.exec(window); match !== null; match = sentence.exec(window)) {
      if (match.index + match[0].length >= maxPassageChars / 3) cut = match.index + match[0].length
    }
    if (cut === -1) cut = window.lastIndexOf(' ') + 1
    if (cut <= 0) cut = maxPassageChars
    pieces.push(rest.slice(0, cut).trim())
    rest = rest.slice(cut).trimStart()
  }
  if (rest !== '') pieces.push(rest)
  return pieces
}

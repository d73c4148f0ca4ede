// A URL written so that Markdown reads it back as the same URL in the place it goes.

import {trimUrl} from '../extract/bare-urls.js'
import type {Slot} from './locate.js'

/**
 * Whitespace and controls end a destination or an autolink: percent-encode them (URL serialising does too). So is
 * `|`, which ends a GFM table cell wherever it stands; `%7C` is the same URL.
 */
const UNSAFE = /[\u0000-\u0020\u007f|]/g
/** `&name;` and `&#123;` would be read as character references in a destination. */
const REFERENCE = /&(?=#?[a-z\d]+;)/gi

/**
 * The text to write for `url` in `slot` over `replaced` (the URL's characters as they were), or undefined when it
 * cannot be written there faithfully.
 */
export function writeUrl(url: string, slot: Slot, mdx: boolean, replaced = ''): string | undefined {
  const safe = url.replace(UNSAFE, percent)
  switch (slot) {
    case 'destination': {
      const escaped = safe.replace(/\\/g, '\\\\').replace(REFERENCE, '\\&')
      return balanced(escaped) ? escaped : escaped.replace(/[()]/g, '\\$&')
    }
    case 'angled':
      return safe.replace(/[\\<>]/g, '\\$&').replace(REFERENCE, '\\&')
    case 'autolink':
      // No escapes work inside an autolink.
      return safe.replace(/[<>]/g, percent)
    case 'literal': {
      // GFM links `www.…` as `http://www.…`: over such a literal, a URL that can stay one keeps that form.
      const bare = /^www\./i.test(replaced) && /^http:\/\/www\./i.test(safe) ? safe.slice('http://'.length) : undefined
      return bare !== undefined && literal(bare, mdx) === bare ? bare : literal(safe, mdx)
    }
  }
}

/**
 * A bare URL must read back whole: no trailing punctuation (which ends the sentence instead), no unbalanced
 * parenthesis (an open one takes in the `)` closing the sentence's parenthesis after it) and nothing that is
 * Markdown syntax in prose. Otherwise it becomes an autolink, which MDX does not have.
 */
function literal(url: string, mdx: boolean): string | undefined {
  if (!/[\\<>`*_~[\]&{}]/.test(url) && trimUrl(url) === url && balanced(url)) return url
  return mdx ? undefined : `<${url.replace(/[<>]/g, percent)}>`
}

/** Parentheses that a raw destination accepts without escapes: balanced, never closing before opening. */
function balanced(text: string): boolean {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i)
    if (char === '\\') i++
    else if (char === '(') depth++
    else if (char === ')' && --depth < 0) return false
  }
  return depth === 0
}

function percent(char: string): string {
  return '%' + char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')
}

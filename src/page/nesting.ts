// Caps element nesting before parsing: htmlparser2 keeps open elements with Array#unshift, quadratic in nesting depth.

import {Tokenizer} from 'htmlparser2'

/** Deeper than any real page; past it, opening tags are dropped (their text stays). */
export const maxNesting = 1000

const voidElements = new Set([
  'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'image', 'img', 'input', 'isindex', 'keygen',
  'link', 'meta', 'param', 'source', 'track', 'wbr'
])
/** Opening one of these closes the same element when it is the innermost open one (`<p>a<p>b`, `<li>…<li>`). */
const selfClosing = new Set(['p', 'li', 'dd', 'dt', 'td', 'th', 'tr', 'option', 'optgroup'])

/**
 * The HTML with opening tags beyond `limit` levels of nesting removed. Nesting is estimated with a linear pass of
 * htmlparser2's own tokenizer, counting generously (the parser closes more implied elements than this does), so a
 * document that the parser would nest deeper than `limit` is always cut. Real pages come back unchanged.
 */
export function capNesting(html: string, limit = maxNesting): string {
  if (html.length < limit * 3 || !hasTags(html, limit)) return html
  const stack: string[] = []
  const open = new Map<string, number>()
  const drops: Array<[number, number]> = []
  let name = ''
  let tagStart = 0
  const push = (end: number): void => {
    if (voidElements.has(name)) return
    if (selfClosing.has(name) && stack[stack.length - 1] === name) pop()
    if (stack.length >= limit) {
      drops.push([tagStart, end + 1])
      return
    }
    stack.push(name)
    open.set(name, (open.get(name) ?? 0) + 1)
  }
  const pop = (): string | undefined => {
    const top = stack.pop()
    if (top !== undefined) open.set(top, (open.get(top) ?? 1) - 1)
    return top
  }
  const noop = (): void => {}
  const tokenizer = new Tokenizer(
    {decodeEntities: false},
    {
      onopentagname(start, end) {
        name = html.slice(start, end).toLowerCase()
        tagStart = start - 1
      },
      onopentagend: push,
      onselfclosingtag: push,
      onclosetag(start, end) {
        const closing = html.slice(start, end).toLowerCase()
        if ((open.get(closing) ?? 0) > 0) while (pop() !== closing);
      },
      onattribdata: noop,
      onattribentity: noop,
      onattribend: noop,
      onattribname: noop,
      oncdata: noop,
      oncomment: noop,
      ondeclaration: noop,
      onend: noop,
      onprocessinginstruction: noop,
      ontext: noop,
      ontextentity: noop
    }
  )
  tokenizer.write(html)
  tokenizer.end()
  if (drops.length === 0) return html
  const parts: string[] = []
  let from = 0
  for (const [start, end] of drops) {
    parts.push(html.slice(from, start))
    from = end
  }
  parts.push(html.slice(from))
  return parts.join('')
}

/** Whether `html` has at least `count` `<` characters: fewer tags cannot nest `count` deep. */
function hasTags(html: string, count: number): boolean {
  let index = -1
  for (let found = 0; found < count; found++) {
    index = html.indexOf('<', index + 1)
    if (index === -1) return false
  }
  return true
}

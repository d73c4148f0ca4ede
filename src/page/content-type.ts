// Reads the Content-Type header: media type, charset parameter, and whether the body is HTML (sniffed when the type is missing).

import {TextDecoder} from 'node:util'

/** `text/html; charset=utf-8` → `text/html`; undefined when missing or not `type/subtype`. */
export function mediaType(contentType: string | undefined): string | undefined {
  return contentType === undefined ? undefined : lastType(contentType)?.essence
}

/** The `charset` parameter, lower-cased, without quotes. */
export function charsetParam(contentType: string | undefined): string | undefined {
  return contentType === undefined ? undefined : lastType(contentType)?.charset
}

/**
 * The type a header sent more than once (its values joined with ', ') means, as browsers read it (Fetch's "extract
 * a MIME type"): the last value that is a media type, with the charset an earlier value of that type gave when it
 * gives none. A proxy's `add_header` after the page's own type, or a default before it: the last one counts.
 */
function lastType(contentType: string): {essence: string; charset: string | undefined} | undefined {
  let found: {essence: string; charset: string | undefined} | undefined
  for (const value of contentType.split(',')) {
    const essence = (value.split(';')[0] ?? '').trim().toLowerCase()
    if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence) || essence === '*/*') continue
    const charset = /;\s*charset\s*=\s*["']?([^"';\s]+)/i.exec(value)?.[1]?.toLowerCase()
    found = {essence, charset: charset ?? (found?.essence === essence ? found.charset : undefined)}
  }
  return found
}

const htmlTypes = new Set(['text/html', 'application/xhtml+xml'])

/** Media types worth scanning as text (for bot-wall markers) even when they are not parsed as HTML. */
export function isTextual(type: string | undefined): boolean {
  if (type === undefined) return true
  return type.startsWith('text/') || /[/+](?:json|xml|javascript)$/.test(type)
}

/** A type sent that is not HTML's: such a body is never parsed, so no words are read from it. */
export function isOtherThanHtml(type: string | undefined): boolean {
  return type !== undefined && !htmlTypes.has(type)
}

/** Parse as HTML: the type says so, or the type is missing and the first KB looks like HTML. */
export function isHtml(contentType: string | undefined, body: Buffer): boolean {
  const type = mediaType(contentType)
  if (type !== undefined) return htmlTypes.has(type)
  return sniffsAsHtml(body)
}

// A comment ends at its first `-->`: a lazy `[\s\S]*?` could also run on to a later one, and a server's run of
// comments then tried every way to split it (2^n, a hang at 40 of them) before failing.
const htmlStart =
  /^(?:<\?xml[^>]*>\s*)?(?:<!--(?:(?!-->)[\s\S])*-->\s*)*<(?:!doctype\s+html|html|head|body|script|iframe|h1|div|font|table|a|style|title|b|br|p|meta|link)[\s/>]/i

/** WHATWG-style sniff of the first KB (after a BOM and leading whitespace), plus `<html` anywhere in it. */
export function sniffsAsHtml(body: Buffer): boolean {
  let head = body.subarray(0, 1024)
  let text: string
  if (head[0] === 0xfe && head[1] === 0xff) text = new TextDecoder('utf-16be').decode(head)
  else if (head[0] === 0xff && head[1] === 0xfe) text = new TextDecoder('utf-16le').decode(head)
  else {
    if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) head = head.subarray(3)
    text = head.toString('latin1')
  }
  text = text.replace(/^\uFEFF/, '').trimStart()
  return htmlStart.test(text) || /<html[\s>]/i.test(text)
}

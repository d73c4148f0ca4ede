// Reads the Content-Type header: media type, charset parameter, and whether the body is HTML (sniffed when the type is missing).

import {TextDecoder} from 'node:util'

/** `text/html; charset=utf-8` → `text/html`; undefined when missing or not `type/subtype`. */
export function mediaType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined
  const essence = (contentType.split(';')[0] ?? '').split(',')[0]?.trim().toLowerCase() ?? ''
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence) && essence !== '*/*' ? essence : undefined
}

/** The `charset` parameter, lower-cased, without quotes. */
export function charsetParam(contentType: string | undefined): string | undefined {
  const match = contentType === undefined ? null : /;\s*charset\s*=\s*["']?([^"';,\s]+)/i.exec(contentType)
  return match?.[1]?.toLowerCase()
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

const htmlStart =
  /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body|script|iframe|h1|div|font|table|a|style|title|b|br|p|meta|link)[\s/>]/i

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

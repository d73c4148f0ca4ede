// Turns response bytes into text: BOM first, then the Content-Type charset, then what the document declares (a
// <meta charset> prescan, an XML declaration), then UTF-8, or for undeclared bytes that are not UTF-8 the encoding
// they look like, as browsers guess it: a legacy Japanese, Chinese, Korean or Cyrillic one, else windows-1252.
// A label no encoding answers to (`charset=none`) declares nothing, as in browsers: the next source is asked.

import {TextDecoder} from 'node:util'
import type Chardet from 'chardet'
import type * as Iconv from 'iconv-lite'
import {cjs} from '../cjs.js'
import {charsetParam, mediaType} from './content-type.js'

export interface Decoded {
  text: string
  /** The WHATWG name of the encoding used, e.g. `utf-8`, `windows-1252`. */
  encoding: string
}

/** Decode `body` (or its first `limit` bytes). Never throws: malformed bytes become U+FFFD. */
export function decodeBody(body: Buffer, contentType: string | undefined, options: {html?: boolean; limit?: number} = {}): Decoded {
  const bytes = options.limit === undefined ? body : body.subarray(0, options.limit)
  const declared = bomEncoding(bytes) ?? known(charsetParam(contentType)) ?? (options.html ? inDocument(bytes, contentType) : undefined)
  const utf8 = declared === undefined ? strictUtf8(bytes) : undefined
  if (utf8 !== undefined) return {text: utf8, encoding: 'utf-8'}
  const decoder = makeDecoder(declared ?? guessed(bytes))!
  try {
    // Node 20's TextDecoder reads windows-1252 (which `iso-8859-1`, `latin1` and `us-ascii` also name) as
    // ISO-8859-1: 0x80–0x9F become control characters, so `don’t`, `–` and `€` are lost from titles and passages.
    const text = decoder.encoding === 'windows-1252' ? cjs<typeof Iconv>('iconv-lite').decode(bytes, 'windows-1252') : decoder.decode(bytes)
    return {text, encoding: decoder.encoding}
  } catch {
    return {text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8'}
  }
}

/**
 * The encodings a guess is taken for: those of scripts windows-1252 cannot hold, whose pages it turns into mojibake
 * (an old Shift_JIS or windows-1251 page without a charset: its title a false mismatch). Chrome and Firefox guess
 * these from the bytes too; a Latin-script guess (windows-1250, ISO-8859-2) stays windows-1252, their default.
 */
const guessable = new Set(
  [
    ...['shift_jis', 'euc-jp', 'iso-2022-jp', 'gb18030', 'big5', 'euc-kr'],
    ...['windows-1251', 'koi8-r', 'iso-8859-5', 'windows-1253', 'iso-8859-7', 'windows-1255', 'iso-8859-8', 'windows-1256', 'iso-8859-6']
  ].map((label) => known(label))
)

/** The encoding undeclared bytes that are not UTF-8 look like (chardet, on their first 64 KiB), or windows-1252. */
function guessed(bytes: Buffer): string {
  const guess = known(cjs<typeof Chardet>('chardet').detect(bytes.subarray(0, 64 * 1024)) ?? undefined)
  return guess !== undefined && guessable.has(guess) ? guess : 'windows-1252'
}

function bomEncoding(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  return undefined
}

/**
 * The encoding the document names. An XHTML page is XML: its XML declaration first. An HTML page's parser skips that
 * declaration (a template's leftover `<?xml … encoding="iso-8859-1"?>` above `<meta charset="utf-8">` is UTF-8 in
 * browsers): its <meta> first, then the declaration, when no meta names an encoding.
 */
function inDocument(bytes: Buffer, contentType: string | undefined): string | undefined {
  const xml = (): string | undefined => known(xmlDeclaration(bytes))
  return mediaType(contentType) === 'application/xhtml+xml' ? xml() ?? prescanMeta(bytes) : prescanMeta(bytes) ?? xml()
}

/** `<?xml version="1.0" encoding="ISO-8859-1"?>` at the very start: an XHTML page's own declaration. */
function xmlDeclaration(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 200).toString('latin1')
  return /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([a-z0-9_.:+-]+)["']/i.exec(head)?.[1]?.toLowerCase()
}

/** The bytes as UTF-8, or undefined when they are not; a sequence cut at the end (a body read up to a limit) is dropped. */
function strictUtf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', {fatal: true}).decode(bytes, {stream: true})
  } catch {
    return undefined
  }
}

/**
 * `<meta charset=x>` or `<meta http-equiv=Content-Type content="…; charset=x">`: in the first 1024 bytes (the
 * WHATWG prescan), else anywhere before `<body` or `</head>`, since a browser's parser, still unsure of an
 * undeclared page's encoding, switches to the one a later meta names (a `<head>` of long scripts or styles).
 * Neither reads comments: `<!-- <meta charset="iso-8859-1"> -->`, a template's old declaration, declares nothing.
 */
export function prescanMeta(bytes: Buffer): string | undefined {
  const early = metaCharset(withoutComments(bytes.subarray(0, 1024).toString('latin1')))
  if (early !== undefined || bytes.length <= 1024) return early
  const text = withoutComments(bytes.toString('latin1'))
  const end = text.search(/<body[\s>]|<\/head[\s>]/i)
  return metaCharset(end === -1 ? text : text.slice(0, end))
}

/** `html` without its comments; an unclosed one runs to the end. One pass: a lazy regex rescans from each `<!--`. */
function withoutComments(html: string): string {
  const kept: string[] = []
  let at = 0
  for (;;) {
    const open = html.indexOf('<!--', at)
    if (open === -1) break
    kept.push(html.slice(at, open))
    // `<!-->` closes itself, as in the prescan.
    const close = html.indexOf('-->', open + 2)
    if (close === -1) return kept.join('')
    at = close + 3
  }
  kept.push(html.slice(at))
  return kept.join('')
}

function metaCharset(head: string): string | undefined {
  // Each tag read once, up to its `>`: searched from every `<meta` on, a head of unclosed tags was read again for
  // each (quadratic, half a minute for a megabyte).
  for (const [tag] of head.matchAll(/<meta\b[^>]*/gi)) {
    const label = /\bcharset\s*=\s*["']?\s*([a-z0-9_.:+-]+)/i.exec(tag)?.[1]
    if (label === undefined) continue
    if (label.toLowerCase() === 'x-user-defined') return 'windows-1252'
    const encoding = known(label)
    // HTML: a meta declaring UTF-16 means UTF-8 (the bytes could not have been read as ASCII otherwise).
    if (encoding !== undefined) return encoding.startsWith('utf-16') ? 'utf-8' : encoding
  }
  return undefined
}

/** The name of the encoding `label` stands for (`unicode`: `utf-16le`), when one does. */
function known(label: string | undefined): string | undefined {
  return label === undefined ? undefined : makeDecoder(label)?.encoding
}

function makeDecoder(label: string): TextDecoder | undefined {
  try {
    return new TextDecoder(label.trim())
  } catch {
    return undefined
  }
}

// Redaction: find secret-looking URL parts (credentials, secret values in the query, fragment or path) and replace them.

import {percentDecode} from './parse-url.js'
import {replaceSecretValues} from './secret-values.js'

/**
 * The secret-key rule. A parameter name is secret when
 *  1. one of its words is a secret word: the name is split on non-alphanumerics and
 *     on camelCase boundaries (`apiKey` → api, key; `X-Amz-Signature` → x, amz, signature),
 *     and the words are compared lower-cased with {@link SECRET_WORDS}; or
 *  2. the whole name, lower-cased with non-alphanumerics removed, ends with one of
 *     {@link SECRET_SUFFIXES} (`clientsecret`, `accesstoken`, `phpsessid`, `monkey`: a
 *     false positive we accept, since a leaked key costs more than a flagged link);
 *  3. unless that compacted name is a known non-secret (pagination cursors such as
 *     `pageToken`, `sortKey`).
 * So `keywords`, `author`, `design`, `signup`, `passage` are kept; `sig`, `apiKey`,
 * `client_secret`, `X-Amz-Credential`, `access_token`, `jsessionid` are secret.
 * Empty values are never secrets, nor are `true` and `false` (see {@link isSwitch}).
 */
const SECRET_WORDS = new Set([
  'token',
  'key',
  'apikey',
  'accesstoken',
  'auth',
  'authtoken',
  'authorization',
  'session',
  'sessionid',
  'sessid',
  'password',
  'passwd',
  'pwd',
  'secret',
  'sig',
  'signature',
  'credential',
  'credentials',
  'jwt',
])

const SECRET_SUFFIXES = ['token', 'key', 'secret', 'password', 'passwd', 'sessionid', 'sessid', 'signature']

const NOT_SECRET = new Set([
  'pagetoken',
  'nextpagetoken',
  'prevpagetoken',
  'previouspagetoken',
  'continuationtoken',
  'sortkey',
])

export const REDACTED = 'REDACTED'

/** True when a query (or fragment, or matrix) parameter name looks like it carries a secret. */
export function isSecretParam(name: string): boolean {
  if (typeof name !== 'string' || name === '') return false
  const compact = name.toLowerCase().replace(/[^a-z0-9]/g, '')
  if (compact === '' || NOT_SECRET.has(compact)) return false
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
  if (words.some((word) => SECRET_WORDS.has(word))) return true
  return SECRET_SUFFIXES.some((suffix) => compact.endsWith(suffix))
}

/** Names of query parameters whose value is non-empty and whose name is secret (each once, in order). */
export function secretParams(url: URL): string[] {
  return secretNames(url.searchParams)
}

/**
 * Names of secret parameters in a query-like fragment (`#access_token=…`,
 * `#/callback?token=…`): fragments are not sent, but a secret written in a
 * document has leaked all the same.
 */
export function secretFragmentParams(url: URL): string[] {
  const hash = url.hash.slice(1)
  if (!hash.includes('=')) return []
  const question = hash.lastIndexOf('?')
  return secretNames(new URLSearchParams(question === -1 ? hash : hash.slice(question + 1)))
}

function secretNames(params: URLSearchParams): string[] {
  const names: string[] = []
  for (const [name, value] of params) {
    if (value !== '' && !isSwitch(value) && isSecretParam(name) && !names.includes(name)) names.push(name)
  }
  return names
}

/**
 * A value that turns something on or off (`?auth=false`, `?session=true`): no credential, whatever the name. Only
 * these two words: a word, a date or a number under a secret name (`?key=Escape`, `?session=2024-spring`) may be a
 * password or an id, so it stays a secret.
 */
function isSwitch(value: string): boolean {
  return /^(?:true|false)$/i.test(value)
}

/**
 * Remove credentials, secret parameter values and credential-shaped values (`?t=ghp_…`, see secret-values.ts)
 * from a URL, for messages, reports, logs and cache keys: `https://user:pw@host/?token=abc&q=1` →
 * `https://REDACTED@host/?token=REDACTED&q=1`. Unparsable strings get a
 * best-effort textual redaction. Never throws.
 */
export function redactUrl(url: string): string {
  try {
    if (typeof url !== 'string') return String(url)
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return redactText(url)
    }
    if (parsed.username !== '' || parsed.password !== '') {
      parsed.password = ''
      parsed.username = REDACTED
    }
    // Query, fragment and `;matrix=` pairs are redacted textually, keeping the rest as serialised.
    return redactText(parsed.href)
  } catch {
    return REDACTED
  }
}

/**
 * A URL as a document wrote it, for reports that point back at the document: unchanged (case, IDN, `..`,
 * unescaped characters) when neither its text nor its parse holds anything to redact, else `redactUrl`'s form.
 */
export function redactWrittenUrl(url: string): string {
  const redacted = redactUrl(url)
  let href = url
  try {
    href = new URL(url).href
  } catch {
    // Not a URL: `redactUrl` redacted the text as it is.
  }
  return redacted === href && redactText(url) === url ? url : redacted
}

/** `name=value` pairs in query-like text, after a separator or at the start. */
const PAIR = /(^|[?&;#\s/])([^=&;?#\s/]+)=([^&;#\s]*)/g
/** Authority userinfo, `//user:pass@`, up to the last `@` before the path. */
const USERINFO = /\/\/[^/?#\s]*@/g
/** An `=` or `@` percent-encoded once or more (`%3D`, `%253D`): a value may hold a URL with pairs or credentials. */
const ENCODED_SEPARATOR = /%(?:25)*(?:3d|40)/i
/** How many times a value's percent-encoding is read through (a `redirect_uri` inside a `redirect_uri` is two). */
const MAX_DEPTH = 4

/**
 * Text as read, and how each character of it was written in the text the caller gave (`written[i]` spells
 * `read[i]`; no `written`: as read). So a value read through a level of percent-encoding (`%3Ftoken%3Dabc` read
 * as `?token=abc`) comes back as it was written, only its secrets replaced.
 */
interface Spelled {
  read: string
  written?: string[]
}

function redactText(text: string): string {
  // Then the values that are credentials by their form, whatever their name (`?t=ghp_…`, a webhook's path).
  return replaceSecretValues(redactSpelled({read: text}, 0), REDACTED)
}

/**
 * A part of a URL alone (its path, query or fragment, with its `/`, `?` or `#`) redacted as {@link redactUrl}
 * redacts it in the whole URL, without first failing to parse it as one (the URL policy asks this of every URL).
 */
export function redactUrlPart(part: string): string {
  return redactText(part)
}

function slice(text: Spelled, start: number, end?: number): Spelled {
  return {read: text.read.slice(start, end), ...(text.written ? {written: text.written.slice(start, end)} : {})}
}

function writtenOf(text: Spelled, start: number, end?: number): string {
  return text.written ? text.written.slice(start, end).join('') : text.read.slice(start, end)
}

/** The text as written, credentials and secret values replaced by `REDACTED`. */
function redactSpelled(text: Spelled, depth: number): string {
  const userinfo = `//${REDACTED}@`
  if (!text.written) return redactPairs({read: text.read.replace(USERINFO, userinfo)}, depth)
  let read = ''
  // Pieces, joined once: a value of thousands of credentials (`%2F%2Fa%40…`) costs its length, not its square.
  const written: string[][] = []
  let last = 0
  for (const match of text.read.matchAll(USERINFO)) {
    const end = match.index + match[0].length
    read += text.read.slice(last, match.index) + userinfo
    // `//` and `@` as they were written (`%2F%2F`, `%40`), only the credentials between them replaced.
    written.push(text.written.slice(last, match.index + 2), REDACTED.split(''), text.written.slice(end - 1, end))
    last = end
  }
  written.push(text.written.slice(last))
  return redactPairs({read: read + text.read.slice(last), written: written.flat()}, depth)
}

function redactPairs(text: Spelled, depth: number): string {
  // Before the query (`/app;jsessionid=x?q=1`) a value ends at `?`; the rest is a query of its own.
  const query = text.read.indexOf('?')
  // In the path of the URL given (not of one nested in a value: that may be a query, whose values hold `/`), a value
  // ends at `/` too (`/token=x/report.pdf`): the rest is more of the path.
  const path = text.read.search(/[?#]/)
  const pathEnd = depth > 0 ? 0 : path === -1 ? text.read.length : path
  const reader: ValueReader = {text, depth, question: finder(text.read, '?'), slash: finder(text.read, '/'), rests: [], out: []}
  let last = 0
  for (const match of text.read.matchAll(PAIR)) {
    const name = match[2]!
    const value = match.index + match[1]!.length + name.length + 1
    reader.out.push(writtenOf(text, last, value))
    last = match.index + match[0].length
    redactValue(reader, {name, start: value, end: last, beforeQuery: match.index < query, inPath: match.index < pathEnd})
  }
  reader.out.push(writtenOf(text, last))
  return reader.out.join('')
}

/**
 * A parameter's value: `start` to `end` of the text read; ending at a `?` when `beforeQuery`, and at a `/` when in
 * the path of the URL given (`inPath`).
 */
interface Value {
  name: string
  start: number
  end: number
  beforeQuery: boolean
  inPath: boolean
}

/** What reading the values of one text shares: where each `?` and `/` is, the rests still to read, the output. */
interface ValueReader {
  text: Spelled
  depth: number
  question: (from: number) => number
  slash: (from: number) => number
  /**
   * What was cut off values: a query after a path's value (`/app;id=1?token=x`), the path after a value in it
   * (`/token=x/report.pdf`, `inPath`). Each is read once the value before it is: last first.
   */
  rests: Array<[start: number, end: number, inPath: boolean]>
  out: string[]
}

/**
 * Writes a value, its secrets replaced. A value holds no `&`, `;`, `#` or space, so a pair nested in it
 * (`?next=https://a/?token=x`, `?a=b=c`) has the rest of it for its value: the pairs in a value are a chain,
 * followed in a loop, not one call per `=` (a value of thousands of `a=` would overflow the stack).
 */
function redactValue(reader: ValueReader, value: Value): void {
  let next: Value | undefined = value
  for (;;) {
    while (next) next = redactStep(reader, next)
    const rest = reader.rests.pop()
    if (!rest) return
    next = nestedPair(reader, ...rest)
  }
}

/** Writes what a value holds before the pair nested in it, and returns that pair's value, if any. */
function redactStep(reader: ValueReader, {name, start, end, beforeQuery, inPath}: Value): Value | undefined {
  const {text, out} = reader
  if (start === end) return undefined
  const cut = beforeQuery ? reader.question(start) : end
  if (cut < end) {
    reader.rests.push([cut, end, false])
    return {name, start, end: cut, beforeQuery: false, inPath}
  }
  const slash = inPath ? reader.slash(start) : end
  if (slash < end) {
    reader.rests.push([slash, end, true])
    return {name, start, end: slash, beforeQuery: false, inPath}
  }
  if (isSecretParam(decodeName(name)) && !isSwitch(text.read.slice(start, end))) {
    out.push(REDACTED)
    return undefined
  }
  // A nested URL such as `?next=https://a/?token=x` keeps its own pairs: redact those too, and those of one
  // percent-encoded in the value (`?next=https%3A%2F%2Fa%2F%3Ftoken%3Dx`), keeping its encoding.
  if (text.read.slice(start, end).includes('=')) return nestedPair(reader, start, end, inPath)
  out.push(redactEncoded(slice(text, start, end), reader.depth))
  return undefined
}

/** {@link PAIR} without its value: in a value, the first pair's value is the rest of it. */
const NESTED_PAIR = /(^|[?&;#\s/])([^=&;?#\s/]+)=/

/** Writes the text from `start` to `end` up to the value of its first pair, and returns that value, if any. */
function nestedPair(reader: ValueReader, start: number, end: number, inPath: boolean): Value | undefined {
  const {text, out} = reader
  const match = NESTED_PAIR.exec(text.read.slice(start, end))
  if (!match) {
    out.push(writtenOf(text, start, end))
    return undefined
  }
  const value = start + match.index + match[0].length
  out.push(writtenOf(text, start, value))
  const query = reader.question(start)
  return {name: match[2]!, start: value, end, beforeQuery: query < end && start + match.index < query, inPath}
}

/** Where the first `char` of `text` at or after an index is (Infinity: none); asked in order, the text is read once. */
function finder(text: string, char: string): (from: number) => number {
  let asked = 0
  let found = -1
  return (from) => {
    if (from < asked || found < from) {
      const index = text.indexOf(char, from)
      found = index === -1 ? Infinity : index
    }
    asked = from
    return found
  }
}

/** A value read through its levels of percent-encoding until it holds pairs or credentials to redact. */
function redactEncoded(value: Spelled, depth: number): string {
  if (depth >= MAX_DEPTH || !ENCODED_SEPARATOR.test(value.read)) return writtenOf(value, 0)
  const decoded = decodeAscii(value)
  return /[=@]/.test(decoded.read) ? redactSpelled(decoded, depth + 1) : redactEncoded(decoded, depth + 1)
}

/** `value` read through one level of percent-encoded ASCII characters. */
function decodeAscii(value: Spelled): Spelled {
  const {read, written = read.split('')} = value
  let decoded = ''
  const spelled: string[] = []
  for (let index = 0; index < read.length; index++) {
    if (read[index] === '%' && /^%[0-7][\da-f]$/i.test(read.slice(index, index + 3))) {
      decoded += String.fromCharCode(Number.parseInt(read.slice(index + 1, index + 3), 16))
      spelled.push(written[index]! + written[index + 1] + written[index + 2])
      index += 2
    } else {
      decoded += read[index]
      spelled.push(written[index]!)
    }
  }
  return {read: decoded, written: spelled}
}

function decodeName(name: string): string {
  return percentDecode(name.replace(/\+/g, ' '))
}

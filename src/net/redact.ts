// Redaction: find secret-looking URL parts (credentials, secret query values) and replace them.

import {percentDecode} from './parse-url.js'

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
 * Empty values are never secrets.
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
    if (value !== '' && isSecretParam(name) && !names.includes(name)) names.push(name)
  }
  return names
}

/**
 * Remove credentials and secret parameter values from a URL, for messages,
 * reports, logs and cache keys: `https://user:pw@host/?token=abc&q=1` →
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

function replacePair(match: string, lead: string, name: string, value: string, offset: number, whole: string): string {
  if (value === '') return match
  // Before the query (`/app;jsessionid=x?q=1`) a value ends at `?`; the rest is a query of its own.
  const query = whole.indexOf('?')
  const cut = query === -1 || offset < query ? value.indexOf('?') : -1
  if (cut !== -1) {
    return replacePair(`${lead}${name}=${value.slice(0, cut)}`, lead, name, value.slice(0, cut), 0, '') +
      value.slice(cut).replace(PAIR, replacePair)
  }
  if (isSecretParam(decodeName(name))) return `${lead}${name}=${REDACTED}`
  // A nested URL such as `?next=https://a/?token=x` keeps its own pairs: redact those too.
  return value.includes('=') ? `${lead}${name}=${value.replace(PAIR, replacePair)}` : match
}

function redactText(text: string): string {
  return text.replace(USERINFO, `//${REDACTED}@`).replace(PAIR, replacePair)
}

function decodeName(name: string): string {
  return percentDecode(name.replace(/\+/g, ' '))
}

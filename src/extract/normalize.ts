// URL normalisation, and which URLs count as citations at all.

import {redactWrittenUrl} from '../net/redact.js'

/** A scheme at the start of a URL (`https:`, `javascript:`, …). */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i

/** Schemes that name a contact or an identifier, not a source to fetch. */
const NOT_CITATIONS = new Set(['mailto', 'tel', 'sms', 'urn', 'doi', 'isbn'])

/**
 * A placeholder the reader fills in: a site generator's or a shell's template (`{{ site.url }}`, `{% … %}`,
 * `${HOST}`, `<%= … %>`), a URI template's or an API path's variable (`{id}`, `{+path}`, `{?q,lang}`, `{0}`), or
 * `<your-org>`. Such a URL names no page: fetched, `https://api.example.org/v1/{id}` is a 404, and `https://{{` no host.
 */
const PLACEHOLDER = /\{\{|\{%|\$\{|<%|\{[+#./;?&]?\w[\w.,:*-]*\}|<[a-z][\w -]*>/i

/**
 * A placeholder written right after a URL in prose, which ends the URL there (`<` cannot be in one):
 * `https://stackblitz.com/edit/<your-repro>`, `https://api.example.com/users/<ID>`, `…/pull/<PR number>`. Not an
 * HTML tag after a URL (`https://a.example<br>`): a placeholder says `your`, is in capitals or has a `-`, `_` or space.
 */
const PLACEHOLDER_AFTER = /^<(?:your[\w -]*|[A-Z][A-Z\d_]*(?:[-_ ][\w -]*)?|[a-z][a-z\d]*[-_ ][\w -]*)>/

/** HTML elements written in capitals, as old HTML writes them (`https://a.example<BR>`): tags, not placeholders. */
const TAG_IN_CAPITALS = /^<(?:A|B|BIG|BR|CENTER|CODE|DD|DEL|DIV|DT|EM|FONT|H[1-6]|HR|I|IMG|INS|LI|NOBR|P|S|SMALL|SPAN|STRIKE|STRONG|SUB|SUP|TD|TH|TR|TT|U|WBR)>/

/** Whether the URL in prose ending at `end` of `source` goes on with a placeholder: it names no page. */
export function beforePlaceholder(source: string, end: number): boolean {
  if (source.charAt(end) !== '<') return false
  const after = source.slice(end, end + 64)
  return PLACEHOLDER_AFTER.test(after) && !TAG_IN_CAPITALS.test(after)
}

export interface NormalizedUrl {
  /** `new URL(raw).href` without the fragment. */
  url: string
  /** The text after the first `#` as written, or undefined when none or empty. */
  fragment: string | undefined
}

/**
 * URLs already normalised. Each is normalised at parse time (to be asked for at once) and again by the extraction,
 * and a corpus cites most URLs several times: parsing them was a third of the main thread's time in both walks.
 * Emptied when full, so a long-lived process (the editor's server) keeps a bounded memo.
 */
const normalized = new Map<string, Readonly<NormalizedUrl> | undefined>()
const normalizedKept = 10_000

/** Parse `raw` as an absolute URL; undefined when it does not parse. */
export function normalizeUrl(raw: string): Readonly<NormalizedUrl> | undefined {
  if (normalized.has(raw)) return normalized.get(raw)
  if (normalized.size >= normalizedKept) normalized.clear()
  const result = parseNormalized(raw)
  normalized.set(raw, result)
  return result
}

function parseNormalized(raw: string): Readonly<NormalizedUrl> | undefined {
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    return undefined
  }
  // Setting an empty hash drops the `#` too, so `x#` and `x` normalise alike.
  parsed.hash = ''
  return Object.freeze({url: parsed.href, fragment: fragmentOf(raw)})
}

/** The fragment as written (without `#`), or undefined when none or empty. */
export function fragmentOf(raw: string): string | undefined {
  const hash = raw.indexOf('#')
  if (hash === -1) return undefined
  return raw.slice(hash + 1) || undefined
}

/**
 * `http` or `https` without its colon (`https//a.example/x`): read as a relative link, which leads nowhere on the
 * published page, though its writer meant a URL. Cited, so that citation-url-safety reports it malformed.
 */
const COLONLESS = /^https?\/\//i

/**
 * Whether a link destination is an absolute URL that cites something, or one missing its colon (`COLONLESS`).
 * Any scheme counts (unsafe ones are reported by another rule), except
 * contact/identifier schemes; one-letter schemes are Windows drives (`C:\x`).
 * A URL holding a placeholder is an example to fill in, not a citation, unless it holds a secret: a real token
 * written in one (`https://x-access-token:ghp_…@github.com/{owner}/{repo}`) has leaked, and citation-url-safety says so.
 */
export function isCitableUrl(raw: string): boolean {
  const written = raw.trim()
  const scheme = SCHEME.exec(written)?.[1]?.toLowerCase()
  const url = scheme === undefined ? COLONLESS.test(written) : scheme.length > 1 && !NOT_CITATIONS.has(scheme)
  return url && (!PLACEHOLDER.test(raw) || redactWrittenUrl(raw) !== raw)
}

/**
 * A URL as GFM reads it in a table cell, where `\|` is an escaped pipe taken out before the cell's text is read:
 * GitHub links `https://…/a\|b` there as `https://…/a|b`. micromark keeps the backslash in an autolink, a literal or
 * raw HTML, and a URL parser reads it as a `/`.
 */
export function inCell(url: string, block: {type: string} | undefined): string {
  return block?.type === 'tableCell' && url.includes('\\|') ? url.replaceAll('\\|', '|') : url
}

/** Whether any user skip pattern matches the URL as written or normalised. */
export function isSkipped(
  url: string,
  normalized: string | undefined,
  skip: readonly RegExp[]
): boolean {
  // `search` ignores `lastIndex`, so global patterns behave the same every call.
  return skip.some(
    (pattern) =>
      url.search(pattern) !== -1 ||
      (normalized !== undefined && normalized.search(pattern) !== -1)
  )
}

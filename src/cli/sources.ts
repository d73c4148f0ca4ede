// A list of sources `[{url, title, claim?}]` as a Markdown document, so every rule judges it as it judges
// a file: one paragraph per source, the claim and then `[](<url> "title")`.
//
// The link has no text: the title goes in the title attribute (a cited title meant as one), and the
// sentence the claim extractor finds is the claim alone, not the claim plus the title. A claim of several
// sentences is written as one (the extractor keeps the sentence holding the link), and the records carry
// the claim as given. URLs a claim mentions are put in code spans, which are text to the claim but never
// citations: they are not fetched.

import {findBareUrls, trimUrl} from '../extract/bare-urls.js'
import {isCitableUrl} from '../extract/normalize.js'
import {redactWrittenUrl} from '../net/redact.js'
import {oneSpace} from '../page/text.js'
import type {CitationRecord} from '../report/record.js'
import {sentenceSegmenter} from '../segmenters.js'
import {show} from '../validate.js'
import {InputError} from './input-error.js'

export interface Source {
  /** An absolute URL. */
  url: string
  /** The title the source is cited under; compared with the page's. */
  title?: string | null | undefined
  /** The sentence that cites it; judged for support and independence. */
  claim?: string | null | undefined
}

/** What reports call the list: records of `verify` say `sources:3:1` for the third source. */
export const SOURCES_FILE = 'sources'

const example = '`{"url": "https://example.com/page", "title": "A page", "claim": "What it supports"}`'

/** The list, checked; other fields of an entry are ignored. */
export function parseSources(value: unknown): Source[] {
  if (!Array.isArray(value)) {
    throw new InputError('INVALID_ARGS', `Unexpected sources \`${brief(value)}\`, expected a JSON list of objects such as ${example}`)
  }
  return value.map((entry: unknown, index) => {
    const at = `sources[${index}]`
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new InputError('INVALID_ARGS', `Unexpected \`${at}\` \`${brief(entry)}\`, expected an object such as ${example}`, {index})
    }
    const {url, title, claim} = entry as Record<string, unknown>
    if (typeof url !== 'string' || !isCitableUrl(url) || /[\r\n]/.test(url)) {
      // As written: parsing drops a line break, and the message refused a URL that read as fine.
      const written = typeof url === 'string' ? redactWrittenUrl(url) : brief(url)
      const shown = /[\u0000-\u001F\u007F]/.test(written) ? JSON.stringify(written) : written
      throw new InputError('INVALID_ARGS', `Unexpected \`${at}.url\` \`${shown}\`, expected an absolute URL such as \`https://example.com/page\``, {
        index,
        field: 'url'
      })
    }
    for (const [field, text] of [['title', title], ['claim', claim]] as const) {
      if (text !== undefined && text !== null && typeof text !== 'string') {
        throw new InputError('INVALID_ARGS', `Unexpected \`${at}.${field}\` \`${brief(text)}\`, expected a string`, {index, field})
      }
    }
    return {url, title: title as string | null | undefined, claim: claim as string | null | undefined}
  })
}

/** The document: source `i` (0-based) is the paragraph on line `2i + 1`. */
export function sourcesDocument(sources: readonly Source[]): string {
  return sources
    .map(({url, title, claim}) => {
      const said = claim ? claimText(oneSentence(flatten(claim))) : ''
      const named = title ? ` "${escapeText(title)}"` : ''
      return `${said}${said ? ' ' : ''}[](<${url.replace(/[\\<>&]/g, '\\$&')}>${named})`
    })
    .join('\n\n') + '\n'
}

/**
 * The records of the sources' own links, each placed at its source: file `sources`, line = the source's
 * 1-based position in the list, with the claim as given (on one line). URLs that the claims mention (bare
 * URLs) are not sources and are left out.
 */
export function sourceRecords(records: readonly CitationRecord[], sources: readonly Source[]): CitationRecord[] {
  return records.flatMap((record) => {
    const {kind, place} = record.citation
    if (kind !== 'link') return []
    const line = (place.start.line - 1) / 2 + 1
    const given = sources[line - 1]?.claim
    const point = {line, column: 1, offset: 0}
    const citation = {...record.citation, place: {start: point, end: point}, placeIsUrl: false, ...(given ? {claim: flatten(given)} : {})}
    return [{...record, file: SOURCES_FILE, citation}]
  })
}

/**
 * The claim as one sentence: each sentence's end but the last becomes `;`. The claim extractor keeps the
 * sentence that holds the link, which cut `A. B. [](url)` to `B.`: verdicts then hung on the order of the sentences.
 */
function oneSentence(claim: string): string {
  const parts = Array.from(sentenceSegmenter().segment(claim), ({segment}) => segment)
  return parts.map((part, index) => (index === parts.length - 1 ? part : part.replace(sentenceEnd, ';'))).join('')
}

/** The terminators that end a sentence, before any closing quotes or brackets (`»`, `“`, `」` too) and the space after them. */
const sentenceEnd = /[.!?\u2026\u3002\uFF01\uFF1F]+(?=[\p{Pe}\p{Pf}\p{Pi}"']*\s*$)/u

/**
 * What GFM links in prose besides `https://…`, whatever escapes it: `www.` domains and email addresses. Its
 * literal links carry no position, which hid the source's messages; nor is a claim's address a citation.
 */
const LITERAL = /(?<![\p{L}\p{N}_.@-])(?:www\.[^\s<>"`]+|[\w.+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)/gu

/** A claim as Markdown text: escaped, and each bare URL, `www.` domain or email address in a code span (none holds a backtick). */
function claimText(claim: string): string {
  const flat = flatten(claim)
  // A sentence's full stop after a literal is not part of it, as for a bare URL.
  const literals = [...flat.matchAll(LITERAL)].map((match) => ({start: match.index, end: match.index + trimUrl(match[0]).length}))
  const spans = [...findBareUrls(flat), ...literals]
  spans.sort((a, b) => a.start - b.start)
  let text = ''
  let at = 0
  for (const {start, end} of spans) {
    if (start < at) continue
    text += escapePunctuation(flat.slice(at, start)) + '`' + flat.slice(start, end) + '`'
    at = end
  }
  return text + escapePunctuation(flat.slice(at))
}

/** On one line: whitespace collapsed, as a blank line would end the paragraph. */
function flatten(text: string): string {
  return oneSpace(text).trim()
}

/**
 * Text that Markdown reads back as itself, on one line: whitespace collapsed (a blank line would end the
 * paragraph) and every ASCII punctuation character backslash-escaped, so nothing in it is syntax (links,
 * emphasis, HTML, entities, list or heading markers) and a title attribute cannot be closed early.
 */
function escapeText(text: string): string {
  return escapePunctuation(flatten(text))
}

function escapePunctuation(text: string): string {
  return text.replace(/[\u0021-\u002F\u003A-\u0040\u005B-\u0060\u007B-\u007E]/g, '\\$&')
}

/** A value in a message, cut short: a whole list pasted back is no help. */
function brief(value: unknown): string {
  const text = show(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

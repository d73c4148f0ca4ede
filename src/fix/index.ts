// The fix mode: rewrite the citations a check found wanting, and nothing else in the file.

import {redactUrl, redactWrittenUrl} from '../net/redact.js'
import type {CitationRecord} from '../report/record.js'
import type {Citation} from '../types.js'
import {redactText} from '../report/redact-text.js'
import {sourceText} from '../extract/source-text.js'
import {intentOf, type FixKind} from './intent.js'
import {locate, type Target} from './locate.js'
import {parse, type Parsed} from './parse.js'
import {splice, type Edit} from './splice.js'
import {definitionRemoval, unlinked} from './unlink.js'
import {writeUrl} from './write-url.js'

export {DEAD_LINK_MARKER} from './unlink.js'
export type {FixKind} from './intent.js'

export interface FixOptions {
  /** Parse the text as MDX (for `.mdx` files): no autolinks, so a URL that needs `<…>` is not rewritten. */
  mdx?: boolean
}

interface Where {
  /** The record's file. */
  file: string
  /** Where the citation starts in the text as given (1-based). */
  line: number
  column: number
  /** The URL as written, redacted. */
  from: string
}

/** A rewrite made: `to` is the new URL, or the text left where a link was ('' when a definition was removed). */
export type FixedChange = Where & {kind: FixKind; to: string}

/** A rewrite wanted but not made, and why. */
export type SkippedChange = Where & {kind: 'skipped'; wanted: FixKind; reason: string}

export type FixChange = FixedChange | SkippedChange

export interface FixResult {
  text: string
  /** In document order; redacted, so they can be shown. */
  changes: FixChange[]
}

/**
 * `text` with permanent redirects replaced by their final URL, removed citations pointed at an archived
 * copy when one is known and unlinked otherwise. `records` are the check's records of this text; a record
 * that no longer fits the text is skipped, so fixing the output again changes nothing.
 */
export function fixText(given: string, records: readonly CitationRecord[], options: FixOptions = {}): FixResult {
  // Records count lines and columns after a byte order mark, as the parse does; the mark is kept.
  const text = sourceText(given)
  const mark = given.slice(0, given.length - text.length)
  const find = finder(text, options.mdx ?? false)
  const edits: Planned[] = []
  const skipped: SkippedChange[] = []
  const definitions: Deferred[] = []
  for (const record of records) {
    // A later use is a marker (`[1]`, `[^1]`): its source is fixed where its URL is.
    if (record.citation.laterUse) continue
    const step = plan(text, record, find)
    if (step === undefined) continue
    if ('reason' in step) skipped.push(step)
    else if ('span' in step) edits.push(step)
    else definitions.push(step)
  }
  // A definition may go only once every reference through it is unlinked, so it is decided last.
  const unlinkedReferences = new Set(edits.filter((edit) => edit.reference).map((edit) => edit.span.start))
  for (const {where, target, parsed} of definitions) {
    const lines = definitionRemoval(parsed, target, unlinkedReferences)
    if (typeof lines === 'string') skipped.push({...where, kind: 'skipped', wanted: 'unlink', reason: lines})
    else edits.push({span: lines, text: '', change: {...where, kind: 'unlink', to: ''}})
  }
  const result = splice(text, edits)
  const changes = [...result.changes, ...skipped].sort((a, b) => a.line - b.line || a.column - b.column)
  return {text: mark + result.text, changes}
}

/** An edit; `reference` marks the unlinking of a `[text][id]`. */
type Planned = Edit & {reference?: boolean}

/** A removed definition, decided after the references. */
interface Deferred {
  where: Where
  target: Extract<Target, {form: 'definition'}>
  parsed: Parsed
}

type Find = (citation: Citation) => {target: Target; parsed: Parsed} | undefined

/** What to do for one record: an edit, a refusal, a definition to decide later, or nothing. */
function plan(text: string, record: CitationRecord, find: Find): Planned | SkippedChange | Deferred | undefined {
  const intent = intentOf(record)
  if (!intent) return undefined
  const where = whereOf(record)
  const skip = (wanted: FixKind, reason: string): SkippedChange => ({...where, kind: 'skipped', wanted, reason})
  if (intent.kind === 'refuse') return skip(intent.wanted, intent.reason)
  if (record.citation.kind === 'html' || record.citation.kind === 'jsx') {
    return skip(intent.kind, 'links written in HTML or JSX are left for you to fix')
  }
  const found = find(record.citation)
  if (!found) return skip(intent.kind, 'the text no longer matches the check (it changed, or was fixed already)')
  const {target, parsed} = found
  if (intent.kind === 'unlink') {
    if (target.form === 'definition') return {where, target, parsed}
    const replacement = unlinked(text, target)
    const change: FixedChange = {...where, kind: 'unlink', to: redactText(replacement)}
    return {span: target.span, text: replacement, change, reference: target.form === 'reference'}
  }
  // A reference shows its definition's URL: the definition's own record rewrites it.
  if (target.form === 'reference') return undefined
  if (!target.url) return skip(intent.kind, 'the URL’s own characters were not found in the text')
  const before = text.slice(target.url.span.start, target.url.span.end)
  const written = writeUrl(intent.url, target.url.slot, parsed.mdx, before)
  if (written === undefined) return skip(intent.kind, 'the new URL cannot be written as a bare URL in MDX')
  if (written === before) return undefined
  return {span: target.url.span, text: written, change: {...where, kind: intent.kind, to: redactUrl(intent.url)}}
}

/**
 * The construct a citation was made from, in a GFM parse or else a CommonMark one: the check parsed with
 * the user's plugins, and the two read bare URLs and footnotes differently. Each parse is made when needed.
 */
function finder(text: string, mdx: boolean): Find {
  const parses: Parsed[] = []
  return (citation) => {
    for (const gfm of [true, false]) {
      const index = gfm ? 0 : 1
      const parsed = (parses[index] ??= parse(text, {mdx, gfm}))
      const target = locate(parsed, citation)
      if (target) return {target, parsed}
    }
    return undefined
  }
}

function whereOf(record: CitationRecord): Where {
  const {start} = record.citation.place
  return {file: record.file, line: start.line, column: start.column, from: redactWrittenUrl(record.citation.url)}
}

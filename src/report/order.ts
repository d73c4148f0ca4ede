// The one order every report lists citations in: normalised URL, then file, line and column.

import {redactUrl} from '../net/redact.js'
import type {Action} from '../types.js'
import type {CitationRecord} from './record.js'

/** `removed` before `flagged` before `ok`: the order of importance. */
export const actionRank: Record<Action, number> = {removed: 0, flagged: 1, ok: 2}

/** The source a citation points at, as reports name it: its normalised URL (as written when it does not parse), redacted. */
export function urlKey(record: CitationRecord): string {
  return redactUrl(record.citation.normalizedUrl ?? record.citation.url)
}

/** A file path as reports show it: forward slashes, no leading `./`. */
export function reportPath(file: string): string {
  return file.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '')
}

/**
 * Normalised URL, file, start, end, the URL as written, then the verdicts: every field that tells two
 * records apart, so the same records in any order sort the same. Code-unit comparison, not `localeCompare`,
 * so the order does not depend on the machine's locale.
 */
export function compareRecords(a: CitationRecord, b: CitationRecord): number {
  const as = a.citation.place
  const bs = b.citation.place
  return (
    compareText(urlKey(a), urlKey(b)) ||
    compareText(reportPath(a.file), reportPath(b.file)) ||
    as.start.line - bs.start.line ||
    as.start.column - bs.start.column ||
    as.end.line - bs.end.line ||
    as.end.column - bs.end.column ||
    compareText(redactUrl(a.citation.url), redactUrl(b.citation.url)) ||
    compareText(JSON.stringify(a.verdicts), JSON.stringify(b.verdicts))
  )
}

/** A sorted copy; the input is left as it was. */
export function sortRecords(records: readonly CitationRecord[]): CitationRecord[] {
  return [...records].sort(compareRecords)
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

// What a citation's record asks the fix mode to do: point at the final URL of a permanent redirect, at an
// archived copy of a removed source, stop linking a removed source, or drop a URL's tracking parameters.

import {paramNames, redirectEnd, withoutParams} from '../judge/tracking.js'
import {parseUrl} from '../net/parse-url.js'
import {REDACTED} from '../net/redact.js'
import type {CitationRecord} from '../report/record.js'

export type FixKind = 'redirect' | 'archive' | 'unlink' | 'untrack'

export type Intent =
  | {kind: 'redirect' | 'archive' | 'untrack'; url: string}
  | {kind: 'unlink'}
  /** A fix is wanted but must not be made; `reason` says why. */
  | {kind: 'refuse'; wanted: FixKind; reason: string}

/** The fix a record asks for, or undefined when its citation is fine as written. */
export function intentOf(record: CitationRecord): Intent | undefined {
  if (record.action === 'removed') {
    // A retracted or withdrawn paper is still there, and its page shows the notice: `(dead link)` would be untrue.
    if (record.verdicts.every((verdict) => verdict.action !== 'removed' || verdict.rule === 'citation-retracted')) {
      return {kind: 'refuse', wanted: 'unlink', reason: 'a retracted or withdrawn paper is live: say so in the text, or cite another source'}
    }
    // An archived copy (a removed verdict's `expected`) keeps the citation; a redacted one cannot be written,
    // and unlinking takes the secret-bearing URL out of the document anyway.
    const archived = record.verdicts.find(
      (verdict) => verdict.action === 'removed' && verdict.expected !== undefined && writable(verdict.expected)
    )?.expected
    return archived === undefined ? {kind: 'unlink'} : {kind: 'archive', url: archived}
  }
  const {report} = record
  // Only the end of an all-permanent redirect chain is a replacement (the verdict keeps the cited `#fragment`,
  // as browsers do across a redirect); other `expected` values (a nearer `#anchor`) are suggestions to weigh.
  // (The URL without its tracking parameters is no redirect's end, even where the site redirects there.)
  const end = report.permanentRedirect ? redirectEnd(record.citation, report) : undefined
  const final = record.verdicts.find(
    (verdict) =>
      end !== undefined &&
      verdict.rule !== 'citation-tracking-params' &&
      verdict.expected !== undefined &&
      verdict.expected.replace(/#.*$/s, '') === end
  )?.expected
  if (final === undefined) return untracked(record)
  if (!writable(final)) {
    return {kind: 'refuse', wanted: 'redirect', reason: 'the final URL is redacted (it carries a secret)'}
  }
  // A source that moved to a "not found" page did not move: the cited URL is the one an archive knows it by.
  if (record.verdicts.some((verdict) => verdict.rule === 'citation-soft-404')) {
    return {kind: 'refuse', wanted: 'redirect', reason: 'the final page may be a “not found” page (`citation-soft-404`)'}
  }
  return {kind: 'redirect', url: untrackedEnd(final, record)}
}

/**
 * A redirect's end less the tracking parameters `citation-tracking-params` took off the cited URL, which a redirect
 * often carries along: written as it came, the next check would report them, and `--fix` would change it again.
 */
function untrackedEnd(final: string, record: CitationRecord): string {
  const clean = record.verdicts.find((verdict) => verdict.rule === 'citation-tracking-params')?.expected
  if (clean === undefined) return final
  const kept = paramNames(clean)
  const taken = paramNames(record.citation.url)
  return withoutParams(final, (name) => taken.has(name) && !kept.has(name))?.url ?? final
}

/** The cited URL without its tracking parameters (`citation-tracking-params`' `expected`), when no redirect's end replaces it. */
function untracked(record: CitationRecord): Intent | undefined {
  const url = record.verdicts.find((verdict) => verdict.rule === 'citation-tracking-params')?.expected
  return url !== undefined && writable(url) ? {kind: 'untrack', url} : undefined
}

/** An absolute http(s) URL that holds no redaction placeholder. */
function writable(url: string): boolean {
  const parsed = parseUrl(url)
  return !url.includes(REDACTED) && (parsed?.protocol === 'https:' || parsed?.protocol === 'http:')
}


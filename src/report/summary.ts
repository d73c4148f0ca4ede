// The human summary of the source-verification seed: ✓ ✗ ⚠ ○ per source with the reason, then counts.

import {cutUrl} from '../judge/verdict.js'
import {findingsOf} from './findings.js'
import {oneLine} from './one-line.js'
import {actionMarks, reportPath, sortUnchecked} from './order.js'
import {sourceReason, type RulesRun} from './reason.js'
import type {CitationRecord, RecordAction, UncheckedFile} from './record.js'
import {countActions, groupSources} from './sources.js'

export interface SummaryOptions {
  /** ANSI colours on the marks and tags (for a terminal that wants them); off by default. */
  color?: boolean
  rules?: RulesRun
  /** Files that could not be checked, listed after the sources. */
  unchecked?: readonly UncheckedFile[]
}

const tags: Record<RecordAction, string> = {ok: '', removed: ' (REMOVED)', flagged: ' (FLAGGED)', ignored: ' (IGNORED)'}
const colors: Record<RecordAction, string> = {ok: '\u001B[32m', removed: '\u001B[31m', flagged: '\u001B[33m', ignored: '\u001B[90m'}
/**
 * Findings listed under one source; the rest are counted. A digest: a link in every page's footer, or a generated
 * list citing one source 100,000 times, would otherwise repeat the whole report (which has them all) per source.
 */
export const findingsPerSource = 20

/**
 * ```text
 * Source verification (4 sources, 5 citations):
 *   ✓ https://example.com/ok — 200 OK, title matches
 *   ✗ https://example.com/gone — 404 Not Found (REMOVED)
 *       docs/a.md:3:5 citation-alive: Unexpected dead citation `…`, expected a live source (`404 Not Found`)
 *   ○ https://example.com/old — 410 Gone, citation-alive ignored (IGNORED)
 *
 * Summary: 1 ok, 1 removed, 1 flagged, 1 ignored
 * ```
 * Sources in report order (by normalised URL); under each source that needs action, its findings at their
 * places (the first {@link findingsPerSource}, then how many more). Ends with a newline.
 */
export function humanSummary(records: readonly CitationRecord[], options: SummaryOptions = {}): string {
  const paint = (action: RecordAction, text: string) => (options.color && text ? `${colors[action]}${text}\u001B[39m` : text)
  const groups = groupSources(records)
  const counts = countActions(groups)
  const sources = `${groups.length} ${groups.length === 1 ? 'source' : 'sources'}`
  const citations = records.length === groups.length ? '' : `, ${records.length} ${records.length === 1 ? 'citation' : 'citations'}`
  const lines = [`Source verification (${sources}${citations}):`]
  for (const group of groups) {
    lines.push(`  ${paint(group.action, actionMarks[group.action])} ${oneLine(cutUrl(group.url))} — ${oneLine(sourceReason(group, options.rules))}${paint(group.action, tags[group.action])}`)
    let listed = 0
    let more = 0
    for (const record of group.records) {
      const {line, column} = record.citation.place.start
      for (const finding of findingsOf(record)) {
        if (listed++ < findingsPerSource) lines.push(`      ${oneLine(reportPath(record.file))}:${line}:${column} ${finding.rule}: ${oneLine(finding.message)}`)
        else more++
      }
    }
    if (more > 0) lines.push(`      … and ${more} more`)
  }
  lines.push(...uncheckedLines(options.unchecked ?? [], (text) => paint('removed', text)))
  const unchecked = options.unchecked?.length ?? 0
  const notChecked = unchecked === 0 ? '' : `, ${unchecked} ${unchecked === 1 ? 'file' : 'files'} not checked`
  const ignored = counts.ignored === 0 ? '' : `, ${counts.ignored} ignored`
  lines.push('', `Summary: ${counts.ok} ok, ${counts.removed} removed, ${counts.flagged} flagged${ignored}${notChecked}`)
  return lines.join('\n') + '\n'
}

/** `✗ page.mdx:3:1 not checked: <reason>` per file whose parser stopped, after the sources. */
function uncheckedLines(unchecked: readonly UncheckedFile[], paint: (text: string) => string): string[] {
  if (unchecked.length === 0) return []
  const lines = ['', `Not checked (${unchecked.length} ${unchecked.length === 1 ? 'file' : 'files'}):`]
  for (const each of sortUnchecked(unchecked)) lines.push(`  ${paint('✗')} ${oneLine(reportPath(each.file))}:${each.line}:${each.column} ${oneLine(each.message)}`)
  return lines
}

// Citations grouped by the source they point at: what the per-source reports (JSON, summary) list.

import {redactWrittenUrl} from '../net/redact.js'
import type {SourceReport, Status} from '../types.js'
import {actionRank, sortRecords, statusRank, urlKey} from './order.js'
import type {CitationRecord, RecordAction} from './record.js'

export interface SourceGroup {
  /** The normalised URL, redacted (the grouping key). */
  normalizedUrl: string
  /** The URL as the first citation wrote it, redacted: what a caller of `verify` passed in. */
  url: string
  /** The citations of this source, in report order. */
  records: CitationRecord[]
  /**
   * The citation whose action is the worst, and of those the status (the first such), which speaks for the source:
   * of two flagged citations, the wrong title's, not the weak source's `valid` by the order of their files.
   */
  decider: CitationRecord
  action: RecordAction
  status: Status
  report: SourceReport
}

/**
 * One group per normalised URL, in report order. A source cited twice keeps the worse outcome: a title
 * mismatch at one citation flags the source even where another citation names it right.
 */
export function groupSources(records: readonly CitationRecord[]): SourceGroup[] {
  const groups = new Map<string, CitationRecord[]>()
  for (const record of sortRecords(records)) {
    const key = urlKey(record)
    const list = groups.get(key)
    if (list) list.push(record)
    else groups.set(key, [record])
  }
  return [...groups].map(([normalizedUrl, list]) => {
    let decider = list[0]!
    for (const record of list) if (worse(record, decider)) decider = record
    return {
      normalizedUrl,
      url: redactWrittenUrl(list[0]!.citation.url),
      records: list,
      decider,
      action: decider.action,
      status: decider.status,
      report: decider.report
    }
  })
}

function worse(a: CitationRecord, b: CitationRecord): boolean {
  const byAction = actionRank[a.action] - actionRank[b.action]
  return byAction < 0 || (byAction === 0 && statusRank[a.status] < statusRank[b.status])
}

/** How many of `items` have each action. */
export function countActions(items: ReadonlyArray<{action: RecordAction}>): Record<RecordAction, number> {
  const counts: Record<RecordAction, number> = {ok: 0, removed: 0, flagged: 0, ignored: 0}
  for (const item of items) counts[item.action]++
  return counts
}

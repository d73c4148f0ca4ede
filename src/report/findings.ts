// What a report lists as problems: each verdict of a rule that asks for action, with its citation.

import type {RuleName, Verdict} from '../judge/verdict.js'
import {sortRecords} from './order.js'
import type {CitationRecord} from './record.js'
import {redactText} from './redact-text.js'

export interface Finding {
  record: CitationRecord
  rule: RuleName
  action: 'removed' | 'flagged'
  verdict: Verdict
  /** The verdict's message, redacted again. */
  message: string
}

/** The findings of the records, in report order (see `sortRecords`), each record's in its rules' order. */
export function findings(records: readonly CitationRecord[]): Finding[] {
  return sortRecords(records).flatMap((record) => findingsOf(record))
}

/**
 * A record's verdicts that name a rule and ask for action; `ok` verdicts have nothing to show. `verdicts`: the
 * record's own by default, or those a lint comment silenced (`record.ignored`).
 */
export function findingsOf(record: CitationRecord, verdicts: readonly Verdict[] = record.verdicts): Finding[] {
  const list: Finding[] = []
  for (const verdict of verdicts) {
    if (verdict.rule === undefined || verdict.action === 'ok') continue
    list.push({record, rule: verdict.rule, action: verdict.action, verdict, message: redactText(verdict.message)})
  }
  return list
}

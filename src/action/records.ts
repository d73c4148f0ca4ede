// The bin's JSONL report read back as CitationRecords, so the Action reuses the GitHub writers of src/report.

import {posix} from 'node:path'
import type {JsonlRecord} from '../report/jsonl.js'
import {reportPath} from '../report/order.js'
import type {CitationRecord} from '../report/record.js'

/**
 * One record per JSONL line. `prefix` is the bin's working directory inside the repository (`docs/`):
 * record paths are relative to that folder, annotations want them relative to the repository.
 * Only what the GitHub writers read is rebuilt (place, URLs, verdicts, actions); the page is not in JSONL.
 */
export function recordsFromJsonl(text: string, prefix: string): CitationRecord[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => toCitationRecord(JSON.parse(line) as JsonlRecord, prefix))
}

function toCitationRecord(line: JsonlRecord, prefix: string): CitationRecord {
  const file = posix.normalize(posix.join(prefix, reportPath(line.file)))
  return {
    file,
    action: line.action,
    status: line.status,
    citation: {
      kind: line.kind,
      url: line.url,
      normalizedUrl: line.normalized_url,
      fragment: undefined,
      citedTitle: line.cited_title ?? undefined,
      claim: line.claim ?? undefined,
      // Offsets are not in the report; nothing here reads them.
      place: {start: {line: line.line, column: line.column, offset: 0}, end: {line: line.end_line, column: line.end_column, offset: 0}},
      placeIsUrl: false
    },
    report: {
      url: line.normalized_url,
      finalUrl: line.final_url,
      hops: [],
      status: line.http_status ?? undefined,
      liveness: line.liveness,
      reason: line.reason,
      errorCode: undefined,
      permanentRedirect: false,
      page: undefined,
      elapsedMs: 0,
      checkedAt: ''
    },
    verdicts: line.verdicts.map((verdict) => ({
      rule: verdict.rule,
      action: verdict.action,
      status: verdict.status,
      message: verdict.message,
      ...(verdict.expected === undefined ? {} : {expected: verdict.expected})
    }))
  }
}

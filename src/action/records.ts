// The bin's JSONL report read back as CitationRecords, so the Action reuses the GitHub writers of src/report.

import {posix} from 'node:path'
import type {Verdict} from '../judge/verdict.js'
import type {JsonUncheckedFile, JsonVerdict} from '../report/json.js'
import type {JsonlRecord} from '../report/jsonl.js'
import {reportPath} from '../report/order.js'
import type {CitationRecord, UncheckedFile} from '../report/record.js'
import type {Place} from '../types.js'

/** What the bin's JSONL report holds: a record per citation, and the files it could not check. */
export interface JsonlContents {
  records: CitationRecord[]
  unchecked: UncheckedFile[]
}

/**
 * One record per JSONL line, or an unchecked file for a line with an `error`. `prefix` is the bin's working
 * directory inside the repository (`docs/`): record paths are relative to that folder, annotations want them
 * relative to the repository. Only what the GitHub writers read is rebuilt (place, URLs, verdicts, actions);
 * the page is not in JSONL.
 */
export function recordsFromJsonl(text: string, prefix: string): JsonlContents {
  const contents: JsonlContents = {records: [], unchecked: []}
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    const parsed = JSON.parse(line) as JsonlRecord | JsonUncheckedFile
    if ('error' in parsed) contents.unchecked.push({file: repositoryPath(prefix, parsed.file), line: parsed.line, column: parsed.column, message: parsed.error})
    else contents.records.push(toCitationRecord(parsed, prefix))
  }
  return contents
}

function repositoryPath(prefix: string, file: string): string {
  return posix.normalize(posix.join(prefix, reportPath(file)))
}

function toCitationRecord(line: JsonlRecord, prefix: string): CitationRecord {
  const file = repositoryPath(prefix, line.file)
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
      place: placeOf(line),
      ...(line.claim_place === undefined ? {} : {claimPlace: placeOf(line.claim_place)}),
      placeIsUrl: false,
      ...(line.later_use ? {laterUse: true as const} : {})
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
    verdicts: line.verdicts.map(toVerdict),
    ...(line.ignored === undefined ? {} : {ignored: line.ignored.map(toVerdict)})
  }
}

/** A report's range as a Place; offsets are not in the report, and nothing here reads them. */
function placeOf(range: {line: number; column: number; end_line: number; end_column: number}): Place {
  return {start: {line: range.line, column: range.column, offset: 0}, end: {line: range.end_line, column: range.end_column, offset: 0}}
}

function toVerdict(verdict: JsonVerdict): Verdict {
  return {
    rule: verdict.rule,
    action: verdict.action,
    status: verdict.status,
    message: verdict.message,
    ...(verdict.expected === undefined ? {} : {expected: verdict.expected})
  }
}

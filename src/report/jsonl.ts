// The `--report jsonl` shape of the citations-validate seed: one record per citation, sorted by
// normalised URL, and a digest of the inputs so a pipeline can tell "same question, new answer".

import {createHash} from 'node:crypto'
import {redactUrl, redactWrittenUrl} from '../net/redact.js'
import type {CitationKind, Liveness} from '../types.js'
import {laterUseField, nullableText, uncheckedJson, verdictFields, type JsonCitation} from './json.js'
import {jsonText} from './json-text.js'
import {reportPath, sortRecords, sortUnchecked, urlKey} from './order.js'
import type {CitationRecord, UncheckedFile} from './record.js'
import {redactText} from './redact-text.js'

/**
 * One citation, in the seed's snake_case: `normalized_url` and `status` (its five statuses) first.
 * Nothing that changes from run to run with the same answers (check time, elapsed time) is in it, so
 * offline runs write the same bytes.
 */
export interface JsonlRecord extends JsonCitation {
  /** Redacted; the URL as written when it does not parse, so every record has a sort key. */
  normalized_url: string
  kind: CitationKind
  final_url: string
  http_status: number | null
  liveness: Liveness
  reason: string
  page_title: string | null
  /**
   * Where the text cites the source for `claim`, when elsewhere than the citation: a footnote's reference `[^1]`, a
   * numbered source's marker `[1]`; absent otherwise.
   */
  claim_place?: {line: number; column: number; end_line: number; end_column: number}
}

export interface JsonlReport {
  records: JsonlRecord[]
  /** One JSON object per line, each line ending in a newline; empty when there are no records and no unchecked files. */
  text: string
  /**
   * `sha256:<hex>` over the inputs, recomputable from the file alone: for each citation record in order, the line
   * `JSON.stringify([file, line, column, url, cited_title, claim])` plus `\n`, with the values as the
   * record holds them (redacted). The outcomes (status, verdicts) are not inputs, so a rerun that finds a
   * source dead since keeps the digest.
   */
  inputsDigest: string
  /** How many records were written (the seed's `validated`). */
  validated: number
}

/** `unchecked`: files whose parser stopped, each a line `{file, line, column, error}` before the citations. */
export function jsonlReport(records: readonly CitationRecord[], unchecked: readonly UncheckedFile[] = []): JsonlReport {
  const list = sortRecords(records).map((record) => ({...jsonlRecord(record), ...claimPlaceField(record)}))
  const errors = sortUnchecked(unchecked).map(uncheckedJson)
  const hash = createHash('sha256')
  for (const record of list) {
    hash.update(JSON.stringify(inputsOf(record)) + '\n')
  }
  return {
    records: list,
    text: [...errors, ...list].map((record) => jsonText(record) + '\n').join(''),
    inputsDigest: 'sha256:' + hash.digest('hex'),
    validated: list.length
  }
}

/** The fields of a record that were asked about rather than found out. */
export function inputsOf(record: JsonlRecord): unknown[] {
  return [record.file, record.line, record.column, record.url, record.cited_title, record.claim]
}

function claimPlaceField({citation: {claimPlace: place}}: CitationRecord): Pick<JsonlRecord, 'claim_place'> {
  return place ? {claim_place: {line: place.start.line, column: place.start.column, end_line: place.end.line, end_column: place.end.column}} : {}
}

function jsonlRecord(record: CitationRecord): JsonlRecord {
  const {citation, report} = record
  const pageTitle = report.page?.titles[0]?.text
  return {
    normalized_url: urlKey(record),
    status: record.status,
    action: record.action,
    file: reportPath(record.file),
    line: citation.place.start.line,
    column: citation.place.start.column,
    end_line: citation.place.end.line,
    end_column: citation.place.end.column,
    kind: citation.kind,
    url: redactWrittenUrl(citation.url),
    cited_title: nullableText(citation.citedTitle),
    cited_address: nullableText(citation.textAddress?.text),
    claim: nullableText(citation.claim),
    ...laterUseField(record),
    final_url: redactUrl(report.finalUrl),
    http_status: report.status ?? null,
    liveness: report.liveness,
    reason: redactText(report.reason),
    page_title: nullableText(pageTitle),
    ...verdictFields(record)
  }
}

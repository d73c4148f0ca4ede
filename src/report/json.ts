// The `--report json` shape of the source-verification seed: `{results, summary}`, one result per source.

import type {RuleName, Verdict, VerdictAbout} from '../judge/verdict.js'
import {redactUrl, redactWrittenUrl} from '../net/redact.js'
import type {Action, Liveness, Status} from '../types.js'
import {findingsOf} from './findings.js'
import {jsonText} from './json-text.js'
import {reportPath, sortUnchecked} from './order.js'
import {sourceReason, titleMatch, type RulesRun} from './reason.js'
import type {CitationRecord, RecordAction, UncheckedFile} from './record.js'
import {redactText, redactValue} from './redact-text.js'
import {countActions, groupSources, type SourceGroup} from './sources.js'

export interface JsonReport {
  results: JsonResult[]
  summary: JsonSummary
  /** Files that could not be checked (an MDX syntax error), by path; only when there are some. */
  unchecked_files?: JsonUncheckedFile[]
}

/** A file whose parser stopped, at the place it gave. */
export interface JsonUncheckedFile {
  file: string
  line: number
  column: number
  error: string
}

/** The seed's fields first (`url` … `reason`), then ours. Absent values are `null`, as the seed has them. */
export interface JsonResult {
  /** As its first citation wrote it (see `JsonCitation.url`); `normalized_url` is the parsed form that groups citations. */
  url: string
  cited_title: string | null
  http_status: number | null
  page_title: string | null
  title_match: boolean | null
  action: RecordAction
  reason: string
  status: Status
  normalized_url: string
  final_url: string
  liveness: Liveness
  /** Link text that is an address (`nature.com`), as the deciding citation (else the first that has one) wrote it. */
  cited_address: string | null
  citations: JsonCitation[]
}

export interface JsonCitation {
  file: string
  line: number
  column: number
  end_line: number
  end_column: number
  /**
   * The URL as the document wrote it, so a search of the document finds it (`Köln`, not `K%C3%B6ln`); one holding
   * a secret is redacted, and then in its parsed form.
   */
  url: string
  cited_title: string | null
  /**
   * Link text that is nothing but an address (`[nature.com](…)`, `[https://…](…)`), which `citation-title-match`
   * holds to the site the link opens; `null` for any other text.
   */
  cited_address: string | null
  claim: string | null
  /**
   * True for a later use of a footnote or numbered source (see `Citation.laterUse`): its `[^1]` or `[1]` in a later
   * sentence, judged for that sentence only; absent otherwise.
   */
  later_use?: true
  action: RecordAction
  status: Status
  verdicts: JsonVerdict[]
  /** The findings a `<!--lint ignore-->` comment silenced; only when there are some. */
  ignored?: JsonVerdict[]
}

export interface JsonVerdict {
  rule: RuleName
  /** What the rule compared, for one that checks two things: `title` or `link-text` for `citation-title-match`. */
  about?: VerdictAbout
  action: Action
  status: Status
  message: string
  /** The replacement an editor may offer for the URL, when there is one. */
  expected?: string
}

/** Sources per action, as the seed counts them; `ignored` (sources whose only findings were silenced) only when there are some. */
export interface JsonSummary {
  total: number
  ok: number
  removed: number
  flagged: number
  ignored?: number
}

export interface JsonReportOptions {
  /** The rules that ran; `title_match` is `null` when `citation-title-match` was not among them. */
  rules?: RulesRun
  unchecked?: readonly UncheckedFile[]
}

/** The report object; results sorted by normalised URL, citations within a result by file and place. */
export function jsonReport(records: readonly CitationRecord[], options: JsonReportOptions = {}): JsonReport {
  const groups = groupSources(records)
  const counts = countActions(groups)
  const unchecked = options.unchecked ?? []
  return {
    results: groups.map((group) => result(group, options.rules)),
    summary: {total: groups.length, ok: counts.ok, removed: counts.removed, flagged: counts.flagged, ...(counts.ignored === 0 ? {} : {ignored: counts.ignored})},
    ...(unchecked.length === 0 ? {} : {unchecked_files: sortUnchecked(unchecked).map(uncheckedJson)})
  }
}

/** An unchecked file as report data, its reason redacted. */
export function uncheckedJson({file, line, column, message}: UncheckedFile): JsonUncheckedFile {
  return {file: reportPath(file), line, column, error: redactText(message)}
}

/** The report as a file holds it: two-space indented JSON and a final newline. */
export function jsonReportText(records: readonly CitationRecord[], options: JsonReportOptions = {}): string {
  return jsonText(jsonReport(records, options), 2) + '\n'
}

function result(group: SourceGroup, rules: RulesRun | undefined): JsonResult {
  const {decider, report} = group
  const cited = decider.citation.citedTitle ?? group.records.find((record) => record.citation.citedTitle)?.citation.citedTitle
  const address = (decider.citation.textAddress ?? group.records.find((record) => record.citation.textAddress)?.citation.textAddress)?.text
  const pageTitle = report.page?.titles[0]?.text
  return {
    url: group.url,
    cited_title: nullableText(cited),
    http_status: report.status ?? null,
    page_title: nullableText(pageTitle),
    title_match: titleMatch(group, rules),
    action: group.action,
    reason: sourceReason(group, rules),
    status: group.status,
    normalized_url: group.normalizedUrl,
    final_url: redactUrl(report.finalUrl),
    liveness: report.liveness,
    cited_address: nullableText(address),
    citations: group.records.map(citationJson)
  }
}

function citationJson(record: CitationRecord): JsonCitation {
  const {citation} = record
  return {
    file: reportPath(record.file),
    line: citation.place.start.line,
    column: citation.place.start.column,
    end_line: citation.place.end.line,
    end_column: citation.place.end.column,
    url: redactWrittenUrl(citation.url),
    cited_title: nullableText(citation.citedTitle),
    cited_address: nullableText(citation.textAddress?.text),
    claim: nullableText(citation.claim),
    ...laterUseField(record),
    action: record.action,
    status: record.status,
    ...verdictFields(record)
  }
}

export function laterUseField({citation}: CitationRecord): Pick<JsonCitation, 'later_use'> {
  return citation.laterUse ? {later_use: true} : {}
}

/** A record's `verdicts`, and the `ignored` ones when there are some. */
export function verdictFields(record: CitationRecord): Pick<JsonCitation, 'verdicts' | 'ignored'> {
  const ignored = verdictsJson(record, record.ignored ?? [])
  return {verdicts: verdictsJson(record), ...(ignored.length === 0 ? {} : {ignored})}
}

/** A record's findings (or the silenced ones) as report data, messages and replacements redacted. */
function verdictsJson(record: CitationRecord, verdicts: readonly Verdict[] = record.verdicts): JsonVerdict[] {
  return findingsOf(record, verdicts).map(({verdict, rule, message}) => ({
    rule,
    ...(verdict.about === undefined ? {} : {about: verdict.about}),
    action: verdict.action,
    status: verdict.status,
    message,
    ...(verdict.expected === undefined ? {} : {expected: redactValue(verdict.expected)})
  }))
}

/** Text a report quotes from the document, redacted; `null` when there is none, as the seed has absent values. */
export function nullableText(text: string | undefined): string | null {
  return text === undefined ? null : redactText(text)
}

// The reports `--report` asks for: their text, and where each goes (a file, atomically, or stdout).

import {jsonReportText} from '../report/json.js'
import {jsonlReport} from '../report/jsonl.js'
import type {RulesRun} from '../report/reason.js'
import type {CitationRecord, UncheckedFile} from '../report/record.js'
import {sarifReportText} from '../report/sarif.js'
import {humanSummary} from '../report/summary.js'
import {writeReport} from '../report/write.js'
import {write} from './io.js'
import type {ReportFormat, ReportSpec} from './report-spec.js'

/** What a report says besides the records: the rules that ran, and the files that could not be checked. */
export interface ReportContext {
  rules?: RulesRun | undefined
  unchecked?: readonly UncheckedFile[]
}

/** The text of a report; the summary without colours, as files and pipes want it. */
export function reportText(format: ReportFormat, records: readonly CitationRecord[], {rules, unchecked = []}: ReportContext): string {
  const options = rules ? {rules, unchecked} : {unchecked}
  switch (format) {
    case 'json':
      return jsonReportText(records, options)
    case 'jsonl':
      return jsonlReport(records, unchecked).text
    case 'sarif':
      return sarifReportText(records, {unchecked})
    case 'summary':
      return humanSummary(records, options)
  }
}

/**
 * Every report with a path, each written atomically; then the one without a path, if any, to `stdout`. A report that
 * cannot be written does not keep the others from being written: the first such failure is thrown once all were
 * tried (`ReportWriteError`), and stdout is then left untouched.
 */
export async function emitReports(
  specs: readonly ReportSpec[],
  records: readonly CitationRecord[],
  context: ReportContext,
  stdout: NodeJS.WritableStream
): Promise<void> {
  let failure: unknown
  for (const spec of specs) {
    if (spec.path === undefined) continue
    try {
      await writeReport(spec.path, reportText(spec.format, records, context))
    } catch (error) {
      failure ??= error
    }
  }
  if (failure !== undefined) throw failure
  for (const spec of specs) {
    if (spec.path === undefined) await write(stdout, reportText(spec.format, records, context))
  }
}

/**
 * Library API, for pipelines that check citations without the remark CLI: extract citations from mdast,
 * verify URLs, judge them, write reports; recognise paper identifiers.
 */

export {checkFile, type CheckedCitation} from './check.js'
export {extractCitations, type ExtractOptions} from './extract/index.js'
export {detectConflictOfInterest, type ConflictOptions, type ConflictSignal} from './judge/conflict.js'
export {judgeLiveness, sameSite, type LivenessOptions, type LivenessRule} from './judge/liveness.js'
export type {RuleName, Verdict} from './judge/verdict.js'
export {redactUrl} from './net/redact.js'
export {OptionsError, resolveSettings, type Options, type Settings} from './options.js'
export {FixturesError, type FixtureEntry, type FixtureFile} from './verify/fixtures.js'
export {closeSharedVerifiers, sharedVerifier} from './verify/shared.js'
export {createVerifier, type Verifier} from './verify/verifier.js'
export type * from './types.js'
export {toRecord, type CitationRecord, type UncheckedFile} from './report/record.js'
export {recordsOf} from './report/collect.js'
export {jsonReport, jsonReportText} from './report/json.js'
export {jsonlReport} from './report/jsonl.js'
export {sarifReport, sarifReportText} from './report/sarif.js'
export {humanSummary} from './report/summary.js'
export {annotations, jobSummary} from './report/github.js'
export {ReportWriteError, writeReport} from './report/write.js'
export {identify, type Identifier} from './resolve/identifiers.js'
export {
  auditMarkdown,
  verifySources,
  type AuditedCitation,
  type AuditOptions,
  type AuditReport,
  type PipelineOptions,
  type Source
} from './audit.js'
export {InputError, type InputErrorCode} from './cli/input-error.js'
export type {ErrorResult} from './report/write.js'

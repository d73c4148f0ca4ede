// One citation as reports see it: where it is, what was learned about its source, and what every rule said.

import type {Verdict} from '../judge/verdict.js'
import type {Action, Citation, SourceReport, Status} from '../types.js'

export interface CitationRecord {
  /** The file's path as the user gave it (relative to the working directory). */
  file: string
  citation: Citation
  report: SourceReport
  /** What each rule that spoke said, in the preset's rule order; empty when all is well. */
  verdicts: Verdict[]
  /** The worst action among the verdicts (`removed` > `flagged` > `ok`). */
  action: Action
  /** The status of the verdict that set `action` (`valid` when nothing was said). */
  status: Status
}

/**
 * A file the run could not check: its parser stopped (an MDX syntax error) at `line`:`column`, so none of its
 * citations were found. Reports list it beside the citations, as an error.
 */
export interface UncheckedFile {
  file: string
  line: number
  column: number
  /** The parser's reason. */
  message: string
}

const rank: Record<Action, number> = {ok: 0, flagged: 1, removed: 2}

/** A record from the verdicts the rules gave one citation. */
export function toRecord(file: string, citation: Citation, report: SourceReport, verdicts: Verdict[]): CitationRecord {
  let worst: Verdict | undefined
  for (const verdict of verdicts) if (!worst || rank[verdict.action] > rank[worst.action]) worst = verdict
  return {file, citation, report, verdicts, action: worst?.action ?? 'ok', status: worst?.status ?? 'valid'}
}

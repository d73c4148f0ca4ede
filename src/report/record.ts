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
  /** What rules said that a `<!--lint ignore-->` comment silenced (remark printed none of it); absent when none. */
  ignored?: Verdict[]
  /**
   * The worst action among the verdicts (`removed` > `flagged` > `ok`); `ignored` when the only findings were
   * silenced, so no report shows the citation as verified.
   */
  action: RecordAction
  /** The status of the verdict that set `action`, a silenced one's for `ignored` (`valid` when nothing was said). */
  status: Status
}

/** A citation's outcome in reports: the verdicts' action, or `ignored` (nothing to do, but not verified either). */
export type RecordAction = Action | 'ignored'

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

/** A record from the verdicts the rules gave one citation, and those a lint comment silenced. */
export function toRecord(file: string, citation: Citation, report: SourceReport, verdicts: Verdict[], ignored: Verdict[] = []): CitationRecord {
  const worst = worstOf(verdicts)
  const silenced = worstOf(ignored)
  const record = {file, citation, report, verdicts, ...(ignored.length === 0 ? {} : {ignored})}
  if ((worst === undefined || worst.action === 'ok') && silenced !== undefined && silenced.action !== 'ok') {
    return {...record, action: 'ignored', status: silenced.status}
  }
  return {...record, action: worst?.action ?? 'ok', status: worst?.status ?? 'valid'}
}

function worstOf(verdicts: readonly Verdict[]): Verdict | undefined {
  let worst: Verdict | undefined
  for (const verdict of verdicts) if (!worst || rank[verdict.action] > rank[worst.action]) worst = verdict
  return worst
}

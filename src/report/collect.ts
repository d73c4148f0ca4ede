// A processed file's citations as report records: every citation, with the verdicts whose messages survived
// `<!--lint ignore-->` comments (remark-lint filters messages after every rule has run), and those that did not.

import type {VFile} from 'vfile'
import {sourceOfUse} from '../extract/context.js'
import {CLAIM_RULES, type Verdict} from '../judge/verdict.js'
import type {Citation} from '../types.js'
import {actionRank} from './order.js'
import {toRecord, type CitationRecord} from './record.js'

type VFileMessage = VFile['messages'][number]

/** vfile's `fatal`: true an error, false a warning, null or undefined an info message. */
function severityOf(fatal: boolean | null | undefined): 'error' | 'warning' | 'info' {
  return fatal === true ? 'error' : fatal === false ? 'warning' : 'info'
}

export function recordsOf(file: VFile, path: string = file.path): CitationRecord[] {
  const kept = new Set(file.messages)
  const records = (file.data.citationResults ?? []).map((checked) => {
    const said = file.data.citationVerdicts?.get(checked) ?? []
    const verdicts = said.filter(({message}) => kept.has(message)).map(({verdict, message}) => reported(verdict, message))
    const ignored = said.filter(({message}) => !kept.has(message)).map(({verdict}) => verdict)
    return toRecord(path, checked.citation, checked.report, verdicts, ignored)
  })
  const bySource = new Map<Citation, CitationRecord>(records.map((record) => [record.citation, record]))
  return records.map((record) => {
    // A later use whose sentence drew nothing, or only silenced findings, is as good as its source's URL: a dead
    // source's is not counted ok, nor is one flagged because the first sentence citing the source is not supported.
    const of = record.action === 'ok' || record.action === 'ignored' ? sourceOfUse.get(record.citation) : undefined
    const source = of && bySource.get(of)
    const url = source && toRecord(path, source.citation, source.report, onUrl(source.verdicts), onUrl(source.ignored ?? []))
    return url && actionRank[url.action] < actionRank[record.action] ? {...record, action: url.action, status: url.status} : record
  })
}

/** What was said of a source's URL, not of the sentence citing it. */
const onUrl = (verdicts: readonly Verdict[]) => verdicts.filter((verdict) => !CLAIM_RULES.has(verdict.rule))

/** A verdict as its message was reported: at the message's severity, with the replacement it offers as written. */
function reported(verdict: Verdict, message: VFileMessage): Verdict {
  const written = message.expected?.[0]
  return {...verdict, severity: severityOf(message.fatal), ...(written === undefined ? {} : {written})}
}

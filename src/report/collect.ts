// A processed file's citations as report records: every citation, with the verdicts whose messages survived
// `<!--lint ignore-->` comments (remark-lint filters messages after every rule has run), and those that did not.

import type {VFile} from 'vfile'
import type {Verdict} from '../judge/verdict.js'
import {toRecord, type CitationRecord} from './record.js'

type VFileMessage = VFile['messages'][number]

/** vfile's `fatal`: true an error, false a warning, null or undefined an info message. */
function severityOf(fatal: boolean | null | undefined): 'error' | 'warning' | 'info' {
  return fatal === true ? 'error' : fatal === false ? 'warning' : 'info'
}

export function recordsOf(file: VFile, path: string = file.path): CitationRecord[] {
  const kept = new Set(file.messages)
  return (file.data.citationResults ?? []).map((checked) => {
    const said = file.data.citationVerdicts?.get(checked) ?? []
    const verdicts = said.filter(({message}) => kept.has(message)).map(({verdict, message}) => reported(verdict, message))
    const ignored = said.filter(({message}) => !kept.has(message)).map(({verdict}) => verdict)
    return toRecord(path, checked.citation, checked.report, verdicts, ignored)
  })
}

/** A verdict as its message was reported: at the message's severity, with the replacement it offers as written. */
function reported(verdict: Verdict, message: VFileMessage): Verdict {
  const written = message.expected?.[0]
  return {...verdict, severity: severityOf(message.fatal), ...(written === undefined ? {} : {written})}
}

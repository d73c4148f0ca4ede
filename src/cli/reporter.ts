// remark's report (vfile-reporter), and plain lines where it gives up: it spreads a file's message lines into one
// call, which throws a RangeError beyond about 120,000 lines (a generated page of 60,000 links), and the whole
// report was lost with exit code 3. The plain lines keep every message, in order, unaligned and uncoloured.

import {stringifyPosition} from 'unist-util-stringify-position'
import type {VFile} from 'vfile'
import {reporter, type Options} from 'vfile-reporter'

type VFileMessage = VFile['messages'][number]

export function remarkReport(files: VFile[], options: Options = {}): string {
  try {
    return reporter(files, options)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    return plainReport(files, options)
  }
}

function plainReport(files: VFile[], options: Options): string {
  const lines: string[] = []
  let errors = 0
  let warnings = 0
  for (const file of files) {
    const messages = [...file.messages].filter((message) => !options.silent || message.fatal).sort(byPlace)
    if (messages.length === 0 && (options.quiet || options.silent)) continue
    if (lines.length > 0) lines.push('')
    lines.push(file.path || options.defaultName || '<stdin>')
    for (const message of messages) {
      if (message.fatal) errors++
      else if (message.fatal === false) warnings++
      lines.push(plainLine(message))
    }
  }
  if (errors + warnings > 0) lines.push('', `${errors + warnings} messages (${errors} errors, ${warnings} warnings)`)
  return lines.join('\n')
}

function plainLine(message: VFileMessage): string {
  const severity = message.fatal ? 'error' : message.fatal === false ? 'warning' : 'info'
  return [stringifyPosition(message.place) || '1:1', severity, message.reason, message.ruleId, message.source].filter(Boolean).join('  ')
}

function byPlace(a: VFileMessage, b: VFileMessage): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)
}

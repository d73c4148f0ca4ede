// remark's report (vfile-reporter), and plain lines where it gives up: it spreads a file's message lines into one
// call, which throws a RangeError beyond about 120,000 lines (a generated page of 60,000 links), and the whole
// report was lost with exit code 3. The plain lines keep every message, in order, unaligned and uncoloured.
//
// A long report is laid out with string-width 8 (see module-hooks.ts): vfile-reporter 8 pins string-width 6,
// which costs 0.35 ms a line (20,000 lines took 7 s) and counts some characters too wide (`©`, a soft hyphen),
// which puts the columns after them out of line.

import {stringifyPosition} from 'unist-util-stringify-position'
import type {VFile} from 'vfile'
import {reporter, type Options} from 'vfile-reporter'
import {hooksRegistered, registerHooks} from './hooks.js'

type VFileMessage = VFile['messages'][number]
type Reporter = typeof reporter

/** Lines from which a report is worth a copy of vfile-reporter with string-width 8: loading it takes about 140 ms (the hooks' thread and the copy), what string-width 6 takes for 200 lines of 120 characters. */
export const fastReportFrom = 200

/** Whether the hooks were in place when vfile-reporter above was loaded: its string-width is then already 8. */
const loadedFast = hooksRegistered()
let fastCopy: Promise<Reporter | undefined> | undefined

export async function remarkReport(files: VFile[], options: Options = {}): Promise<string> {
  const lines = files.reduce((sum, file) => sum + file.messages.length, 0)
  const report = loadedFast || lines < fastReportFrom ? reporter : ((await (fastCopy ??= fastReporter())) ?? reporter)
  try {
    return report(files, options)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    return plainReport(files, options)
  }
}

/**
 * vfile-reporter's module, loaded a second time (a query makes it a new module) with the hooks in place, so that it
 * measures with string-width 8. Undefined where that cannot be: the report is then remark's as loaded.
 */
async function fastReporter(): Promise<Reporter | undefined> {
  if (!registerHooks()) return undefined
  try {
    const copy = new URL('lib/index.js?string-width-8', import.meta.resolve('vfile-reporter'))
    const {reporter: fast} = (await import(copy.href)) as {reporter?: unknown}
    return typeof fast === 'function' ? (fast as Reporter) : undefined
  } catch {
    return undefined
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

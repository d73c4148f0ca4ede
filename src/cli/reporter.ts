// remark's report (vfile-reporter), and plain lines where it gives up: it spreads a file's message lines into one
// call, which throws a RangeError beyond about 120,000 lines (a generated page of 60,000 links), and the whole
// report was lost with exit code 3. The plain lines keep every message, in order, unaligned and uncoloured.
//
// The report is vfile-reporter's own module, loaded a second time with its `string-width` import sent to
// cell-width.ts: vfile-reporter 8 pins string-width 6, which costs 0.35–1 ms a line (21,562 lines took 21 s, the
// 193 of the small benchmark 0.19 s) and counts some characters too wide (`©`, a soft hyphen), which puts the
// columns after them out of line. The copy is a `data:` module whose imports are the files vfile-reporter's own
// resolve to, so its lines, order and totals are those of the version installed.

import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {stringifyPosition} from 'unist-util-stringify-position'
import type {VFile} from 'vfile'
import {reporter, type Options} from 'vfile-reporter'
import {isPlain, loadUnicodeWidth} from './cell-width.js'

type VFileMessage = VFile['messages'][number]
type Reporter = typeof reporter

/** A static import's specifier (`import x from 'y'`, `import 'y'`, `export {x} from 'y'`) on one line. */
const staticImport = /^(import\s+(?:[\w$*{},\s]+\s+from\s*)?|export\s+(?:\*|\{[^}\n]*\})\s*from\s*)(['"])([^'"\n]+)\2/gm

let copy: Promise<Reporter | undefined> | undefined

export async function remarkReport(files: VFile[], options: Options = {}): Promise<string> {
  const report = (await (copy ??= reporterCopy())) ?? reporter
  // Without string-width 8 such a cell is counted in code points: close, and never a lost report.
  if (report !== reporter && !files.every(measuredPlain)) await loadUnicodeWidth().catch(() => {})
  try {
    return report(files, options)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    return plainReport(files, options)
  }
}

/**
 * vfile-reporter's module, loaded again with its `string-width` import sent to cell-width.ts and every other to the
 * file it resolves to from vfile-reporter. Undefined where that cannot be (an import it cannot follow, a runtime
 * that refuses `data:` modules, the TypeScript sources): the report is then remark's as loaded.
 */
async function reporterCopy(): Promise<Reporter | undefined> {
  try {
    const index = fileURLToPath(new URL('lib/index.js', import.meta.resolve('vfile-reporter')))
    const resolveFrom = createRequire(index)
    const cellWidth = new URL('cell-width.js', import.meta.url).href
    const source = readFileSync(index, 'utf8').replace(staticImport, (_, head: string, quote: string, specifier: string) =>
      head + quote + (specifier === 'string-width' ? cellWidth : pathToFileURL(resolveFrom.resolve(specifier)).href) + quote
    )
    const {reporter: loaded} = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as {reporter?: unknown}
    return typeof loaded === 'function' ? (loaded as Reporter) : undefined
  } catch {
    return undefined
  }
}

/** Whether every cell a file's messages make is as wide as it is long (see `isPlain`; the position and label are). */
function measuredPlain(file: VFile): boolean {
  return file.messages.every((message) => isPlain(message.stack || message.message) && isPlain(message.ruleId ?? '') && isPlain(message.source ?? ''))
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

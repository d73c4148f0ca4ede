// `--fix`: each checked file rewritten by the fix mode (src/fix) and written back atomically; then a list
// of what changed and what was left alone, and why.

import type {VFile} from 'vfile'
import {fixText, type FixChange} from '../fix/index.js'
import type {CitationRecord} from '../report/record.js'
import {writeReport} from '../report/write.js'
import {mdxExtensions} from './mdx.js'

export interface Checked {
  file: VFile
  /** The file's path from the working directory. */
  path: string
  /** The file's records (their `file` is `path`). */
  records: CitationRecord[]
}

/** Fix every file that needs it; the changes made and skipped, in file and document order. */
export async function fixFiles(checked: readonly Checked[]): Promise<FixChange[]> {
  const changes: FixChange[] = []
  for (const {file, path, records} of checked) {
    if (records.length === 0) continue
    // The text as read: the engine neither changes nor stringifies it (`out: false`).
    const text = String(file)
    const fixed = fixText(text, records, {mdx: mdxExtensions.has(file.extname ?? '')})
    if (fixed.text !== text) await writeReport(path, fixed.text)
    changes.push(...fixed.changes)
  }
  return changes
}

/** `Fixed 2 citations in 1 file:` and a line per change, or nothing when there were none. */
export function fixSummary(changes: readonly FixChange[]): string {
  if (changes.length === 0) return ''
  const made = changes.filter((change) => change.kind !== 'skipped')
  const files = new Set(made.map((change) => change.file)).size
  const lines = [`Fixed ${made.length} ${made.length === 1 ? 'citation' : 'citations'} in ${files} ${files === 1 ? 'file' : 'files'}:`]
  for (const change of changes) {
    const at = `${change.file}:${change.line}:${change.column}`
    lines.push(
      change.kind === 'skipped'
        ? `  ${at} not fixed (${change.wanted}): ${change.reason}`
        : `  ${at} ${change.kind}: ${change.from} → ${change.to || '(removed)'}`
    )
  }
  return lines.join('\n') + '\n\n'
}

// `--fix`: each checked file rewritten by the fix mode (src/fix) and written back atomically; then a list
// of what changed and what was left alone, and why.

import {isUtf8} from 'node:buffer'
import {chmodSync, chownSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs'
import type {VFile} from 'vfile'
import {fixText, type FixChange} from '../fix/index.js'
import {replaceFile, temporaryFor} from '../replace-file.js'
import {oneLine} from '../report/one-line.js'
import type {CitationRecord} from '../report/record.js'
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
    // One file that cannot be written is listed with why; the others are still fixed.
    const failure = fixed.text === text ? undefined : writeFixed(path, file, fixed.text)
    changes.push(...(failure === undefined ? fixed.changes : fixed.changes.map((change) => notWritten(change, failure))))
  }
  return changes
}

/**
 * `text` written over the checked file, or why not. Through a symlink to the file it names, keeping the file's mode
 * (and owner, where this process may set it); never over a read-only file, nor over one that changed since it was
 * read, where an edit made during the check would be lost.
 */
function writeFixed(path: string, file: VFile, text: string): string | undefined {
  try {
    const real = realpathSync(path)
    const stats = statSync(real)
    if ((stats.mode & 0o222) === 0) return 'the file is read-only'
    const now = readFileSync(real)
    if (!sameContent(file, now)) return 'the file changed since it was checked: run again'
    // The text was read with each byte that is not UTF-8 (Latin-1's `é`) as U+FFFD, which writing it would keep.
    if (!isUtf8(now)) return 'the file is not UTF-8: writing it would change its other bytes'
    const mode = stats.mode & 0o7777
    const owned = process.getuid?.() === 0
    replaceFile(real, temporaryFor(real), text, {
      writeFileSync(temporary, content, options) {
        writeFileSync(temporary, content, options)
        // The umask may have taken bits the file had.
        chmodSync(temporary, mode)
        if (owned) chownSync(temporary, stats.uid, stats.gid)
      },
      renameSync,
      rmSync
    })
    return undefined
  } catch (error) {
    return `cannot write it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`
  }
}

/** Whether the file on disk is still what the check read. */
function sameContent(file: VFile, now: Buffer): boolean {
  return typeof file.value === 'string' ? now.toString('utf8') === file.value : now.equals(file.value)
}

/** A change the fix made in a file it could not write: not made after all. */
function notWritten(change: FixChange, reason: string): FixChange {
  if (change.kind === 'skipped') return change
  const {kind, to: _to, ...where} = change
  return {...where, kind: 'skipped', wanted: kind, reason}
}

/** `Fixed 2 citations in 1 file:` and a line per change (link text left over two lines shown on one), or nothing when there were none. */
export function fixSummary(changes: readonly FixChange[]): string {
  if (changes.length === 0) return ''
  const made = changes.filter((change) => change.kind !== 'skipped')
  const files = new Set(made.map((change) => change.file)).size
  const lines = [
    made.length === 0
      ? 'Fixed no citation:'
      : `Fixed ${made.length} ${made.length === 1 ? 'citation' : 'citations'} in ${files} ${files === 1 ? 'file' : 'files'}:`
  ]
  for (const change of changes) {
    const at = `${change.file}:${change.line}:${change.column}`
    lines.push(
      change.kind === 'skipped'
        ? `  ${at} not fixed (${change.wanted}): ${change.reason}`
        : `  ${at} ${change.kind}: ${change.from} → ${oneLine(change.to) || '(removed)'}`
    )
  }
  return lines.join('\n') + '\n\n'
}

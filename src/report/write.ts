// Writing a report file atomically: a temporary file in the same folder, then a rename over the target.

import {mkdirSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {dirname} from 'node:path'
import {makeFolder} from '../folder.js'
import {replaceFile, temporaryFor} from '../replace-file.js'

/** The citations-validate seed's error contract: `{ok: false, error: {code, message, details}}`. */
export interface ErrorResult {
  ok: false
  error: {code: string; message: string; details: Record<string, unknown>}
}

/** A report could not be written; `code` is the seed's `WRITE_FAILED`. */
export class ReportWriteError extends Error {
  readonly code = 'WRITE_FAILED'
  readonly details: {path: string; cause: string | undefined}

  /** `reason` is the system's message; `cause` the error behind it (its `code`, such as `EACCES`, goes to `details`). */
  constructor(path: string, reason: string, cause?: unknown) {
    super(`Cannot write report \`${path}\`: ${reason}`, {cause})
    this.name = 'ReportWriteError'
    this.details = {path, cause: (cause as NodeJS.ErrnoException | undefined)?.code}
  }

  /** The seed's failure answer, for a CLI that prints it. */
  toErrorResult(): ErrorResult {
    return {ok: false, error: {code: this.code, message: this.message, details: this.details}}
  }
}

/**
 * Write `text` to `path`, creating its folders. Readers never see a half-written report: the text goes to
 * a temporary file next to the target (same file system, so the rename is atomic) that then replaces it.
 * On failure the temporary file is removed and a `ReportWriteError` thrown.
 */
export async function writeReport(path: string, text: string): Promise<void> {
  // A rename over a folder fails with EISDIR, or EBUSY for `.`, which say little of the cause.
  if (isFolder(path)) throw new ReportWriteError(path, 'it is a folder, expected a file path')
  const folder = dirname(path)
  const temporary = temporaryFor(path)
  try {
    makeFolder(folder, {mkdirSync, statSync}, dirname)
    replaceFile(path, temporary, text, {writeFileSync, renameSync, rmSync})
  } catch (error) {
    throw new ReportWriteError(path, systemReason(error, temporary, path), error)
  }
}

/** Whether `path` names a folder; anything the check cannot tell is left to the write, which says why it fails. */
function isFolder(path: string): boolean {
  try {
    return statSync(path, {throwIfNoEntry: false})?.isDirectory() ?? false
  } catch {
    return false
  }
}

/**
 * `EACCES: permission denied` without the `, open '…'` tail: the message names the report already, and the
 * tail would name the temporary file, which the user never asked for.
 */
function systemReason(error: unknown, temporary: string, path: string): string {
  if (!(error instanceof Error)) return String(error)
  const {syscall} = error as NodeJS.ErrnoException
  const cut = syscall === undefined ? -1 : error.message.indexOf(`, ${syscall} `)
  return cut === -1 ? error.message.split(temporary).join(path) : error.message.slice(0, cut)
}

// Runs the `remark-lint-citations` bin of this package as a child process, its report going to the log.

import {spawn} from 'node:child_process'
import {randomUUID} from 'node:crypto'
import {constants} from 'node:os'
import {fileURLToPath} from 'node:url'

/** The built bin next to this module (dist/src/action → dist/src/cli). */
export const binPath = fileURLToPath(new URL('../cli/bin.js', import.meta.url))

/** The signals a cancelled job's runner sends, first SIGINT, then SIGTERM 7.5 s later. */
const cancelSignals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM']

/** Whether `code` is runBin's for a cancelled run. */
export const isCancelled = (code: number): boolean => code > 128

export interface BinRun {
  args: string[]
  cwd: string
  env: Record<string, string | undefined>
  /** Where the log goes (the runner shows stdout and stderr alike). */
  log: NodeJS.WritableStream
}

/** What the bin's error output keeps for the caller: its start, where a configuration error's lines are. */
const keptErrorOutput = 64 * 1024

export interface BinResult {
  /**
   * The bin's exit code (0 clean, 1 removed, 2 configuration error, 3 internal failure; killed by a signal, 3), or
   * 128 + the signal's number when the run was cancelled (SIGINT, SIGTERM to this process), as a shell reports it.
   */
  code: number
  /** The first 64 KiB of its error output (its report). */
  stderr: string
}

/**
 * Runs the bin. Its output is the remark report of the checked files: text from documents and pages, which must not
 * be read as workflow commands, so it is fenced with `::stop-commands::<token>` … `::<token>::`.
 */
export function runBin({args, cwd, env, log}: BinRun): Promise<BinResult> {
  const token = randomUUID()
  log.write(`::stop-commands::${token}\n`)
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [binPath, ...args], {cwd, env, stdio: ['ignore', 'pipe', 'pipe']})
    // The runner reads a command only at the start of a line: a child killed mid-line would leave the fence
    // open, and every annotation after it would be plain text.
    let lineOpen = false
    for (const stream of [child.stdout, child.stderr]) {
      stream.pipe(log, {end: false})
      stream.on('data', (chunk: Buffer) => {
        if (chunk.length > 0) lineOpen = chunk[chunk.length - 1] !== 0x0a
      })
    }
    const errors: Buffer[] = []
    let kept = 0
    child.stderr.on('data', (chunk: Buffer) => {
      if (kept < keptErrorOutput) errors.push(chunk.subarray(0, keptErrorOutput - kept))
      kept += chunk.length
    })
    // A cancelled job's runner signals only the step's process (action.yml execs node, so this one), and kills the
    // rest 10 s later: passed on, the checker stops at once rather than fetching on, unseen, until then.
    let cancelled: NodeJS.Signals | undefined
    const cancel = (signal: NodeJS.Signals) => {
      cancelled = signal
      child.kill(signal)
    }
    for (const signal of cancelSignals) process.on(signal, cancel)
    let settled = false
    // A child that fails to start emits `error` and may still emit `close`.
    const done = (code: number) => {
      if (settled) return
      settled = true
      for (const signal of cancelSignals) process.off(signal, cancel)
      log.write(`${lineOpen ? '\n' : ''}::${token}::\n`)
      resolve({code, stderr: Buffer.concat(errors).toString('utf8')})
    }
    child.on('error', (error) => {
      log.write(`Cannot start ${binPath}: ${error.message}\n`)
      done(3)
    })
    child.on('close', (code) => done(cancelled ? 128 + constants.signals[cancelled] : (code ?? 3)))
  })
}

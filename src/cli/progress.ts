// The progress line of a long run: files done and citations checked, redrawn in place on a terminal.
// Never in CI logs or pipes, where a line redrawn with `\r` is only noise.

import {Writable} from 'node:stream'

export interface Progress {
  /** One more file done, with this many citations. */
  fileDone(citations: number): void
  /** Remove the line (before anything else is printed, and at the end). */
  clear(): void
  /** The error stream to print through: it clears the line before each write. */
  stream: NodeJS.WritableStream
}

/** Whether to show progress: only on a terminal, and never under CI (`CI` set to anything but `false`/`0`). */
export function progressWanted(stream: {isTTY?: boolean}, env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI
  return stream.isTTY === true && (ci === undefined || ci === '' || ci === 'false' || ci === '0')
}

/** Short runs finish before the line would show; after that it is redrawn at most this often. */
const DELAY_MS = 500
const INTERVAL_MS = 100

export function createProgress(out: NodeJS.WritableStream, enabled: boolean, now: () => number = Date.now): Progress {
  const started = now()
  let files = 0
  let citations = 0
  let drawn = false
  let last = 0
  const clear = () => {
    if (!drawn) return
    out.write('\r\u001B[K')
    drawn = false
  }
  const stream = enabled
    ? new Writable({
        write(chunk, _encoding, callback) {
          clear()
          out.write(chunk, () => callback())
        }
      })
    : out
  return {
    fileDone(count) {
      files++
      citations += count
      const time = now()
      if (!enabled || time - started < DELAY_MS || time - last < INTERVAL_MS) return
      last = time
      out.write(`\r\u001B[K${files} ${files === 1 ? 'file' : 'files'} done, ${citations} ${citations === 1 ? 'citation' : 'citations'} checked…`)
      drawn = true
    },
    clear,
    stream
  }
}

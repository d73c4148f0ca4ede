// Replaces a file whole, for the cache, reports and recorded fixtures: the text goes to `temp`, a new file in the
// same folder (so the rename stays on one file system), which is then renamed over `file`. A reader sees the old
// file or the new one, never half of one, also when the writer is killed mid-write; of two writers at once, the
// last rename wins. On failure the temporary file is removed and the error thrown.
//
// `replaceFile` is self-contained, its file system passed in: the cache writer's thread is built from function
// source text and carries that function the same way; it gets its temporary name from `temporaryFor`, here.

import {randomBytes} from 'node:crypto'

export interface ReplaceFileSystem {
  writeFileSync(path: string, text: string, options: {flag: 'wx'}): void
  renameSync(from: string, to: string): void
  rmSync(path: string, options: {force: true}): void
}

export function replaceFile(file: string, temp: string, text: string, fs: ReplaceFileSystem): void {
  try {
    // `wx`: a leftover of another writer is never reused.
    fs.writeFileSync(temp, text, {flag: 'wx'})
    // Retried briefly where the platform refuses to replace a file that is open (Windows).
    for (let attempt = 0; ; attempt++) {
      try {
        fs.renameSync(temp, file)
        return
      } catch (error) {
        const code = (error as {code?: string}).code
        if (attempt >= 5 || (code !== 'EPERM' && code !== 'EACCES' && code !== 'EBUSY')) throw error
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 * 2 ** attempt)
      }
    }
  } catch (error) {
    try {
      fs.rmSync(temp, {force: true})
    } catch {
      // The write's own error is the one to report.
    }
    throw error
  }
}

/** Random once per process (a pid is reused after a restart, and is often 1 in a container), then a counter: a random draw per write cost ~15 µs. */
const processTag = randomBytes(6).toString('hex')
let writes = 0

/**
 * A temporary name for replacing `file`: beside it, unique to this process and write, ending in `.tmp` (the
 * cache sweeps leftovers of killed writers by that suffix).
 */
export function temporaryFor(file: string): string {
  return `${file}.${process.pid}.${processTag}${(writes++).toString(36)}.tmp`
}

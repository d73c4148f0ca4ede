// unified-engine 11's file-pipeline queue step (`lib/file-pipeline/queue.js`), in linear time; the bin puts it in
// place of the original (see module-hooks.ts). The contract is the original's: a file waits until every file of
// the set has arrived here, failed (a fatal message) or been ignored; then the set's pipeline runs once and every
// waiting file goes on. The original checked every file of the set at each arrival, with a `vfile-statistics`
// count of its messages and a `debug` call each: 25 million checks for 5,000 files. Here a cursor per round
// moves past the files known to be done, which stay done, so each file is checked about once.

import type {VFile} from 'vfile'

/** What the step sees of unified-engine's context. */
interface Context {
  fileSet: {
    /** This round's waiting files, by their first path; a new object for each round. */
    complete: Record<string, (error?: Error) => void>
    valueOf(): VFile[]
    pipeline: {run(fileSet: unknown, done: (error?: Error) => void): void}
  }
}

/** The engine's `lib/file-pipeline/queue.js` this replaces (sha256), as published in unified-engine 11.2.2. */
export const engineQueueHash = '6a973e6db52f983a3b6ad8f32a03777bc4d96b34dea63948900bc1d2337f983e'

/** Per round (its `complete` object): how many of the set's first files are known to be done. */
const cursors = new WeakMap<object, number>()

export function queue(context: Context, file: VFile, next: (error?: Error) => void): void {
  const waiting = context.fileSet.complete
  waiting[file.history[0]!] = next
  const files = context.fileSet.valueOf()
  let cursor = cursors.get(waiting) ?? 0
  while (cursor < files.length && isDone(files[cursor]!, waiting)) cursor++
  cursors.set(waiting, cursor)
  if (cursor < files.length) return
  context.fileSet.complete = {}
  context.fileSet.pipeline.run(context.fileSet, (error) => {
    for (const origin of Object.keys(waiting)) waiting[origin]!(error)
  })
}

function isDone(file: VFile, waiting: Context['fileSet']['complete']): boolean {
  const data = file.data as {unifiedEngineIgnored?: boolean}
  return typeof waiting[file.history[0]!] === 'function' || data.unifiedEngineIgnored === true || file.messages.some((message) => message.fatal === true)
}

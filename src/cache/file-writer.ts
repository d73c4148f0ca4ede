// Writes cache files on a worker thread, atomically (a temporary file renamed into place).
//
// Why a thread: creating a file costs the main thread ~0.1–1 ms, synchronously or through the thread
// pool (waking a pool thread per open, write, close and rename), and a run writes one file per URL
// while it is busiest reading answers. Measured on the large benchmark: 1.1–3 s of main-thread time
// for 3,000 entries, where handing the text to this thread costs ~10 µs each.

import {Worker} from 'node:worker_threads'
import {makeFolder} from '../folder.js'
import {replaceFile} from '../replace-file.js'
import {sweepCache} from './sweep.js'

interface Reply {
  id: number
  error?: {message: string; code?: string}
}

/** The store folder the thread sweeps after its first writes (sweep.ts). */
export interface SweepPlan {
  dir: string
  /** Milliseconds between two sweeps. */
  everyMs: number
  /** Temporary files older than this (ms) are removed. */
  staleTempMs: number
}

export class FileWriter {
  readonly #sweep: SweepPlan
  #worker: Worker | undefined
  readonly #pending = new Map<number, {done: Promise<void>; resolve: () => void; reject: (error: Error) => void}>()
  #next = 0
  #batch: Array<{id: number; file: string; temp: string; text: string}> = []

  constructor(sweep: SweepPlan) {
    this.#sweep = sweep
  }

  /** Writes `text` to `file` through `temp`, making the folder when needed. Rejects with the disk's error. */
  write(file: string, temp: string, text: string): Promise<void> {
    const worker = this.#start()
    const id = this.#next++
    // Only unfinished writes keep the process alive: an idle writer must not hold `remark` open.
    if (this.#pending.size === 0) worker.ref()
    let settle!: {resolve: () => void; reject: (error: Error) => void}
    const done = new Promise<void>((resolve, reject) => (settle = {resolve, reject}))
    this.#pending.set(id, {done, ...settle})
    // One message per turn, not per entry: answers arrive in bursts, and each message has a fixed cost.
    if (this.#batch.length === 0) setImmediate(() => this.#start().postMessage(this.#batch.splice(0)))
    this.#batch.push({id, file, temp, text})
    return done
  }

  /** Stops the thread once its writes are done. */
  async close(): Promise<void> {
    const worker = this.#worker
    if (!worker) return
    await Promise.allSettled([...this.#pending.values()].map((pending) => pending.done))
    this.#worker = undefined
    await worker.terminate()
  }

  #settle(id: number, error?: Error): void {
    const pending = this.#pending.get(id)
    if (!pending) return
    this.#pending.delete(id)
    if (error) pending.reject(error)
    else pending.resolve()
    if (this.#pending.size === 0) this.#worker?.unref()
  }

  #start(): Worker {
    if (this.#worker) return this.#worker
    const source = `(${writerThread.toString()})(${JSON.stringify(this.#sweep)}, ${makeFolder.toString()}, ${replaceFile.toString()}, ${sweepCache.toString()})`
    const worker = new Worker(source, {eval: true})
    worker.on('message', (replies: Reply[]) => {
      for (const reply of replies) {
        const error = reply.error ? Object.assign(new Error(reply.error.message), {code: reply.error.code}) : undefined
        this.#settle(reply.id, error)
      }
    })
    // The thread died (out of memory?): its writes fail, and the next write starts a new one.
    worker.on('error', (error) => this.#fail(worker, error))
    worker.on('exit', () => this.#fail(worker, new Error('the cache writer thread stopped')))
    // After the listeners: a 'message' listener refs the thread's port again.
    if (this.#pending.size === 0) worker.unref()
    this.#worker = worker
    return worker
  }

  #fail(worker: Worker, error: Error): void {
    if (this.#worker === worker) this.#worker = undefined
    for (const id of [...this.#pending.keys()]) this.#settle(id, error)
  }
}

/**
 * The thread's code, run from its source text (so it works from `src/` under a test runner and from
 * `dist/` alike): it may use nothing from outside its own body and its arguments.
 */
function writerThread(
  sweep: SweepPlan,
  makeFolderIn: typeof makeFolder,
  replaceFileIn: typeof replaceFile,
  sweepCacheIn: typeof sweepCache
): void {
  const fs = require('node:fs') as typeof import('node:fs')
  const path = require('node:path') as typeof import('node:path')
  const {parentPort} = require('node:worker_threads') as typeof import('node:worker_threads')
  /** Folders made by this thread. */
  const ready = new Set<string>()
  let swept = false

  const prepare = (folder: string): void => {
    if (ready.has(folder)) return
    makeFolderIn(folder, fs, path.dirname)
    ready.add(folder)
  }

  const missing = (error: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')

  const write = (file: string, temp: string, text: string): void => {
    const folder = path.dirname(file)
    prepare(folder)
    try {
      replaceFileIn(file, temp, text, fs)
    } catch (error) {
      // The folder went away (clear(), or someone deleted the cache): make it again, once.
      if (!missing(error)) throw error
      ready.delete(folder)
      prepare(folder)
      replaceFileIn(file, temp, text, fs)
    }
  }

  parentPort!.on('message', (batch: Array<{id: number; file: string; temp: string; text: string}>) => {
    const replies = batch.map(({id, file, temp, text}) => {
      try {
        write(file, temp, text)
        return {id}
      } catch (error) {
        const {message, code} = error as NodeJS.ErrnoException
        return {id, error: {message: message ?? String(error), ...(code ? {code} : {})}}
      }
    })
    parentPort!.postMessage(replies)
    // Housekeeping once the first writes are answered, and only in a run that writes: a run that only reads
    // leaves the folder as it found it.
    if (!swept && replies.some((reply) => !reply.error)) {
      swept = true
      const steps = sweepCacheIn(sweep.dir, {everyMs: sweep.everyMs, staleTempMs: sweep.staleTempMs, now: Date.now()}, fs, path)
      const next = (): void => {
        steps.shift()?.()
        if (steps.length > 0) setImmediate(next)
      }
      next()
    }
  })
}

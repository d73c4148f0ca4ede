// The shared verifier on a thread of its own: requests, answers, page reading and the cache run beside the
// main thread, which parses and lints.
//
// Why: `remark` parses a whole folder in one run of callbacks, and then extracts, judges and reports on the
// same thread. In-process, no request could leave before the parsing was done (3.2 s into the large
// benchmark), and from then on reading answers competed with linting for that one thread, so the busiest host
// was kept waiting. Here each file's links are asked for as soon as it is parsed (see `prefetch` in check.ts)
// and the thread starts them at once.

import {once} from 'node:events'
import {Worker} from 'node:worker_threads'
import {ttlFor} from '../cache/ttl.js'
import {sourceOptions, type Settings} from '../options.js'
import type {SourceReport} from '../types.js'
import {probePerReport, reportPerUrl} from './memo.js'
import type {SiblingProbe} from './sibling.js'
import type {Verifier} from './verifier.js'
import type {SnapshotLookup} from './works.js'

/** The calls the thread answers: the Verifier's own methods. */
export type Method = 'verify' | 'snapshot' | 'probeSibling' | 'deadSince' | 'flush'
export interface Call {
  id: number
  method: Method
  args: unknown[]
}
export interface Reply {
  id: number
  value?: unknown
  error?: string
}
/**
 * `options` first, to a thread started before its settings were known (see `prestartThread`). `newRun` is not a
 * call: it goes before the calls sent after it, which the thread may start in another order.
 */
export type ToThread = {options: unknown} | {calls: Call[]} | {newRun: true} | {close: true}
export type FromThread = {replies: Reply[]} | {warning: string}

/**
 * Whether `settings` can be handed to a thread: resolved from options that are plain data (no `resolve` function),
 * and not meant to stay on this one.
 */
export function threadable(settings: Settings): boolean {
  if (!threadsAllowed()) return false
  // Replays answer at once: a thread would only add its start-up. Background answers are announced on this
  // thread's `process` (background-event.ts), to the editor server.
  const source = sourceOptions(settings)
  if (!source || settings.offline || settings.cacheOnly === 'background' || settings.resolve) return false
  try {
    structuredClone(source)
    return true
  } catch {
    return false
  }
}

/** Compiled JavaScript only (a thread cannot load TypeScript sources: vitest runs those in-process), and not turned off. */
function threadsAllowed(): boolean {
  return import.meta.url.endsWith('.js') && process.env.REMARK_LINT_CITATIONS_THREAD !== '0'
}

const workerFile = new URL('./thread-worker.js', import.meta.url)

/** A thread started before any settings were known, until a verifier takes it. */
let spare: Worker | undefined

/**
 * Starts a verifier thread before its settings are known, so that it loads its modules while this thread loads
 * its own: the bin calls it before remark's engine, the config and the rules load, which takes it 0.5 s. The first
 * threaded verifier takes it; `stopSpareThread` stops one that none took (the settings called for no thread).
 */
export function prestartThread(): void {
  if (spare || !threadsAllowed()) return
  try {
    const worker = new Worker(workerFile)
    // A thread that cannot start, or stops, is not waited for: the verifier that would have taken it makes its
    // own, and reports that one's failure.
    const drop = (): void => {
      if (spare === worker) spare = undefined
    }
    worker.on('error', drop)
    worker.on('exit', drop)
    worker.unref()
    spare = worker
  } catch {}
}

/** Stops the thread `prestartThread` started, if no verifier took it. */
export async function stopSpareThread(): Promise<void> {
  const worker = spare
  spare = undefined
  await worker?.terminate()
}

/** The spare thread, given its settings; undefined when there is none. */
function takeSpare(options: {options: unknown} | undefined): Worker | undefined {
  const worker = spare
  if (!worker || !options) return undefined
  spare = undefined
  worker.postMessage(options satisfies ToThread)
  return worker
}

/** Each open thread's last-writes flush, run when the process is about to exit (one listener for them all). */
const settling = new Set<() => void>()
let listening = false
const settleAll = (): void => {
  for (const settle of settling) settle()
}

/**
 * A Verifier whose work runs on a thread; `fallback` makes an in-process one, used should the thread fail to
 * start or die (the calls it had are asked again there: nothing is lost).
 */
export function threadVerifier(settings: Settings, fallback: () => Verifier, warn: (message: string) => void): Verifier {
  const options = sourceOptions(settings)
  let worker: Worker | undefined = takeSpare(options) ?? new Worker(workerFile, {workerData: options})
  let local: Verifier | undefined
  const pending = new Map<number, {call: Call; answered: Promise<unknown>; resolve: (value: unknown) => void; reject: (error: Error) => void}>()
  let batch: Call[] = []
  let next = 0
  /** Calls made since the last flush: marks may still be on their way to the cache. */
  let dirty = false

  const ask = <T>(method: Method, args: unknown[]): Promise<T> => {
    if (!worker) return (local ??= fallback())[method](...(args as [never, never, never])) as Promise<T>
    const call = {id: next++, method, args}
    if (method !== 'flush') dirty = true
    // Only unanswered calls keep the process alive: an idle thread must not hold `remark` open.
    if (pending.size === 0) worker.ref()
    // One message per run of calls (a file asks for all its URLs at once), sent before the caller yields.
    if (batch.length === 0) queueMicrotask(() => worker?.postMessage({calls: batch.splice(0)} satisfies ToThread))
    batch.push(call)
    let settle!: {resolve: (value: unknown) => void; reject: (error: Error) => void}
    const answered = new Promise<T>((resolve, reject) => (settle = {resolve: resolve as (value: unknown) => void, reject}))
    pending.set(call.id, {call, answered, ...settle})
    return answered
  }

  /** The thread is gone: later calls, and those it had not answered, go to an in-process verifier. */
  const takeOver = (): void => {
    worker = undefined
    settling.delete(settle)
    for (const {call, resolve, reject} of pending.values()) {
      ;(ask(call.method, call.args) as Promise<unknown>).then(resolve, reject)
    }
    pending.clear()
  }

  worker.on('message', (message: FromThread) => {
    if ('warning' in message) return warn(message.warning)
    for (const reply of message.replies) {
      const waiting = pending.get(reply.id)
      if (!waiting) continue
      pending.delete(reply.id)
      if (reply.error === undefined) waiting.resolve(reply.value)
      else waiting.reject(new Error(reply.error))
    }
    if (pending.size === 0) worker?.unref()
  })
  worker.on('error', (error) => {
    warn(`The citation verifier thread failed, verifying on the main thread: ${error.message}`)
    takeOver()
  })
  worker.on('exit', () => {
    if (worker) return takeOver()
    // Closed with calls unanswered: they have no one left to answer them.
    for (const {reject} of pending.values()) reject(new Error('The citation verifier was closed'))
    pending.clear()
  })
  // After the listeners, which may ref the thread's port again: an idle thread must not hold the process.
  worker.unref()

  /** Before the process exits: the marks written without being awaited (host pauses, dead-since times). */
  const settle = (): void => {
    if (!dirty || !worker) return
    dirty = false
    void ask('flush', [])
  }
  if (!listening) process.on('beforeExit', settleAll)
  listening = true
  settling.add(settle)

  // The main thread keeps one report per URL, as the thread does: a file citing a URL ten times asks once.
  const verify = reportPerUrl((url, depth) => ask<SourceReport>('verify', [url, depth]), !settings.cacheOnly, (report) => ttlFor(report, settings.cacheTtl))
  return {
    threaded: true,
    verify: (url, depth = 'full') => verify(url, depth),
    snapshot: (url, at) => ask<SnapshotLookup | undefined>('snapshot', [url, at]),
    probeSibling: probePerReport((cited) => ask<SiblingProbe | undefined>('probeSibling', [cited]), !settings.cacheOnly),
    deadSince: (url, dead, keepMs) => ask<number>('deadSince', [url, dead, keepMs]),
    flush: () => ask('flush', []),
    newRun() {
      verify.newRun()
      if (worker) worker.postMessage({newRun: true} satisfies ToThread)
      else local?.newRun()
    },
    async close() {
      settling.delete(settle)
      const thread = worker
      if (thread) {
        worker = undefined
        if (next === 0) {
          // Never asked anything: it has nothing to finish or write, and may still be loading its modules (a
          // run of files without citations waited 0.09 s for it).
          await thread.terminate()
        } else {
          // Calls under way are answered first (the thread writes each answer to the cache before it sends it):
          // closed now, a page read just before an editor's exit was not kept.
          await Promise.allSettled([...pending.values()].map(({answered}) => answered))
          thread.ref()
          thread.postMessage({close: true} satisfies ToThread)
          await once(thread, 'exit')
        }
      }
      await local?.close()
    }
  }
}

// The verifier thread's own side (see thread.ts): one verifier, made from the options the main thread was given,
// in `workerData` or, for a thread started before they were known, in its first message.

import {parentPort, workerData} from 'node:worker_threads'
import {parseUrl} from '../net/parse-url.js'
import {resolveSettings} from '../options.js'
import type {SourceReport} from '../types.js'
import type {Call, FromThread, Reply, ToThread} from './thread.js'
import {CallQueue} from './call-queue.js'
import {createVerifier, type Verifier} from './verifier.js'

const port = parentPort!
const made = (options: unknown): Verifier => createVerifier(resolveSettings(options), (warning) => port.postMessage({warning} satisfies FromThread))
const data = workerData as {options?: unknown} | null | undefined
/** Made before any call comes: the options come first (see thread.ts); `{options: undefined}` is the defaults. */
let verifier: Verifier | undefined = data && 'options' in data ? made(data.options) : undefined
let replies: Reply[] = []

/** Answers go back in batches, one message per turn: they come in bursts, and each message has a fixed cost. */
function answer(reply: Reply): void {
  if (replies.length === 0) setImmediate(() => port.postMessage({replies: replies.splice(0)} satisfies FromThread))
  replies.push(reply)
}

/**
 * Calls not yet started. A call runs in microtasks up to its first wait on the network (its cache lookups, its
 * place in the scheduler, its request): hundreds started at once held this thread for most of a second, with
 * answers and the hosts' next starts waiting. A few per turn let the sockets be served in between.
 */
const waiting = new CallQueue<Call>()
const callsPerTurn = 4

function startSome(): void {
  for (let started = 0; started < callsPerTurn; started++) {
    const call = waiting.shift()
    if (!call) return
    const {id, method, args} = call
    const result = verifier![method](...(args as [never, never, never])) as Promise<unknown>
    ;(method === 'verify' && args[1] === 'top' ? (result as Promise<SourceReport>).then(topOnly) : result).then(
      (value) => answer({id, value}),
      (error: unknown) => answer({id, error: error instanceof Error ? error.message : String(error)})
    )
  }
  if (waiting.size > 0) setImmediate(startSome)
}

/**
 * A report as an ask for the top of a page gets it: without the page's text and anchors. Only rules that read the
 * whole page use those, and they ask for it (see `depthFor` in check.ts). The text was most of what crossed to
 * the main thread (10 of 12 MB on the large benchmark), cloned here and kept there until the run's end.
 */
function topOnly(report: SourceReport): SourceReport {
  const page = report.page
  if (!page || (page.passages.length === 0 && page.anchors.length === 0)) return report
  return {...report, page: {...page, passages: [], anchors: [], partial: true}}
}

/** The host a call is about (the cited URL's, or a report's), as the scheduler names it; '' for a flush. */
function hostOf({args}: Call): string {
  const subject = args[0]
  const url = typeof subject === 'string' ? subject : (subject as {url?: unknown} | undefined)?.url
  return typeof url === 'string' ? (parseUrl(url)?.hostname ?? '') : ''
}

port.on('message', (message: ToThread) => {
  if ('options' in message) {
    verifier = made(message.options)
    return
  }
  if ('newRun' in message) return verifier?.newRun()
  if ('close' in message) {
    // The thread's own threads (the cache writer) and sockets end with it.
    void (verifier?.close() ?? Promise.resolve()).finally(() => process.exit(0))
    return
  }
  if (waiting.size === 0) setImmediate(startSome)
  for (const call of message.calls) waiting.push(hostOf(call), call)
})

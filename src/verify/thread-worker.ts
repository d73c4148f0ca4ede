// The verifier thread's own side (see thread.ts): one verifier, made from the options the main thread was given.

import {parentPort, workerData} from 'node:worker_threads'
import {resolveSettings} from '../options.js'
import type {Call, FromThread, Reply, ToThread} from './thread.js'
import {createVerifier} from './verifier.js'

const port = parentPort!
const verifier = createVerifier(resolveSettings((workerData as {options: unknown}).options), (warning) =>
  port.postMessage({warning} satisfies FromThread)
)
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
const waiting: Call[] = []
let next = 0
const callsPerTurn = 4

function startSome(): void {
  for (const end = Math.min(waiting.length, next + callsPerTurn); next < end; next++) {
    const {id, method, args} = waiting[next]!
    ;(verifier[method](...(args as [never, never, never])) as Promise<unknown>).then(
      (value) => answer({id, value}),
      (error: unknown) => answer({id, error: error instanceof Error ? error.message : String(error)})
    )
  }
  if (next < waiting.length) return void setImmediate(startSome)
  waiting.length = 0
  next = 0
}

port.on('message', (message: ToThread) => {
  if ('close' in message) {
    // The thread's own threads (the cache writer) and sockets end with it.
    void verifier.close().finally(() => process.exit(0))
    return
  }
  if (waiting.length === 0) setImmediate(startSome)
  // One by one: a file of 200,000 links sends as many calls, more than a spread passes as arguments.
  for (const call of message.calls) waiting.push(call)
})

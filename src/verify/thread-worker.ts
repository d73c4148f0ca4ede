// The verifier thread's own side (see thread.ts): one verifier, made from the options the main thread was given.

import {parentPort, workerData} from 'node:worker_threads'
import {resolveSettings} from '../options.js'
import type {FromThread, Reply, ToThread} from './thread.js'
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

port.on('message', (message: ToThread) => {
  if ('close' in message) {
    // The thread's own threads (the cache writer) and sockets end with it.
    void verifier.close().finally(() => process.exit(0))
    return
  }
  for (const {id, method, args} of message.calls) {
    ;(verifier[method](...(args as [never, never, never])) as Promise<unknown>).then(
      (value) => answer({id, value}),
      (error: unknown) => answer({id, error: error instanceof Error ? error.message : String(error)})
    )
  }
})

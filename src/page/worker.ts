// The page-reading thread's entry (see reader.ts): reads each response it is sent and sends the facts back.

import os from 'node:os'
import {parentPort} from 'node:worker_threads'
import {readPage, type ResponseView} from './index.js'

// This thread gives way to the main thread, which parses the Markdown and handles every socket. Each batch of
// pages the main thread posts wakes this thread, and on Linux a thread just woken takes the CPU from the one
// that woke it: on the 2-core benchmark machine that cost the main thread 0.5 s of a cold run, while it was
// busiest. Ten steps nicer than the main thread, this thread runs when a core is free and takes a tenth of one
// that is not (19 steps would starve it beside other work). Relative, so `nice remark …` lowers both alike.
// Linux only: there a nice value belongs to a thread, while elsewhere `setpriority` lowers the whole process,
// main thread included.
if (process.platform === 'linux') {
  try {
    os.setPriority(Math.min(19, os.getPriority() + 10))
  } catch {
    // A sandbox may refuse: the thread keeps its share, and nothing else changes.
  }
}

parentPort!.on('message', (batch: Array<{id: number; response: ResponseView}>) => {
  parentPort!.postMessage(
    batch.map(({id, response}) => {
      // A cloned Buffer arrives as a plain Uint8Array.
      const body = Buffer.from(response.body.buffer, response.body.byteOffset, response.body.byteLength)
      return {id, facts: readPage({...response, body})}
    })
  )
})
parentPort!.postMessage('ready')

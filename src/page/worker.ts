// The page-reading thread's entry (see reader.ts): reads each response it is sent and sends the facts back.

import os from 'node:os'
import {parentPort} from 'node:worker_threads'
import {giveWayToMainThread} from '../background-thread.js'
import {readPage, type ResponseView} from './index.js'

giveWayToMainThread(os, process.platform)

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

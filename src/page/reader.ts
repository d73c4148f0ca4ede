// Reads pages off the main thread when it can: parsing HTML is the largest share of a run's CPU after the
// Markdown itself, and the main thread also parses every file and handles every socket. Measured on the large
// benchmark (3,300 pages): ~0.9 s of main-thread time, while a second core sat mostly idle.
//
// One thread runs the built `worker.js` beside this module; pages that come while it starts wait for it. Wherever
// it cannot run (the TypeScript sources under a test runner, a thread that fails), pages are read on the calling
// thread: the facts are the same either way, since both call `readPage`. Not while it starts: the calling thread
// is the verifier's, whose timers pace the hosts, and reading there meant loading the reader a second time (a
// stall of 60-120 ms) and then reading pages between its requests.

import {existsSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {Worker} from 'node:worker_threads'
import type {PageFacts} from '../types.js'
import type {ResponseView} from './index.js'

export interface PageReader {
  read(response: ResponseView): Promise<PageFacts>
  /** Stops the thread; reads still pending finish on the calling thread. */
  close(): Promise<void>
}

/**
 * Reads on the calling thread. The reader is loaded with the first page: it brings in htmlparser2 (about 45 ms to
 * load), which the verifier thread otherwise loaded before sending its first request.
 */
const readNow = async (response: ResponseView): Promise<PageFacts> => (await import('./index.js')).readPage(response)

/** Pages waiting to be read on the calling thread, in order, and whether one is being read. */
const turns: Array<() => Promise<void>> = []
let reading = false

/**
 * Reads on the calling thread, one page per turn of the event loop. Answers come in bursts, and a burst read in
 * one go held the verifier thread for up to 200 ms (on the large benchmark), and with it every timer: the busiest
 * host's next request among them. Between two pages, timers and sockets are served.
 */
const readLater = (response: ResponseView): Promise<PageFacts> =>
  new Promise((resolve, reject) => {
    turns.push(() => readNow(response).then(resolve, reject))
    if (!reading) {
      reading = true
      setImmediate(readOne)
    }
  })

/** The next page, once the one before is read (the first waits for the reader's module). */
function readOne(): void {
  const read = turns.shift()
  if (!read) {
    reading = false
    return
  }
  void read().finally(() => setImmediate(readOne))
}

/** Reads on the calling thread (offline replays, and wherever no thread is wanted). */
export const readHere: PageReader = {
  read: readLater,
  close: async () => {}
}

const workerFile = fileURLToPath(new URL('worker.js', import.meta.url))

export function pageReader(): PageReader {
  if (!existsSync(workerFile)) return readHere
  return new ThreadReader()
}

interface Pending {
  response: ResponseView
  resolve: (facts: PageFacts | Promise<PageFacts>) => void
}

class ThreadReader implements PageReader {
  #worker: Worker | undefined
  #started = false
  #ready = false
  readonly #pending = new Map<number, Pending>()
  #batch: Array<{id: number; response: ResponseView}> = []
  /** Pages that came before the thread was ready: they wait for it. */
  #early: Array<{id: number; response: ResponseView}> = []
  #next = 0

  /** Started by the first page, so that a run that reads none (answers from the cache) starts no thread. */
  #start(): void {
    this.#started = true
    try {
      const worker = new Worker(workerFile)
      worker.on('message', (message: 'ready' | Array<{id: number; facts: PageFacts}>) => {
        if (message === 'ready') {
          this.#ready = true
          for (const item of this.#early.splice(0)) this.#send(item)
        } else for (const {id, facts} of message) this.#settle(id, facts)
      })
      // A thread that dies (out of memory, a bug) leaves its pages to this thread: slower, never lost.
      worker.on('error', () => this.#abandon(worker))
      worker.on('exit', () => this.#abandon(worker))
      // After the listeners: a 'message' listener refs the thread's port again.
      worker.unref()
      this.#worker = worker
    } catch {
      this.#worker = undefined
    }
  }

  read(response: ResponseView): Promise<PageFacts> {
    if (!this.#started) this.#start()
    const worker = this.#worker
    if (!worker) return readLater(response)
    const id = this.#next++
    // Only pages being read keep the process alive: an idle thread must not hold `remark` open.
    if (this.#pending.size === 0) worker.ref()
    if (this.#ready) this.#send({id, response})
    else this.#early.push({id, response})
    return new Promise((resolve) => this.#pending.set(id, {response, resolve}))
  }

  #send(item: {id: number; response: ResponseView}): void {
    // One message per turn, not per page: answers arrive in bursts, and each message has a fixed cost.
    if (this.#batch.length === 0) setImmediate(() => this.#flush())
    this.#batch.push(item)
  }

  async close(): Promise<void> {
    const worker = this.#worker
    if (!worker) return
    this.#abandon(worker)
    await worker.terminate()
  }

  #flush(): void {
    const batch = this.#batch.splice(0)
    if (!this.#worker) {
      for (const {id, response} of batch) this.#settle(id, readLater(response))
      return
    }
    // Each body is copied once and handed over: cloning the Buffer would copy the whole pool slab behind it.
    const bodies = batch.map(({response}) => new Uint8Array(response.body))
    const message = batch.map(({id, response}, index) => ({id, response: {...response, body: bodies[index]}}))
    this.#worker.postMessage(message, bodies.map((body) => body.buffer))
  }

  #settle(id: number, facts: PageFacts | Promise<PageFacts>): void {
    const pending = this.#pending.get(id)
    if (!pending) return
    this.#pending.delete(id)
    pending.resolve(facts)
    if (this.#pending.size === 0) this.#worker?.unref()
  }

  /** No more thread: what it was reading, or waiting to read, is read here. */
  #abandon(worker: Worker): void {
    if (this.#worker !== worker) return
    this.#worker = undefined
    this.#early = []
    for (const [id, {response}] of [...this.#pending]) {
      if (!this.#batch.some((item) => item.id === id)) this.#settle(id, readLater(response))
    }
  }
}
